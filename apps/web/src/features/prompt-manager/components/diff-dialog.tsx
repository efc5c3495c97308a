import { useMemo, useState } from 'react'

import { Badge } from '@hearth/ui/components/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'

import type { SequenceVersion } from '@/features/prompt-manager/api'
import { VersionSelect } from '@/features/prompt-manager/components/version-select'
import { diffVersions, type FieldChange, type PromptDiff } from '@/features/prompt-manager/version-diff'

type DiffDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  sequenceName: string
  versions: SequenceVersion[]
  initialLeft: number | undefined
  initialRight: number | undefined
}

/** Two versions side by side; every prompt field that differs is highlighted. */
export function DiffDialog({ open, onOpenChange, sequenceName, versions, initialLeft, initialRight }: DiffDialogProps) {
  const numbers = versions.map((v) => v.version)
  const [left, setLeft] = useState(initialLeft)
  const [right, setRight] = useState(initialRight)
  const byNumber = useMemo(() => new Map(versions.map((v) => [v.version, v])), [versions])
  const diff = useMemo(() => {
    const a = left === undefined ? undefined : byNumber.get(left)
    const b = right === undefined ? undefined : byNumber.get(right)
    return a && b ? diffVersions(a, b) : undefined
  }, [byNumber, left, right])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] grid-rows-[auto_auto_1fr] sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Compare versions</DialogTitle>
          <DialogDescription>{sequenceName}: changes are highlighted per prompt field.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <VersionSelect label="From version" versions={numbers} value={left} onChange={setLeft} />
          <VersionSelect label="To version" versions={numbers} value={right} onChange={setRight} />
        </div>
        <div className="min-h-0 overflow-y-auto pr-1" aria-live="polite">
          {!diff ? (
            <p className="text-sm text-muted-foreground">Choose two versions.</p>
          ) : (
            <div className="grid gap-3">
              <p className="text-sm font-medium">
                {diff.changedCount === 0
                  ? 'The two versions are the same.'
                  : `${diff.changedCount} change${diff.changedCount === 1 ? '' : 's'}`}
              </p>
              <FieldRows fields={diff.top} />
              {diff.prompts.map((prompt) => (
                <PromptBlock key={`${prompt.kind}-${prompt.name}`} prompt={prompt} />
              ))}
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}

const kindLabel = { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Unchanged' } as const

function PromptBlock({ prompt }: { prompt: PromptDiff }) {
  return (
    <section aria-label={`Prompt ${prompt.name}`} className="grid gap-2 rounded-lg border p-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {prompt.name}
        <Badge variant={prompt.kind === 'same' ? 'outline' : 'secondary'}>{kindLabel[prompt.kind]}</Badge>
      </h3>
      {prompt.kind !== 'same' && <FieldRows fields={prompt.fields} onlyChanged={prompt.kind === 'changed'} />}
    </section>
  )
}

function FieldRows({ fields, onlyChanged = false }: { fields: FieldChange[]; onlyChanged?: boolean }) {
  const shown = onlyChanged ? fields.filter((f) => f.changed) : fields
  return (
    <dl className="grid gap-2">
      {shown.map((field) => (
        <div key={field.field} className="grid gap-1 sm:grid-cols-[10rem_1fr_1fr] sm:gap-2" data-changed={field.changed}>
          <dt className="text-xs font-medium text-muted-foreground">{field.field}</dt>
          <dd className={cellClass(field.changed, 'left')}>
            <span className="sr-only">Before: </span>
            {field.left || <em className="text-muted-foreground">empty</em>}
          </dd>
          <dd className={cellClass(field.changed, 'right')}>
            <span className="sr-only">After: </span>
            {field.right || <em className="text-muted-foreground">empty</em>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

const cellClass = (changed: boolean, side: 'left' | 'right') =>
  `rounded-md px-2 py-1 text-sm whitespace-pre-wrap break-words ${
    !changed ? 'bg-muted/50' : side === 'left' ? 'bg-red-100 text-red-950' : 'bg-emerald-100 text-emerald-950'
  }`
