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
  errorComponent: (props: ErrorComponentProps) =>
    props.error instanceof AdminOnlyError ? <AdminsOnly /> : <RouteErrorPage {...props} />,
}).lazy(() => import('@/routes/admin-layout').then((m) => createLazyRoute('/_staff/_admin')({ component: m.AdminLayout })))

export const adminUsersRoute = createRoute({ getParentRoute: () => adminRoute, path: '/admin-users' }).lazy(() =>
  import('@/features/admin-users/components/admin-users-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-users')({ component: m.AdminUsersPage }),
  ),
)

export const groupsRoute = createRoute({ getParentRoute: () => adminRoute, path: '/groups' }).lazy(() =>
  import('@/features/groups/components/groups-page').then((m) => createLazyRoute('/_staff/_admin/groups')({ component: m.GroupsPage })),
)

export const groupDetailRoute = createRoute({ getParentRoute: () => adminRoute, path: '/groups/$groupId' }).lazy(() =>
  import('@/features/groups/components/group-detail-page').then((m) =>
    createLazyRoute('/_staff/_admin/groups/$groupId')({ component: m.GroupDetailPage }),
  ),
)
