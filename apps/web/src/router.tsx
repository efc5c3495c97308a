// The route tree (SPEC §2, PRODUCT §1) and nothing else: each route's path, search schema, guard and loader
// live in routes/, each screen in its feature behind .lazy().
import { createRouter } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'
import { adminStaffRoute } from '@/routes/admin-staff'
import { adminUsersRoute } from '@/routes/admin-users'
import { groupDetailRoute, groupsRoute } from '@/routes/groups'
import { homeRoute } from '@/routes/home'
import { insightsRoute } from '@/routes/insights'
import { loginRoute } from '@/routes/login'
import { messagesRoute } from '@/routes/messages'
import { testCompareRoute, testingRoute, testRunRoute } from '@/routes/operator'
import { profileManagerRoute } from '@/routes/profile-manager'
import { promptManagerRoute } from '@/routes/prompt-manager'
import { aboutRoute, brandPoemRoute, brandRoute, privacyRoute } from '@/routes/public'
import { NotFoundPage, rootRoute, type RouterContext } from '@/routes/root'
import { staffRoute } from '@/routes/staff'
import { systemPromptsRoute } from '@/routes/system-prompts'
import { userRoute } from '@/routes/user'

const routeTree = rootRoute.addChildren([
  homeRoute,
  brandRoute,
  brandPoemRoute,
  aboutRoute,
  privacyRoute,
  userRoute,
  loginRoute,
  staffRoute.addChildren([
    testingRoute,
    testRunRoute,
    testCompareRoute,
    promptManagerRoute,
    profileManagerRoute,
    adminRoute.addChildren([
      adminUsersRoute,
      groupsRoute,
      groupDetailRoute,
      systemPromptsRoute,
      adminStaffRoute,
      messagesRoute,
      insightsRoute,
    ]),
  ]),
])

export function createAppRouter(store: RouterContext['store']) {
  return createRouter({
    routeTree,
    context: { store },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
