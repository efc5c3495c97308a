// `/` (PRODUCT §1): the console for signed-in staff, the landing page for everyone else. Each is its own chunk,
// so a visitor never downloads the voice engine and staff never wait for the landing page.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { rootRoute } from '@/routes/root'

const StaffHome = lazyRouteComponent(() => import('@/routes/staff-home'), 'StaffHome')
const LandingPage = lazyRouteComponent(() => import('@/features/landing/components/landing-page'), 'LandingPage')

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async ({ context }) => {
    await (context.staff ? StaffHome : LandingPage).preload?.()
  },
  component: function HomePage() {
    const { staff } = homeRoute.useRouteContext()
    return staff ? <StaffHome /> : <LandingPage />
  },
})
