import { useEffect, useId, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { LoaderCircle, Save, Undo2 } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'
import { Card, CardContent } from '@hearth/ui/components/card'
import { Label } from '@hearth/ui/components/label'
import { Textarea } from '@hearth/ui/components/textarea'

import { updatePrompt, type NamedPrompt } from '@/features/system-prompts/api'
import { droppedPlaceholders, placeholders, promptNote } from '@/features/system-prompts/prompt-notes'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type PromptEditorProps = {
  prompt: NamedPrompt
  /** Told whenever the text starts or stops differing from the saved one (and `false` when the editor goes). */
  onUnsavedChange: (name: string, unsaved: boolean) => void
}

/** One named prompt: its text area and its own Save, enabled only while the text differs from the saved one. */
export function PromptEditor({ prompt, onUnsavedChange }: PromptEditorProps) {
  const router = useRouter()
  const fieldId = useId()
  const [saved, setSaved] = useState(prompt.prompt)
  const [draft, setDraft] = useState(prompt.prompt)
  const [saving, setSaving] = useState(false)
  const dirty = draft !== saved
  const blank = draft.trim() === ''
  const note = promptNote(prompt.name)
  const dropped = droppedPlaceholders(saved, draft)
  const marks = placeholders(saved)
  useEffect(() => {
    onUnsavedChange(prompt.name, dirty)
    return () => onUnsavedChange(prompt.name, false)
  }, [prompt.name, dirty, onUnsavedChange])

  async function save() {
    if (!dirty || blank || saving) return
    setSaving(true)
    try {
      const stored = await updatePrompt(prompt.name, draft)
      setSaved(stored.prompt)
      setDraft(stored.prompt)
      notify.success(`Prompt ${prompt.name} updated successfully`)
      void router.invalidate()
    } catch (error) {
      notify.error('Failed to update prompt', { description: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card role="region" aria-labelledby={`${fieldId}-label`} className="gap-3 py-5">
      <CardContent className="grid gap-3 px-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Label id={`${fieldId}-label`} htmlFor={fieldId} className="font-mono text-sm font-semibold">
            {prompt.name}
          </Label>
          {dirty && <Badge variant="secondary">Unsaved changes</Badge>}
        </div>
        {note && (
          <p id={`${fieldId}-note`} className="-mt-1 text-sm text-muted-foreground">
            {note}
          </p>
        )}
        <Textarea
          id={fieldId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={note ? `${fieldId}-note` : undefined}
          aria-invalid={blank || undefined}
          spellCheck
          className="max-h-[60vh] min-h-24 leading-relaxed"
          disabled={saving}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={save} disabled={!dirty || blank || saving}>
            {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            Save
          </Button>
          {dirty && (
            <Button variant="ghost" onClick={() => setDraft(saved)} disabled={saving}>
              <Undo2 aria-hidden />
              Undo changes
            </Button>
          )}
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {blank
              ? 'A prompt cannot be empty.'
              : dropped.length > 0
                ? `This edit removes ${dropped.join(', ')}, which the message fills in.`
                : marks.length > 0
                  ? `Filled in when sent: ${marks.join(', ')}`
                  : null}
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
