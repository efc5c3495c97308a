import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const systemPromptsRoute = createRoute({ getParentRoute: () => adminRoute, path: '/system-prompts' }).lazy(() =>
  import('@/features/system-prompts/components/system-prompts-page').then((m) => createLazyRoute('/_staff/_admin/system-prompts')({ component: m.SystemPromptsPage })),
)
