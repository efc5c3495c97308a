// The URL's sort keys, apart from api.ts so the route file (in every first download) can validate the search
// without pulling in the API client.
import type { SortKey } from '../../../../server/src/features/users/model'

/** The columns the server sorts on (its SORT_KEYS); the column ids of the table are these keys. */
export const USER_SORT_KEYS = [
  'name',
  'email',
  'phone_number',
  'lastModuleUsed',
  'lastConversationDate',
  'totalDurationOfAllSections',
  'costUsd',
] as const satisfies readonly SortKey[]
