// /prompt-manager (SPEC §2): the chosen sequence and version live in the address, so a link or a reload
// opens the same version.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { staffRoute } from '@/routes/staff'

export type PromptManagerSearch = { sequence?: string; version?: number }

export function validatePromptManagerSearch(search: Record<string, unknown>): PromptManagerSearch {
  const sequence = typeof search.sequence === 'string' && search.sequence.trim() ? search.sequence : undefined
  const version = Number(search.version)
  return {
    ...(sequence ? { sequence } : {}),
    ...(sequence && Number.isInteger(version) && version >= 1 ? { version } : {}),
  }
}

export const promptManagerRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/prompt-manager',
  validateSearch: validatePromptManagerSearch,
  loaderDeps: ({ search }) => ({ sequence: search.sequence }),
  // Imported on demand, like the screen: visitors' pages never download staff calls.
  loader: async ({ deps, abortController, context }) =>
    (await import('@/features/prompt-manager/api')).loadPromptManager(deps.sequence, abortController.signal, {
      admin: context.staff.role === 'admin',
    }),
  // Edits live in the page; leaving and coming back re-reads the server.
  staleTime: 0,
}).lazy(() =>
  import('@/features/prompt-manager/components/prompt-manager-page').then((m) =>
    createLazyRoute('/_staff/prompt-manager')({ component: m.PromptManagerPage }),
  ),
)
