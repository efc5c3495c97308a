import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const adminStaffRoute = createRoute({ getParentRoute: () => adminRoute, path: '/admin-staff' }).lazy(() =>
  import('@/features/admin-staff/components/admin-staff-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-staff')({ component: m.AdminStaffPage }),
  ),
)
