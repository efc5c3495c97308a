// The summary of a finished automatic run (issue 7 §3), readable at a glance and copyable as JSON.
import type { ReactNode } from 'react'

import { Badge } from '@hearth/ui/components/badge'

import { CopyButton } from '@/components/copy-button'
import { Panel } from '@/voice/components/panel'
import { formatRate } from '@/voice/components/turn-taking'
import type { RunSummary } from '@/voice/run-summary'

const ENDED_BY: Record<RunSummary['endedBy'], string> = {
  limit: 'the message limit',
  operator: 'Disconnect',
  connection: 'the connection closing',
}

/** "Turn-taking over 4 turns: cut-offs 0%, premature 25%, dead air 50%, self-interruptions 0%." */
export function turnTakingSentence(t: RunSummary['turnTaking']): string {
  if (t.turns === 0) return 'Turn-taking: no turn measured.'
  const { rates } = t
  return `Turn-taking over ${t.turns} ${t.turns === 1 ? 'turn' : 'turns'}: cut-offs ${formatRate(rates.cutOff)}, premature ${formatRate(rates.prematureCommit)}, dead air ${formatRate(rates.deadAir)}, self-interruptions ${formatRate(rates.selfInterruption)}.`
}

export function RunSummaryPanel({ summary }: { summary: RunSummary }) {
  const memory = Object.entries(summary.memory)
  const mood = Object.entries(summary.mood)
  return (
    <Panel
      title="Run summary"
      action={
        <CopyButton
          text={() => JSON.stringify(summary, null, 2)}
          successMessage="Run summary copied to clipboard"
          label="Copy summary as JSON"
          size="sm"
        />
      }
    >
      <p className="text-sm text-muted-foreground">
        {summary.durationS} s, ended by {ENDED_BY[summary.endedBy]}. Turn latency p50{' '}
        {summary.turnLatencyMs.p50 === null ? '—' : `${summary.turnLatencyMs.p50} ms`}, p95{' '}
        {summary.turnLatencyMs.p95 === null ? '—' : `${summary.turnLatencyMs.p95} ms`}.
      </p>
      <p data-testid="run-turn-taking" className="text-sm text-muted-foreground">
        {turnTakingSentence(summary.turnTaking)}
      </p>
      <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Messages">
          {summary.messages.total} ({summary.messages.assistant} assistant, {summary.messages.user} user)
        </Fact>
        <Fact term="Tools called">
          {summary.tools.length === 0
            ? 'None'
            : summary.tools.map((tool) => `${tool.name} ×${tool.calls}${tool.failed ? ` (${tool.failed} failed)` : ''}`).join(', ')}
        </Fact>
        <Fact term="Memory keys set">{memory.length === 0 ? 'None' : memory.map(([key]) => key).join(', ')}</Fact>
        <Fact term="Mood scores set">
          {mood.length === 0 ? 'None' : mood.map(([key, value]) => `${key} ${value > 0 ? `+${value}` : value}`).join(', ')}
        </Fact>
      </dl>
      <div className="grid gap-3">
        {summary.sequences.map((sequence) => (
          <section
            key={`${sequence.module}@${sequence.version}`}
            aria-label={`Prompts of ${sequence.module} v${sequence.version}`}
            className="grid gap-2 rounded-lg border bg-background/60 p-3"
          >
            <h3 className="text-sm font-semibold">
              {sequence.module} v{sequence.version}
            </h3>
            <div className="flex flex-wrap items-center gap-1.5 text-sm">
              <span className="mr-1 text-muted-foreground">Prompts reached</span>
              {sequence.reached.length === 0 ? '—' : sequence.reached.map((name) => <Badge key={name}>{name}</Badge>)}
            </div>
            <div className="flex flex-wrap items-center gap-1.5 text-sm">
              <span className="mr-1 text-muted-foreground">Never reached</span>
              {sequence.neverReached === null
                ? 'unknown (the version could not be read)'
                : sequence.neverReached.length === 0
                  ? 'none'
                  : sequence.neverReached.map((name) => (
                      <Badge key={name} variant="outline">
                        {name}
                      </Badge>
                    ))}
            </div>
          </section>
        ))}
      </div>
    </Panel>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
