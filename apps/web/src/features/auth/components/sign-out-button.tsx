import { useState, type ComponentProps } from 'react'
import { useSetAtom } from 'jotai'
import { LoaderCircle, LogOut } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@hearth/ui/components/button'

import { signOutAtom } from '@/features/auth/atoms'

type SignOutButtonProps = Omit<ComponentProps<typeof Button>, 'onClick'> & {
  onSignedOut?: () => void | Promise<void>
}

export function SignOutButton({ onSignedOut, disabled, children, ...buttonProps }: SignOutButtonProps) {
  const signOut = useSetAtom(signOutAtom)
  const [pending, setPending] = useState(false)

  async function handleClick() {
    setPending(true)
    try {
      await signOut()
      await onSignedOut?.()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not sign out. Please try again.')
    } finally {
      setPending(false)
    }
  }

  return (
    <Button {...buttonProps} disabled={disabled || pending} onClick={handleClick}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
      {children ?? 'Sign out'}
    </Button>
  )
}
