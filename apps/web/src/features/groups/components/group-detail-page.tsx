// Placeholder until Group detail is built (issue "Staff web app 3 of 5").
import { getRouteApi } from '@tanstack/react-router'

import { ComingSoon } from '@/components/coming-soon'

const groupRoute = getRouteApi('/_staff/_admin/groups/$groupId')

export function GroupDetailPage() {
  const { groupId } = groupRoute.useParams()
  return (
    <>
      <title>{`${groupId} · Groups · Hearth`}</title>
      <ComingSoon
        title={groupId}
        description="Group details: members, subgroups and messages to the whole group."
        features={['Mass add users', 'Assign subgroups', 'Generate test users', 'Blast invitations and assignments']}
      />
    </>
  )
}
