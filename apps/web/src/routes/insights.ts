// /insights (PRODUCT §11 "Organiser insight"): the community loop's funnel for one group or all, chosen in the URL
// (`?groupId=`). The feature's calls and its charts are imported on demand, so no other page downloads the
// charting library.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export type InsightsSearch = { groupId?: string }

/** Whatever the address bar holds, as a group id or none (all groups). */
export function insightsSearch(search: Record<string, unknown>): InsightsSearch {
  const groupId = typeof search.groupId === 'string' ? search.groupId.trim().slice(0, 100) : ''
  return groupId ? { groupId } : {}
}

export const insightsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/insights',
  validateSearch: (search: Record<string, unknown>) => insightsSearch(search),
  loaderDeps: ({ search }) => ({ groupId: search.groupId }),
  loader: async ({ deps, abortController }) => (await import('@/features/insights/api')).loadInsights(deps.groupId, abortController.signal),
  // The loop moves on by itself (answers, sends): coming back re-reads it.
  staleTime: 0,
  pendingMs: 300,
}).lazy(() =>
  import('@/features/insights/components/insights-page').then((m) =>
    createLazyRoute('/_staff/_admin/insights')({ component: m.InsightsPage, pendingComponent: m.InsightsPending }),
  ),
)
