// Operator screens (SPEC §2): testing (with its test runs and their comparison, PRODUCT §10), prompt manager,
// profile manager. Screens are lazy chunks.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export const testingRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/testing',
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ abortController }) => (await import('@/features/testing/api')).loadTestingPage(abortController.signal),
  // A run changes nothing the loader reads, but an edit in the prompt manager does: read afresh on each visit.
  staleTime: 0,
}).lazy(() =>
  import('@/features/testing/components/testing-page').then((m) =>
    createLazyRoute('/_staff/testing')({ component: m.TestingPage, pendingComponent: m.TestingPending }),
  ),
)

/** A test run (PRODUCT §10): results per case, transcripts and the coverage map; polled while it runs. */
export const testRunRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/testing/runs/$runId',
  loader: async ({ params, abortController }) =>
    (await import('@/features/testing/runs/loaders')).loadRunView(params.runId, abortController.signal),
  staleTime: 0,
  pendingMs: 300,
}).lazy(() =>
  import('@/features/testing/components/run-view/run-view-page').then((m) =>
    createLazyRoute('/_staff/testing/runs/$runId')({ component: m.RunViewPage, pendingComponent: m.RunViewPending }),
  ),
)

export type CompareSearch = { a?: string; b?: string }

export function validateCompareSearch(search: Record<string, unknown>): CompareSearch {
  const id = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
  const a = id(search.a)
  const b = id(search.b)
  return { ...(a ? { a } : {}), ...(b ? { b } : {}) }
}

/** Two runs of one sequence side by side: `?a=<runId>&b=<runId>`. */
export const testCompareRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/testing/compare',
  validateSearch: validateCompareSearch,
  loaderDeps: ({ search }) => ({ a: search.a, b: search.b }),
  loader: async ({ deps, abortController }) =>
    (await import('@/features/testing/runs/loaders')).loadCompare(deps.a, deps.b, abortController.signal),
  staleTime: 0,
  pendingMs: 300,
}).lazy(() =>
  import('@/features/testing/components/compare/compare-page').then((m) =>
    createLazyRoute('/_staff/testing/compare')({ component: m.ComparePage, pendingComponent: m.ComparePending }),
  ),
)
