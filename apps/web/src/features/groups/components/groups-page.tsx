// Placeholder until the Groups screen is built (issue "Staff web app 3 of 5").
import { ComingSoon } from '@/components/coming-soon'

export function GroupsPage() {
  return (
    <>
      <title>Groups · Hearth</title>
      <ComingSoon
        title="Groups"
        description="Create and delete groups and open a group's details."
        features={['Search by name', 'Add and delete groups', 'Member counts']}
      />
    </>
  )
}
