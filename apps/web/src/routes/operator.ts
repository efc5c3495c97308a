// Operator screens (SPEC §2): testing, prompt manager, profile manager. Screens are lazy chunks.
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
