// "Meeting up" on the group detail (PRODUCT §11): how many told members met their subgroup and met it again (the
// group's funnel from the insights, counts under five hidden), the asking delays, and asking now — after a confirm,
// optionally again of those already asked.
import { useId, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Handshake, Send } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Checkbox } from '@hearth/ui/components/checkbox'
import { Label } from '@hearth/ui/components/label'

import type { Settled } from '@/features/groups/api'
import { CardSection } from '@/components/card-section'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { MetDelaysForm } from '@/features/groups/components/met-delays-form'
import { askMet, type AskRound, type GroupInsights, type MetSettings } from '@/features/groups/loop-api'
import { askedText, countText, rateText } from '@/features/groups/loop-texts'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type Props = { groupId: string; settings: Settled<MetSettings>; insights: Settled<GroupInsights>; className?: string }

const QUESTION: Record<AskRound, { title: string; description: string }> = {
  met: {
    title: 'Ask told members whether they met?',
    description: 'Members told their subgroup and not asked yet get the question by SMS or e-mail, and on their page.',
  },
  met_again: {
    title: 'Ask whether they met again?',
    description: 'Members who said they met and were not asked again yet get the question by SMS or e-mail, and on their page.',
  },
}

export function MeetingUpCard({ groupId, settings, insights, className }: Props) {
  const router = useRouter()
  const forceId = useId()
  const [round, setRound] = useState<AskRound | null>(null)
  const [force, setForce] = useState(false)

  const open = (next: AskRound) => {
    setForce(false)
    setRound(next)
  }

  const ask = async () => {
    if (!round) return
    try {
      const { asked } = await askMet(groupId, round, force)
      notify.success(askedText(asked, round))
      await router.invalidate()
    } catch (error) {
      notify.error(`Failed to ask: ${errorMessage(error)}`)
    }
  }

  return (
    <CardSection
      title="Meeting up"
      icon={Handshake}
      className={className}
      description="Whether members told their subgroup have met it, and met it again. Nobody opted out is asked."
    >
      <div className="grid items-start gap-5 lg:grid-cols-2 lg:gap-8">
        <div className="grid gap-4">
          <LoopNumbers insights={insights} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => open('met')}>
              <Send aria-hidden />
              Ask now
            </Button>
            <Button variant="outline" onClick={() => open('met_again')}>
              Ask whether they met again
            </Button>
          </div>
        </div>
        {settings.ok ? (
          <MetDelaysForm groupId={groupId} settings={settings.data} />
        ) : (
          <p role="alert" className="text-sm text-destructive">{`The asking delays could not be loaded: ${settings.error}`}</p>
        )}
      </div>
      <ConfirmDialog
        open={round !== null}
        onOpenChange={(next) => !next && setRound(null)}
        title={round ? QUESTION[round].title : ''}
        description={round ? QUESTION[round].description : undefined}
        confirmLabel={force ? 'Ask again' : 'Ask now'}
        onConfirm={ask}
      >
        <div className="flex items-start gap-2">
          <Checkbox
            id={forceId}
            checked={force}
            onCheckedChange={(checked) => setForce(checked === true)}
            aria-describedby={`${forceId}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={forceId}>Ask again (force)</Label>
            <p id={`${forceId}-hint`} className="text-sm leading-snug text-muted-foreground">
              Also those already asked: the question is sent again and their answer cleared.
            </p>
          </div>
        </div>
      </ConfirmDialog>
    </CardSection>
  )
}

function LoopNumbers({ insights }: { insights: Settled<GroupInsights> }) {
  if (!insights.ok) return <p className="text-sm text-muted-foreground">{`The numbers could not be loaded: ${insights.error}`}</p>
  const { funnel, hidden } = insights.data
  if (hidden) return <p className="text-sm text-muted-foreground">Fewer than 5 members: the numbers are hidden to keep them private.</p>
  const step = (name: string) => funnel.find((s) => s.step === name)
  const rows: Array<[string, ReturnType<typeof step>, string]> = [
    ['Told', step('told'), ''],
    ['Met', step('met'), 'of told'],
    ['Met again', step('met_again'), 'of those who met'],
  ]
  return (
    <dl aria-label="Meeting up numbers" className="grid grid-cols-3 gap-2">
      {rows.map(([label, s, of]) => {
        const rate = of && s ? rateText(s.stepRate) : ''
        return (
          <div key={label} className="grid content-start gap-0.5 rounded-lg border bg-background/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={s?.count === null ? 'text-sm leading-snug' : 'font-display text-lg leading-tight font-semibold tabular-nums'}>
              {s ? countText(s.count) : '—'}
            </dd>
            {rate && <dd className="text-xs text-muted-foreground">{`${rate} ${of}`}</dd>}
          </div>
        )
      })}
    </dl>
  )
}
