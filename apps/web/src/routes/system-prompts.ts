// /system-prompts (SPEC §2 "Admin System Prompts"): the named prompts the text tasks read, one editor each.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { adminRoute } from '@/routes/admin'

export const systemPromptsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/system-prompts',
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ abortController }) => (await import('@/features/system-prompts/api')).loadSystemPrompts(abortController.signal),
}).lazy(() =>
  import('@/features/system-prompts/components/system-prompts-page').then((m) =>
    createLazyRoute('/_staff/_admin/system-prompts')({ component: m.SystemPromptsPage, pendingComponent: m.SystemPromptsPending }),
  ),
)
