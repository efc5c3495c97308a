// Revoking personal links (PRODUCT §3), asked first: the links stop working, the users are signed out and a live
// voice session ends. The toast says what was done.
import { ConfirmDialog } from '@/components/confirm-dialog'
import { UserList } from '@/components/user-list'
import { revokeLinks, type AdminUser, type Revoked } from '@/features/admin-users/api'
import { revokedText } from '@/features/admin-users/format'
import { notify } from '@/lib/notify'

type RevokeLinksDialogProps = { users: readonly AdminUser[]; onClose: () => void }

export function RevokeLinksDialog({ users, onClose }: RevokeLinksDialogProps) {
  const one = users.length === 1
  const revoke = async () => {
    const results = await Promise.allSettled(users.map((user) => revokeLinks(user.fileName)))
    const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const failed = users.filter((_, i) => results[i].status === 'rejected')
    if (done.length > 0) {
      const total = done.reduce<Revoked>(
        (sum, r) => ({
          revoked: sum.revoked + r.revoked,
          signedOut: sum.signedOut + r.signedOut,
          liveSessionsEnded: sum.liveSessionsEnded + r.liveSessionsEnded,
        }),
        { revoked: 0, signedOut: 0, liveSessionsEnded: 0 },
      )
      const whom = one ? users[0].name : `${done.length} users`
      notify.success(`Personal links revoked for ${whom}`, { description: revokedText(total) })
    }
    if (failed.length > 0) notify.error('Failed to revoke personal links', { description: failed.map((u) => u.name).join('\n') })
  }
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={one ? `Revoke the personal links of ${users[0].name}?` : `Revoke the personal links of ${users.length} users?`}
      description={`Their links stop working at once, they are signed out, and a voice conversation in progress ends. A new link can be made in the Profile Manager.`}
      confirmLabel="Revoke links"
      destructive
      onConfirm={revoke}
    >
      <UserList users={users} label={one ? 'User' : 'Users'} />
    </ConfirmDialog>
  )
}
