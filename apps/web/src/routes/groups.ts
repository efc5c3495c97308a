import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const groupsRoute = createRoute({ getParentRoute: () => adminRoute, path: '/groups' }).lazy(() =>
  import('@/features/groups/components/groups-page').then((m) => createLazyRoute('/_staff/_admin/groups')({ component: m.GroupsPage })),
)

export const groupDetailRoute = createRoute({ getParentRoute: () => adminRoute, path: '/groups/$groupId' }).lazy(() =>
  import('@/features/groups/components/group-detail-page').then((m) =>
    createLazyRoute('/_staff/_admin/groups/$groupId')({ component: m.GroupDetailPage }),
  ),
)
