// /profile-manager (SPEC §2): operator tools for user profiles. The loader reads the user and module lists;
// either may fail without breaking the page (the screen shows which one and offers a retry).
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export const profileManagerRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/profile-manager',
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ abortController }) => (await import('@/features/profile-manager/api')).loadProfileManager(abortController.signal),
}).lazy(() =>
  import('@/features/profile-manager/components/profile-manager-page').then((m) =>
    createLazyRoute('/_staff/profile-manager')({ component: m.ProfileManagerPage, pendingComponent: m.ProfileManagerPending }),
  ),
)
