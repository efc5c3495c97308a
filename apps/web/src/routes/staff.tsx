// Staff pages (PRODUCT §1): signed-out visitors go to /login and come back afterwards. The guard runs in
// beforeLoad, so no staff loader ever runs for a visitor.
import { createLazyRoute, createRoute, redirect } from '@tanstack/react-router'

import { rootRoute } from '@/routes/root'

export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_staff',
  beforeLoad: ({ context, location }) => {
    if (!context.staff) throw redirect({ to: '/login', search: { redirect: location.href } })
    return { staff: context.staff }
  },
}).lazy(() => import('@/routes/app-shell').then((m) => createLazyRoute('/_staff')({ component: m.StaffLayout })))
