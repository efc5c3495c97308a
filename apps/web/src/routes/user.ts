// /user (SPEC §2): the end-user voice page. Query: id (the user name, informational) and module.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import { rootRoute } from '@/routes/root'

export type UserSearch = { id?: string; module?: string }

/** The router parses query values as JSON where it can (`?id=42` is a number): both are names here. */
export function validateUserSearch(search: Record<string, unknown>): UserSearch {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  const id = text(search.id)
  const module = text(search.module)
  return { ...(id ? { id } : {}), ...(module ? { module } : {}) }
}

// End users arrive with a personal link; their session is not a staff session.
export const userRoute = createRoute({ getParentRoute: () => rootRoute, path: '/user', validateSearch: validateUserSearch }).lazy(() =>
  import('@/features/user-page/components/user-route').then((m) => createLazyRoute('/user')({ component: m.UserRoute })),
)
