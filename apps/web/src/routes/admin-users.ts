import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const adminUsersRoute = createRoute({ getParentRoute: () => adminRoute, path: '/admin-users' }).lazy(() =>
  import('@/features/admin-users/components/admin-users-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-users')({ component: m.AdminUsersPage }),
  ),
)
