import { useId, useState, type FormEvent } from 'react'
import { useSetAtom } from 'jotai'
import { CircleAlert, LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { cn } from '@hearth/ui/lib/utils'

import type { Staff } from '@/features/auth/api'
import { signInAtom } from '@/features/auth/atoms'
import { isApiError } from '@/lib/api'

type LoginFormProps = {
  onSignedIn: (staff: Staff) => void | Promise<void>
  className?: string
}

type FormError = { message: string; hint?: string }

export function LoginForm({ onSignedIn, className }: LoginFormProps) {
  const signIn = useSetAtom(signInAtom)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<FormError | null>(null)
  const errorId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setError(null)
    try {
      const staff = await signIn({ email: email.trim(), password })
      await onSignedIn(staff)
    } catch (caught) {
      setError(describeError(caught))
      setPending(false)
    }
  }

  return (
    <form onSubmit={handleSubmit} className={cn('grid gap-5', className)} aria-describedby={error ? errorId : undefined}>
      <div className="grid gap-2">
        <Label htmlFor="login-email">E-mail</Label>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          disabled={pending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          disabled={pending}
        />
      </div>

      {error && (
        <div
          id={errorId}
          role="alert"
          className="flex gap-2.5 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="grid gap-0.5">
            <p className="font-medium">{error.message}</p>
            {error.hint && <p className="text-destructive/80">{error.hint}</p>}
          </div>
        </div>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending && <LoaderCircle className="animate-spin" aria-hidden />}
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}

function describeError(error: unknown): FormError {
  if (isApiError(error, 429)) {
    const seconds = error.retryAfterSeconds
    // Our server's text already says when; a proxy's 429 may not, so the wait is added only then.
    const saysWhen = /try again in/i.test(error.message)
    return {
      message: error.message,
      hint: seconds && !saysWhen ? `You can try again in ${formatWait(seconds)}.` : undefined,
    }
  }
  if (error instanceof Error && error.message) return { message: error.message }
  return { message: 'Sign-in failed. Please try again.' }
}

function formatWait(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
