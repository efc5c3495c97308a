// Operator screens (SPEC §2): testing, prompt manager, profile manager. Screens are lazy chunks.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export const testingRoute = createRoute({ getParentRoute: () => staffRoute, path: '/testing' }).lazy(() =>
  import('@/features/testing/components/testing-page').then((m) => createLazyRoute('/_staff/testing')({ component: m.TestingPage })),
)
