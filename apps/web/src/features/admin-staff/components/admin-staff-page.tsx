// /admin-staff (PRODUCT §3, §9): admins list, add, reset, disable, enable and delete staff accounts. Generated
// passwords are shown once; the server keeps only their hash.
import { useCallback, useState } from 'react'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { RotateCcw, UserPlus } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { deleteStaffAccount, updateStaffAccount, type StaffAccount } from '@/features/admin-staff/api'
import { AddStaffDialog } from '@/features/admin-staff/components/add-staff-dialog'
import { OneTimePasswordDialog, type OneTimePassword } from '@/features/admin-staff/components/one-time-password-dialog'
import { staffActionTexts, type StaffActionKind } from '@/features/admin-staff/components/staff-action-texts'
import { StaffTable } from '@/features/admin-staff/components/staff-table'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/admin-staff')

type PendingAction = { kind: StaffActionKind; account: StaffAccount }

export function AdminStaffPage() {
  const result = route.useLoaderData()
  const currentEmail = route.useRouteContext({ select: (context) => context.staff?.email })
  const router = useRouter()
  const [adding, setAdding] = useState(false)
  const [action, setAction] = useState<PendingAction | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [shownPassword, setShownPassword] = useState<OneTimePassword | null>(null)

  const ask = useCallback((kind: StaffActionKind, account: StaffAccount) => {
    setAction({ kind, account })
    setConfirmOpen(true)
  }, [])

  const isYou = action?.account.email === currentEmail
  const texts = action ? staffActionTexts(action.kind, action.account.email, isYou) : null

  const run = async () => {
    if (!action || !texts) return
    const { kind, account } = action
    try {
      if (kind === 'delete') await deleteStaffAccount(account.id)
      else {
        const updated = await updateStaffAccount(account.id, changeFor(kind))
        if ('generatedPassword' in updated && updated.generatedPassword) {
          setShownPassword({ title: 'New password', email: account.email, password: updated.generatedPassword })
        }
      }
    } catch (error) {
      notify.error(errorMessage(error))
      return
    }
    notify.success(texts.success)
    // Our own account lost its session or its admin role: a fresh page load shows where we stand now.
    if (isYou && (kind === 'disable' || kind === 'delete')) return window.location.assign('/login')
    if (isYou && kind === 'make-operator') return window.location.assign('/')
    await router.invalidate()
  }

  return (
    <div className="grid gap-5">
      <title>Staff · Hearth</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">Staff</h1>
          <p className="text-sm text-muted-foreground">Operator and admin accounts that sign in at /login.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden />
          Add staff account
        </Button>
      </header>

      <section className="rounded-xl border bg-card p-2 shadow-xs sm:p-4">
        {result.ok ? (
          <StaffTable accounts={result.accounts} currentEmail={currentEmail} onAction={ask} />
        ) : (
          <div role="alert" className="grid justify-items-center gap-3 px-4 py-10 text-center">
            <p className="font-medium">The staff accounts could not be loaded.</p>
            <p className="text-sm text-muted-foreground">{result.error}</p>
            <Button variant="outline" onClick={() => void router.invalidate()}>
              <RotateCcw aria-hidden />
              Try again
            </Button>
          </div>
        )}
      </section>

      <AddStaffDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={async (created) => {
          notify.success('Staff account added')
          if ('generatedPassword' in created && created.generatedPassword) {
            setShownPassword({ title: 'Account created', email: created.email, password: created.generatedPassword })
          }
          await router.invalidate()
        }}
      />

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={texts?.title ?? ''}
        description={texts?.description}
        confirmLabel={texts?.confirmLabel}
        destructive={texts?.destructive}
        onConfirm={run}
      />

      <OneTimePasswordDialog shown={shownPassword} onClose={() => setShownPassword(null)} />
    </div>
  )
}

function changeFor(kind: Exclude<StaffActionKind, 'delete'>) {
  switch (kind) {
    case 'reset':
      return { resetPassword: true as const }
    case 'disable':
      return { disabled: true }
    case 'enable':
      return { disabled: false }
    case 'make-admin':
      return { role: 'admin' as const }
    case 'make-operator':
      return { role: 'operator' as const }
  }
}

/** While the list loads (after a second): the page's frame with skeleton rows. */
export function AdminStaffPending() {
  return (
    <div className="grid gap-5">
      <title>Staff · Hearth</title>
      <header>
        <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">Staff</h1>
        <p className="text-sm text-muted-foreground">Operator and admin accounts that sign in at /login.</p>
      </header>
      <section className="rounded-xl border bg-card p-2 shadow-xs sm:p-4">
        <StaffTable accounts={[]} currentEmail={undefined} onAction={() => {}} loading />
      </section>
    </div>
  )
}
