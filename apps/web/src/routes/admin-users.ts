// /admin-users (SPEC §2 "Admin Users screen"): page, sort and search live in the URL; the loader reads that one page
// from the server, which searches, sorts and pages in SQL.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { USER_SORT_KEYS } from '@/features/admin-users/search'
import { tableSearch } from '@/lib/search-params'
import { adminRoute } from '@/routes/admin'

const usersSearch = tableSearch(USER_SORT_KEYS)

export const adminUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin-users',
  // A typed parameter: passed bare, the router's inference loses the search type.
  validateSearch: (search: Record<string, unknown>) => usersSearch(search),
  loaderDeps: ({ search }) => ({ page: search.page, sort: search.sort, q: search.q }),
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ deps, abortController }) => (await import('@/features/admin-users/api')).loadUsers(deps, abortController.signal),
  // Other admins change users too: coming back re-reads the page.
  staleTime: 0,
  // …and never shows a cached page first: a page or order seen before is read again, not flashed stale.
  gcTime: 0,
  // The skeleton only for a slow first load; a fast one shows the table at once.
  pendingMs: 300,
}).lazy(() =>
  import('@/features/admin-users/components/admin-users-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-users')({ component: m.AdminUsersPage, pendingComponent: m.AdminUsersPending }),
  ),
)
