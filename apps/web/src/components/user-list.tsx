// The users a question is about, each with their contact details and file name: two people of one name are told
// apart before anything is created, deleted or revoked.

type ListedUser = { name: string; fileName: string; email: string | null; phone_number: string | null }

/** "ada@example.org · +14155552671 · 1a2b3c_ada.json" (what the user has of these). */
export function userFacts({ email, phone_number, fileName }: ListedUser): string {
  return [email, phone_number, fileName].filter(Boolean).join(' · ')
}

export function UserList({ users, label }: { users: readonly ListedUser[]; label: string }) {
  return (
    // A long list scrolls, and a keyboard can reach it to scroll.
    <ul aria-label={label} className="grid max-h-64 gap-1.5 overflow-y-auto text-sm" tabIndex={users.length > 4 ? 0 : undefined}>
      {users.map((user) => (
        <li key={user.fileName} className="rounded-md border bg-muted/40 px-3 py-2">
          <span className="font-medium">{user.name}</span>
          <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{userFacts(user)}</span>
        </li>
      ))}
    </ul>
  )
}
