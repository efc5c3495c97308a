import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export const profileManagerRoute = createRoute({ getParentRoute: () => staffRoute, path: '/profile-manager' }).lazy(() =>
  import('@/features/profile-manager/components/profile-manager-page').then((m) => createLazyRoute('/_staff/profile-manager')({ component: m.ProfileManagerPage })),
)
