// A transcript of one case and repeat in run A beside the same in run B, changed lines marked (PRODUCT §10).
import { useId, useState } from 'react'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'
import { cn } from '@hearth/ui/lib/utils'

import { diffLines, type DiffLine, transcriptLine } from '@/features/testing/runs/compare'
import type { RunDetail } from '@/features/testing/runs-api'

export function TranscriptDiff({ runA, runB }: { runA: RunDetail; runB: RunDetail }) {
  const caseId = useId()
  const repeatId = useId()
  const shared = runA.cases.filter((c) => runB.cases.some((other) => other.caseId === c.caseId))
  // Open on the first repeat whose outcome differs between the runs: the difference worth reading.
  const [first] = useState(() => firstDifference(runA, runB))
  const [chosenCase, setChosenCase] = useState(first?.caseId ?? shared[0]?.caseId)
  const caseA = shared.find((c) => c.caseId === chosenCase)
  const caseB = runB.cases.find((c) => c.caseId === chosenCase)
  const repeats = caseA && caseB ? caseA.attempts.map((a) => a.repeat).filter((r) => caseB.attempts.some((b) => b.repeat === r)) : []
  const [chosenRepeat, setChosenRepeat] = useState<number | undefined>(first?.repeat ?? repeats[0])
  const repeat = chosenRepeat !== undefined && repeats.includes(chosenRepeat) ? chosenRepeat : repeats[0]

  if (shared.length === 0) return <p className="text-sm text-muted-foreground">The two runs have no case in common.</p>
  const left = caseA?.attempts.find((a) => a.repeat === repeat)?.transcript.map(transcriptLine) ?? []
  const right = caseB?.attempts.find((a) => a.repeat === repeat)?.transcript.map(transcriptLine) ?? []
  const lines = diffLines(left, right)
  const changed = lines.filter((line) => line.kind !== 'same').length

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={caseId}>Case</Label>
          <Select value={chosenCase ?? ''} onValueChange={setChosenCase}>
            <SelectTrigger id={caseId} className="min-w-48">
              <SelectValue placeholder="Choose a case" />
            </SelectTrigger>
            <SelectContent>
              {shared.map((c) => (
                <SelectItem key={c.caseId} value={c.caseId}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={repeatId}>Repeat</Label>
          <Select
            value={repeat === undefined ? '' : String(repeat)}
            onValueChange={(v) => setChosenRepeat(Number(v))}
            disabled={repeats.length === 0}
          >
            <SelectTrigger id={repeatId} className="min-w-24">
              <SelectValue placeholder="None yet" />
            </SelectTrigger>
            <SelectContent>
              {repeats.map((r) => (
                <SelectItem key={r} value={String(r)}>
                  Repeat {r}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="pb-2 text-sm text-muted-foreground" role="status">
          {lines.length === 0
            ? 'No transcript yet.'
            : changed === 0
              ? 'The transcripts are the same.'
              : `${changed} of ${lines.length} lines differ.`}
        </p>
      </div>
      {lines.length > 0 && <DiffRows lines={lines} />}
    </div>
  )
}

function firstDifference(runA: RunDetail, runB: RunDetail) {
  for (const caseA of runA.cases) {
    const caseB = runB.cases.find((c) => c.caseId === caseA.caseId)
    const differing = caseA.attempts.find((a) => caseB?.attempts.some((b) => b.repeat === a.repeat && b.status !== a.status))
    if (differing) return { caseId: caseA.caseId, repeat: differing.repeat }
  }
  return null
}

const MARKS: Record<DiffLine['kind'], string> = { same: ' ', changed: '~', removed: '−', added: '+' }

const KIND_TEXT: Record<DiffLine['kind'], string> = { same: '', changed: 'changed', removed: 'only in A', added: 'only in B' }

function DiffRows({ lines }: { lines: DiffLine[] }) {
  return (
    <div className="grid overflow-x-auto rounded-lg border text-sm" role="table" aria-label="Transcript difference">
      <div role="row" className="grid grid-cols-2 border-b bg-muted/50 font-medium">
        <span role="columnheader" className="px-3 py-1.5">
          Run A
        </span>
        <span role="columnheader" className="border-l px-3 py-1.5">
          Run B
        </span>
      </div>
      {lines.map((line, i) => (
        <div
          role="row"
          key={i}
          data-kind={line.kind}
          className={cn('grid grid-cols-2 border-b last:border-b-0', line.kind !== 'same' && 'bg-amber-50 dark:bg-amber-950/30')}
        >
          <span
            role="cell"
            className={cn(
              'px-3 py-1.5 break-words whitespace-pre-wrap',
              (line.kind === 'removed' || line.kind === 'changed') && 'text-red-800 dark:text-red-200',
            )}
          >
            <span aria-hidden className="mr-1.5 inline-block w-3 font-mono text-muted-foreground">
              {MARKS[line.kind]}
            </span>
            {line.kind !== 'same' && line.kind !== 'added' && <span className="sr-only">{KIND_TEXT[line.kind]}: </span>}
            {line.left ?? ''}
          </span>
          <span
            role="cell"
            className={cn(
              'border-l px-3 py-1.5 break-words whitespace-pre-wrap',
              (line.kind === 'added' || line.kind === 'changed') && 'text-emerald-800 dark:text-emerald-200',
            )}
          >
            {line.kind === 'added' && <span className="sr-only">{KIND_TEXT[line.kind]}: </span>}
            {line.right ?? ''}
          </span>
        </div>
      ))}
    </div>
  )
}
