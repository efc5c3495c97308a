// The root route: who is signed in is asked once (then kept in the staff store; sign-in and sign-out update it).
import { lazy, Suspense } from 'react'
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useRouterState } from '@tanstack/react-router'

import { DeferredToaster } from '@hearth/ui/components/deferred-toaster'

import type { StaffStore } from '@/features/auth/staff-store'

// Error and not-found pages are rare: their own chunk keeps the first download small.
export const NotFoundPage = lazyRouteComponent(() => import('@/components/route-states'), 'NotFoundPage')
export const RouteErrorPage = lazyRouteComponent(() => import('@/components/route-states'), 'RouteErrorPage')

// The staff store, not jotai: the guards run before any screen, and jotai ships with the screens that use it.
export type RouterContext = { store: StaffStore }

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => ({ staff: await context.store.load() }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
})

// Toasts (top-centre, SPEC §2) are for staff and end users; visitors' pages never download the toast library,
// and the end user's page downloads it with its first toast (DeferredToaster).
const Toaster = lazy(() => import('@hearth/ui/components/sonner').then((m) => ({ default: m.Toaster })))

function RootLayout() {
  const staff = rootRoute.useRouteContext({ select: (context) => context.staff })
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const withToasts = Boolean(staff) || pathname === '/login'
  return (
    <>
      <Outlet />
      {withToasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : (
        <DeferredToaster />
      )}
    </>
  )
}
