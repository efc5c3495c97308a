// Visitor pages (SPEC §2): the brand aliases, about and privacy. Each screen is its own lazy chunk.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { rootRoute } from '@/routes/root'

export const brandRoute = createRoute({ getParentRoute: () => rootRoute, path: '/hearth' }).lazy(() =>
  import('@/features/landing/components/landing-page').then((m) => createLazyRoute('/hearth')({ component: m.LandingPage })),
)

export const brandPoemRoute = createRoute({ getParentRoute: () => rootRoute, path: '/hearth2' }).lazy(() =>
  import('@/features/landing/components/poem-page').then((m) => createLazyRoute('/hearth2')({ component: m.PoemPage })),
)

export const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/about' }).lazy(() =>
  import('@/features/about/components/about-page').then((m) => createLazyRoute('/about')({ component: m.AboutPage })),
)

export const privacyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/privacy' }).lazy(() =>
  import('@/features/privacy/components/privacy-page').then((m) => createLazyRoute('/privacy')({ component: m.PrivacyPage })),
)
