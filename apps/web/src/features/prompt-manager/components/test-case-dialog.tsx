// The form that adds or edits one test case of a sequence (PRODUCT §10): who the simulated member is, what they
// start with, how long the conversation may run, and what it must show. Server refusals show in the form.
import { useEffect, useState } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Textarea } from '@hearth/ui/components/textarea'

import { createTestCase, updateTestCase, type TestCase } from '@/features/prompt-manager/api'
import { ExpectationRow, Field, PromptSelect } from '@/features/prompt-manager/components/expectation-row'
import { caseToDraft, draftToCase, emptyExpectation, type CaseDraft } from '@/features/prompt-manager/test-case-form'
import { errorMessage } from '@/lib/api'

type TestCaseDialogProps = {
  sequence: string
  /** The case to edit; none: a new one. */
  testCase?: TestCase
  open: boolean
  promptNames: string[]
  onOpenChange: (open: boolean) => void
  onSaved: () => unknown | Promise<unknown>
}

export function TestCaseDialog({ sequence, testCase, open, promptNames, onOpenChange, onSaved }: TestCaseDialogProps) {
  const [draft, setDraft] = useState<CaseDraft>(() => caseToDraft(testCase))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!open) return
    setDraft(caseToDraft(testCase))
    setError(null)
  }, [open, testCase])

  const set = (patch: Partial<CaseDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    // What was refused is being changed: the old message no longer applies.
    setError(null)
  }
  const text = (key: 'name' | 'persona' | 'opening' | 'memory' | 'profile' | 'turnLimit' | 'repeats' | 'threshold') => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [key]: e.target.value }),
  })

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (busy) return
    const read = draftToCase(draft)
    if (!read.ok) return setError(read.error)
    setBusy(true)
    setError(null)
    try {
      if (testCase) await updateTestCase(sequence, testCase.caseId, read.value)
      else await createTestCase(sequence, read.value)
      await onSaved()
      onOpenChange(false)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{testCase ? 'Edit test case' : 'Add test case'}</DialogTitle>
            <DialogDescription>A conversation this sequence must handle, played by a simulated member.</DialogDescription>
          </DialogHeader>
          <Field label="Name">{(id) => <Input id={id} maxLength={100} autoFocus {...text('name')} />}</Field>
          <Field label="Persona">
            {(id) => (
              <Textarea
                id={id}
                rows={3}
                maxLength={2000}
                placeholder="Who the simulated member is and how they talk"
                {...text('persona')}
              />
            )}
          </Field>
          <Field label="Opening line (optional)">
            {(id) => <Input id={id} placeholder="What the member says first" {...text('opening')} />}
          </Field>
          <div className="grid grid-cols-3 gap-3">
            <Field label="Turn limit">{(id) => <Input id={id} type="number" min={1} max={50} {...text('turnLimit')} />}</Field>
            <Field label="Repeats">{(id) => <Input id={id} type="number" min={1} max={10} {...text('repeats')} />}</Field>
            <Field label="Threshold">{(id) => <Input id={id} type="number" min={0} max={1} step={0.1} {...text('threshold')} />}</Field>
          </div>
          <Field label="Start prompt">
            {(id) => (
              <PromptSelect
                id={id}
                names={promptNames}
                value={draft.startPrompt}
                onChange={(startPrompt) => set({ startPrompt })}
                noneLabel="The sequence's first prompt"
              />
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Memory document (optional)">{(id) => <Textarea id={id} rows={3} {...text('memory')} />}</Field>
            <Field label="Profile (optional)">{(id) => <Textarea id={id} rows={3} {...text('profile')} />}</Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Expectations</legend>
            {draft.expect.length === 0 && <p className="text-sm text-muted-foreground">No expectations yet.</p>}
            <ul className="grid gap-2">
              {draft.expect.map((row, index) => (
                <ExpectationRow
                  key={row.key}
                  index={index}
                  draft={row}
                  promptNames={promptNames}
                  onChange={(next) => set({ expect: draft.expect.map((r) => (r.key === row.key ? next : r)) })}
                  onRemove={() => set({ expect: draft.expect.filter((r) => r.key !== row.key) })}
                />
              ))}
            </ul>
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => set({ expect: [...draft.expect, emptyExpectation()] })}
            >
              Add expectation
            </Button>
          </fieldset>
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              Save test case
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
