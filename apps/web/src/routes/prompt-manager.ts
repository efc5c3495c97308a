import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export const promptManagerRoute = createRoute({ getParentRoute: () => staffRoute, path: '/prompt-manager' }).lazy(() =>
  import('@/features/prompt-manager/components/prompt-manager-page').then((m) => createLazyRoute('/_staff/prompt-manager')({ component: m.PromptManagerPage })),
)
