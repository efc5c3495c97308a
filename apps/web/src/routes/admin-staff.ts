// /admin-staff (PRODUCT §3, §9): staff accounts. The list is read here, before the screen renders.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const adminStaffRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin-staff',
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ abortController }) => (await import('@/features/admin-staff/api')).loadStaffAccounts(abortController.signal),
  // Accounts change under other admins' hands: coming back re-reads them.
  staleTime: 0,
}).lazy(() =>
  import('@/features/admin-staff/components/admin-staff-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-staff')({ component: m.AdminStaffPage, pendingComponent: m.AdminStaffPending }),
  ),
)
