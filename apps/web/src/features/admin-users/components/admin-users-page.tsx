// Placeholder until the Users screen is built (issue "Staff web app 3 of 5").
import { ComingSoon } from '@/components/coming-soon'

export function AdminUsersPage() {
  return (
    <>
      <title>Users · Hearth</title>
      <ComingSoon
        title="Users"
        description="Search, sort and manage every user, their groups and invitations."
        features={['Search by name or phone', 'Sortable table, 100 rows per page', 'Invitations by SMS and e-mail']}
      />
    </>
  )
}
