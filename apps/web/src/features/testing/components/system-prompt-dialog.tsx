// 'Edit gpt4o prompt' (SPEC §2, §5, §8): the system prompt of the second model that answers the assistant in
// automatic conversations. Empty input is 'Prompt not updated'; an answer without the new prompt is 'Error
// updating prompt'; success is 'Prompt updated'.
import { useEffect, useId, useState } from 'react'
import { Bot } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Label } from '@hearth/ui/components/label'
import { Textarea } from '@hearth/ui/components/textarea'

import { fetchSystemPrompt, updateSystemPrompt } from '@/features/testing/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type SystemPromptDialogProps = {
  /** The prompt as last loaded or saved, or null when it could not be loaded. */
  prompt: string | null
  onSaved: (prompt: string) => void
}

export function SystemPromptButton({ prompt, onSaved }: SystemPromptDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Bot aria-hidden />
        Edit gpt4o prompt
      </Button>
      <SystemPromptDialog open={open} onOpenChange={setOpen} prompt={prompt} onSaved={onSaved} />
    </>
  )
}

function SystemPromptDialog({
  open,
  onOpenChange,
  prompt,
  onSaved,
}: SystemPromptDialogProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  const [text, setText] = useState(prompt ?? '')
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)

  // Opened afresh each time; a prompt that failed to load is asked for again.
  useEffect(() => {
    if (!open) return
    if (prompt !== null) return setText(prompt)
    const controller = new AbortController()
    setLoading(true)
    fetchSystemPrompt({ signal: controller.signal })
      .then((loaded) => {
        setText(loaded)
        onSaved(loaded)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notify.error('API Request Error', { description: errorMessage(error) })
      })
      .finally(() => setLoading(false))
    return () => controller.abort()
  }, [open])

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      notify.error('Prompt not updated')
      return
    }
    setSaving(true)
    try {
      const answer = await updateSystemPrompt(text)
      if (!answer?.newSystemPrompt) {
        notify.error('Error updating prompt')
        return
      }
      onSaved(answer.newSystemPrompt)
      notify.success('Prompt updated')
      onOpenChange(false)
    } catch (error) {
      notify.error('Error updating prompt', { description: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={save} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit gpt4o prompt</DialogTitle>
            <DialogDescription>
              The system prompt of the second model, which answers the assistant in automatic conversations.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>System prompt</Label>
            <Textarea
              id={id}
              value={text}
              disabled={loading}
              onChange={(event) => setText(event.target.value)}
              className="min-h-48 font-mono text-sm"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || loading}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
