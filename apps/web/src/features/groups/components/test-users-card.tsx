// Generate Test Users (SPEC §2, §5, §9): 1 to 40 (default 15) made-up members with profiles; the page reloads 2 s
// after they are made, so the new members show up.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { FlaskConical, LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { generateTestUsers } from '@/features/groups/api'
import { CardSection } from '@/components/card-section'
import { clampTestUsers, plural, TEST_USERS } from '@/features/groups/texts'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

/** SPEC §9: the page reloads 2 s after generating. */
export const RELOAD_AFTER_MS = 2_000

export function TestUsersCard({ groupId, className }: { groupId: string; className?: string }) {
  const router = useRouter()
  const fieldId = useId()
  const [amount, setAmount] = useState(String(TEST_USERS.default))
  const [busy, setBusy] = useState(false)
  const reload = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(reload.current), [])

  const generate = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const count = clampTestUsers(amount)
    setAmount(String(count))
    setBusy(true)
    try {
      const answer = await generateTestUsers(groupId, count)
      notify.success(`Generated ${plural(answer.created, 'test user')}`, { description: 'The page reloads in 2 seconds.' })
      reload.current = setTimeout(() => {
        setBusy(false)
        void router.invalidate()
      }, RELOAD_AFTER_MS)
    } catch (error) {
      notify.error(`Failed to generate Test Users: ${errorMessage(error)}`)
      setBusy(false)
    }
  }

  return (
    <CardSection
      title="Test users"
      icon={FlaskConical}
      className={className}
      description="Made-up members with written profiles, to try subgroups and messages without real people."
    >
      <form onSubmit={generate} className="grid gap-2">
        <Label htmlFor={`${fieldId}-amount`}>Number of test users</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${fieldId}-amount`}
            type="number"
            inputMode="numeric"
            min={TEST_USERS.min}
            max={TEST_USERS.max}
            step={1}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setAmount(String(clampTestUsers(amount)))}
            className="w-28"
            aria-describedby={`${fieldId}-hint`}
          />
          <Button type="submit" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden />}
            Generate Test Users
          </Button>
        </div>
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          From {TEST_USERS.min} to {TEST_USERS.max}. They are marked as test users.
        </p>
      </form>
    </CardSection>
  )
}
