// Mass Add Users (SPEC §2, §5): one "name,phone,email" per line. The server reads the lines (a dry run) and the
// preview shows each line's fields and what is wrong with it; adding takes the good lines, and the rejected ones
// stay in the box to be fixed.
import { useId, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Eye, LoaderCircle, UserPlus } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Label } from '@hearth/ui/components/label'
import { Textarea } from '@hearth/ui/components/textarea'

import { massAddUsers, type MassAddResult } from '@/features/groups/api'
import { CardSection } from '@/components/card-section'
import { MassAddPreview } from '@/features/groups/components/mass-add-preview'
import { plural } from '@/features/groups/texts'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

export function MassAddCard({ groupId, className }: { groupId: string; className?: string }) {
  const router = useRouter()
  const fieldId = useId()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState<'preview' | 'add' | null>(null)
  const [preview, setPreview] = useState<{ text: string; result: MassAddResult } | null>(null)

  const showPreview = async () => {
    setBusy('preview')
    try {
      setPreview({ text, result: await massAddUsers(groupId, text, true) })
    } catch (error) {
      notify.error('Failed to add users', { description: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  const add = async () => {
    if (!preview) return
    setBusy('add')
    try {
      const result = await massAddUsers(groupId, preview.text, false)
      const rejected = result.lines.filter((l) => l.status === 'rejected')
      if (result.added) notify.success(`Added ${plural(result.added, 'user')} to the group`)
      if (rejected.length) {
        notify.bulkFailures(
          `${plural(rejected.length, 'line')} not added`,
          rejected.map((l) => `Line ${l.line}${l.name ? ` (${l.name})` : ''}: ${l.error}`),
        )
      }
      // What was not added stays, to be fixed and added again.
      const typed = preview.text.split(/\r\n|\r|\n/)
      setText(rejected.map((l) => typed[l.line - 1]).join('\n'))
      setPreview(null)
      await router.invalidate()
    } catch (error) {
      notify.error('Failed to add users', { description: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <CardSection
      title="Add members"
      icon={UserPlus}
      className={className}
      description="Paste one user per line; every line is checked and shown before anyone is added."
    >
      <div className="grid gap-3">
        <Label htmlFor={fieldId}>Mass Add Users</Label>
        <Textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          spellCheck={false}
          placeholder={'Ada Lovelace,+14155552671,ada@example.org\nAlan Turing,+442071838750,'}
          aria-describedby={`${fieldId}-hint`}
          className="max-h-72 min-h-32 font-mono text-xs md:text-xs"
        />
        <p id={`${fieldId}-hint`} className="text-xs text-pretty text-muted-foreground">
          name,phone,email — phone with + and the country code (without it, a US number); phone and e-mail may be left empty. Blank lines
          are skipped.
        </p>
        <Button onClick={showPreview} disabled={!text.trim() || busy !== null} className="justify-self-start">
          {busy === 'preview' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
          Preview
        </Button>
      </div>
      <MassAddPreview
        result={preview?.result ?? null}
        adding={busy === 'add'}
        onAdd={add}
        onClose={() => busy !== 'add' && setPreview(null)}
      />
    </CardSection>
  )
}
