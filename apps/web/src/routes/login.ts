import { createLazyRoute, createRoute, redirect } from '@tanstack/react-router'

import { safeRedirect } from '@/features/auth/safe-redirect'
import { rootRoute } from '@/routes/root'

type LoginSearch = { redirect?: string }

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search }) => {
    if (context.staff) throw redirect({ href: safeRedirect(search.redirect) })
  },
}).lazy(() => import('@/features/auth/components/login-page').then((m) => createLazyRoute('/login')({ component: m.LoginPage })))
