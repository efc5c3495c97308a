// The users a confirm dialog is about, each with their contact details and file name: two users of one name are
// told apart before anything is deleted or revoked.
import { userFacts } from '@/components/user-facts'
import type { AdminUser } from '@/features/admin-users/api'

export function UserList({ users, label }: { users: readonly AdminUser[]; label: string }) {
  return (
    <ul aria-label={label} className="grid max-h-64 gap-1.5 overflow-y-auto text-sm" tabIndex={users.length > 4 ? 0 : undefined}>
      {users.map((user) => (
        <li key={user.fileName} className="rounded-md border bg-muted/40 px-3 py-2">
          <span className="font-medium">{user.name}</span>
          <span className="block text-xs break-all text-muted-foreground">{userFacts(user)}</span>
        </li>
      ))}
    </ul>
  )
}
