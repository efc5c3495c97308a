// /groups and /groups/{groupId} (SPEC §2 "Admin Groups screen", "Group detail"): page and search live in the URL; the
// loaders read one page from the server, which searches and pages in SQL. The feature's calls are imported on
// demand, like the screens, so visitors' pages never download staff code.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { tableSearch } from '@/lib/search-params'
import { adminRoute } from '@/routes/admin'

const pageSearch = tableSearch<never>([])

export const groupsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/groups',
  // A typed parameter: passed bare, the router's inference loses the search type.
  validateSearch: (search: Record<string, unknown>) => pageSearch(search),
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: async ({ deps, abortController }) => (await import('@/features/groups/api')).loadGroups(deps, abortController.signal),
  // Other admins change groups too: coming back re-reads the page.
  staleTime: 0,
  // The skeleton only for a slow first load; a fast one shows the table at once.
  pendingMs: 300,
}).lazy(() =>
  import('@/features/groups/components/groups-page').then((m) =>
    createLazyRoute('/_staff/_admin/groups')({ component: m.GroupsPage, pendingComponent: m.GroupsPending }),
  ),
)

export const groupDetailRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/groups/$groupId',
  validateSearch: (search: Record<string, unknown>) => pageSearch(search),
  loaderDeps: ({ search }) => ({ page: search.page, q: search.q }),
  loader: async ({ params, deps, abortController }) =>
    (await import('@/features/groups/api')).loadGroupDetail(params.groupId, deps, abortController.signal),
  staleTime: 0,
  pendingMs: 300,
}).lazy(() =>
  import('@/features/groups/components/group-detail-page').then((m) =>
    createLazyRoute('/_staff/_admin/groups/$groupId')({ component: m.GroupDetailPage, pendingComponent: m.GroupDetailPending }),
  ),
)
