// Admin screens (SPEC §2 admin tab bar). The role guard runs in beforeLoad, so an operator never runs an admin
// loader: the route fails with AdminOnlyError and its error component explains instead.
import { createLazyRoute, createRoute, lazyRouteComponent, type ErrorComponentProps } from '@tanstack/react-router'

import { RouteErrorPage } from '@/routes/root'
import { staffRoute } from '@/routes/staff'

class AdminOnlyError extends Error {
  constructor() {
    super('Admins only')
    this.name = 'AdminOnlyError'
  }
}

const AdminsOnly = lazyRouteComponent(() => import('@/routes/admins-only'), 'AdminsOnly')

export const adminRoute = createRoute({
  getParentRoute: () => staffRoute,
  id: '_admin',
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw new AdminOnlyError()
  },
  errorComponent: (props: ErrorComponentProps) => (props.error instanceof AdminOnlyError ? <AdminsOnly /> : <RouteErrorPage {...props} />),
}).lazy(() => import('@/routes/admin-layout').then((m) => createLazyRoute('/_staff/_admin')({ component: m.AdminLayout })))
