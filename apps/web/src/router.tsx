// Every route of the web app (SPEC §2, PRODUCT §1), code-based, in one place.
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import type { Store } from 'jotai'

import { Toaster } from '@hearth/ui/components/sonner'

import { loadStaffAtom } from '@/features/auth/atoms'
import { safeRedirect } from '@/features/auth/safe-redirect'
import { AdminLayout } from '@/routes/admin-layout'
import { StaffLayout } from '@/routes/app-shell'
import { HomePage } from '@/routes/home'
import { LandingPage } from '@/routes/landing'
import { LoginPage } from '@/routes/login'
import { NotFoundPage, RouteErrorPage } from '@/routes/not-found'
import {
  AboutPage,
  AdminUsersPage,
  GroupDetailPage,
  GroupsPage,
  PrivacyPage,
  ProfileManagerPage,
  PromptManagerPage,
  SystemPromptsPage,
  TestingPage,
} from '@/routes/placeholder-pages'
import { UserRoute, validateUserSearch } from '@/routes/user'

export type RouterContext = { store: Store }

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Who is signed in is asked once and then kept in the jotai store; sign-in and sign-out update it.
  beforeLoad: async ({ context }) => ({ staff: await context.store.set(loadStaffAtom) }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
})

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}

// Visitor pages (the landing page also answers / when nobody is signed in).
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage })
const brandRoute = createRoute({ getParentRoute: () => rootRoute, path: '/hearth', component: LandingPage })
// TODO: the typed-poem variant of SPEC §2; until then the plain landing page.
const brandPoemRoute = createRoute({ getParentRoute: () => rootRoute, path: '/hearth2', component: LandingPage })
const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: AboutPage })
const privacyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/privacy', component: PrivacyPage })
// End users arrive with a personal link; their session is not a staff session.
const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user',
  validateSearch: validateUserSearch,
  component: UserRoute,
})

type LoginSearch = { redirect?: string }

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search }) => {
    if (context.staff) throw redirect({ href: safeRedirect(search.redirect) })
  },
  component: LoginPage,
})

// Staff pages: signed-out visitors go to /login and come back afterwards.
const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_staff',
  beforeLoad: ({ context, location }) => {
    if (!context.staff) throw redirect({ to: '/login', search: { redirect: location.href } })
    return { staff: context.staff }
  },
  component: StaffLayout,
})
const testingRoute = createRoute({ getParentRoute: () => staffRoute, path: '/testing', component: TestingPage })
const promptManagerRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/prompt-manager',
  component: PromptManagerPage,
})
const profileManagerRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/profile-manager',
  component: ProfileManagerPage,
})

// Admin pages: the layout shows operators an "Admins only" page (the API refuses them with 403 anyway).
const adminRoute = createRoute({ getParentRoute: () => staffRoute, id: '_admin', component: AdminLayout })
const adminUsersRoute = createRoute({ getParentRoute: () => adminRoute, path: '/admin-users', component: AdminUsersPage })
const groupsRoute = createRoute({ getParentRoute: () => adminRoute, path: '/groups', component: GroupsPage })
const groupDetailRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/groups/$groupId',
  component: GroupDetailPage,
})
const systemPromptsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/system-prompts',
  component: SystemPromptsPage,
})

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
    promptManagerRoute,
    profileManagerRoute,
    adminRoute.addChildren([adminUsersRoute, groupsRoute, groupDetailRoute, systemPromptsRoute]),
  ]),
])

export function createAppRouter(store: Store) {
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
