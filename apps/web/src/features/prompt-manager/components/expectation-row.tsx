// One row of a test case's expectations (PRODUCT §10): its type, then the fields that type needs. The row keeps
// text as typed (numbers and the tool's JSON arguments are read when the case is saved).
import { useId, type ReactNode } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'
import { Textarea } from '@hearth/ui/components/textarea'
import { TOOL_NAMES } from '@hearth/protocol/session'

import type { Expectation } from '@/features/prompt-manager/api'

export type ExpectationType = Expectation['type']

/** A row as the form holds it: every field as text, whatever the type. */
export type ExpectationDraft = {
  key: number
  type: ExpectationType
  prompt: string
  within: string
  tool: string
  args: string
  memoryKey: string
  criterion: string
  pass: string
  fail: string
}

export const EXPECTATION_LABELS: Record<ExpectationType, string> = {
  reaches: 'Reaches a prompt',
  never_reaches: 'Never reaches a prompt',
  tool: 'Calls a tool',
  memory_key: 'Sets a memory key',
  mood: 'Sets a mood score',
  judged: 'Judged criterion',
}

type RowProps = {
  index: number
  draft: ExpectationDraft
  promptNames: string[]
  onChange: (draft: ExpectationDraft) => void
  onRemove: () => void
}

export function ExpectationRow({ index, draft, promptNames, onChange, onRemove }: RowProps) {
  const n = index + 1
  const set = (patch: Partial<ExpectationDraft>) => onChange({ ...draft, ...patch })
  return (
    <li className="grid gap-3 rounded-lg border bg-muted/30 p-3" aria-label={`Expectation ${n}`}>
      <div className="flex items-end gap-2">
        <Field label={`Expectation ${n} type`} className="min-w-0 flex-1">
          {(id) => (
            <Select value={draft.type} onValueChange={(type) => set({ type: type as ExpectationType })}>
              <SelectTrigger id={id} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(EXPECTATION_LABELS) as ExpectationType[]).map((type) => (
                  <SelectItem key={type} value={type}>
                    {EXPECTATION_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <Button type="button" variant="outline" onClick={onRemove} aria-label={`Remove expectation ${n}`}>
          Remove
        </Button>
      </div>
      {(draft.type === 'reaches' || draft.type === 'never_reaches') && (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <Field label={`Expectation ${n} prompt`}>
            {(id) => <PromptSelect id={id} names={promptNames} value={draft.prompt} onChange={(prompt) => set({ prompt })} />}
          </Field>
          {draft.type === 'reaches' && (
            <Field label={`Within (assistant turns)`}>
              {(id) => (
                <Input id={id} type="number" min={1} max={50} value={draft.within} onChange={(e) => set({ within: e.target.value })} />
              )}
            </Field>
          )}
        </div>
      )}
      {draft.type === 'tool' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={`Expectation ${n} tool`}>
            {(id) => (
              <Select value={draft.tool} onValueChange={(tool) => set({ tool })}>
                <SelectTrigger id={id} className="w-full">
                  <SelectValue placeholder="Choose a tool" />
                </SelectTrigger>
                <SelectContent>
                  {TOOL_NAMES.map((tool) => (
                    <SelectItem key={tool} value={tool}>
                      {tool}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label="Arguments (JSON, optional)">
            {(id) => (
              <Input
                id={id}
                className="font-mono"
                placeholder='{"key": "hobby"}'
                value={draft.args}
                onChange={(e) => set({ args: e.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      {draft.type === 'memory_key' && (
        <Field label={`Expectation ${n} memory key`}>
          {(id) => (
            <Input id={id} placeholder="favourite_hobby" value={draft.memoryKey} onChange={(e) => set({ memoryKey: e.target.value })} />
          )}
        </Field>
      )}
      {draft.type === 'judged' && (
        <div className="grid gap-3">
          <Field label="Criterion">
            {(id) => <Textarea id={id} rows={2} value={draft.criterion} onChange={(e) => set({ criterion: e.target.value })} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="A reply that passes">
              {(id) => <Textarea id={id} rows={2} value={draft.pass} onChange={(e) => set({ pass: e.target.value })} />}
            </Field>
            <Field label="A reply that fails">
              {(id) => <Textarea id={id} rows={2} value={draft.fail} onChange={(e) => set({ fail: e.target.value })} />}
            </Field>
          </div>
        </div>
      )}
    </li>
  )
}

/** A prompt name of the sequence; a name no version has any more (a stored case's) stays choosable so it shows. */
export function PromptSelect({
  id,
  names,
  value,
  onChange,
  placeholder = 'Choose a prompt',
  noneLabel,
}: {
  id: string
  names: string[]
  value: string
  onChange: (name: string) => void
  placeholder?: string
  /** Offers "none" (value ''), for optional choices. */
  noneLabel?: string
}) {
  const NONE = '\u0000none'
  const options = value && !names.includes(value) ? [...names, value] : names
  return (
    <Select value={value || (noneLabel ? NONE : '')} onValueChange={(next) => onChange(next === NONE ? '' : next)}>
      <SelectTrigger id={id} className="w-full">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {options.map((name) => (
          <SelectItem key={name} value={name}>
            {name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

/** A labelled control: the label names the control through its id. */
export function Field({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className={`grid min-w-0 gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  )
}
