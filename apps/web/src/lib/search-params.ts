// URL search parsers for the staff tables: paging, sorting and search live in the URL (HOUSE-STYLE Web), so a
// route's validateSearch turns whatever the address bar holds into safe values. The router parses query values as
// JSON where it can (`?page=2` arrives as 2, `?q=42` as 42), so every parser takes `unknown`.

export type SortDirection = 'asc' | 'desc'

/** One sorted column; `null` (no sort) is the third step of the header cycle. */
export type Sort<K extends string = string> = { key: K; dir: SortDirection }

/** The URL (and server query) form of a sort, e.g. `name:asc`. */
export type SortParam<K extends string = string> = `${K}:${SortDirection}`

/** Staff-table search as it sits in the URL; defaults are left out so plain links need no search. */
export type TableSearch<K extends string = string> = { page?: number; sort?: SortParam<K>; q?: string }

/** A positive whole page number; anything else (missing, 0, -3, 2.5, 'abc') is page 1. */
export function parsePage(value: unknown): number {
  const page = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof page === 'number' && Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/** `key:asc` / `key:desc` for an allowed key; a bare allowed key means ascending. Anything else is no sort. */
export function parseSort<K extends string>(value: unknown, allowedKeys: readonly K[]): Sort<K> | null {
  if (typeof value !== 'string') return null
  const [key, dir = 'asc', ...rest] = value.trim().split(':')
  if (rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) return null
  const allowed = allowedKeys.find((k) => k === key)
  return allowed === undefined ? null : { key: allowed, dir }
}

export function formatSort<K extends string>(sort: Sort<K> | null | undefined): SortParam<K> | undefined {
  return sort ? `${sort.key}:${sort.dir}` : undefined
}

/** A trimmed search text; numbers and booleans (as the router may parse them) count as text. */
export function parseQuery(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : ''
}

/**
 * A route's validateSearch for a paged, sorted, searchable table: `validateSearch: tableSearch(['name', 'email'])`.
 * Page 1, no sort and an empty search are omitted, so the address stays clean.
 */
export function tableSearch<K extends string>(allowedKeys: readonly K[]) {
  return (search: Record<string, unknown>): TableSearch<K> => {
    const page = parsePage(search.page)
    const sort = formatSort(parseSort(search.sort, allowedKeys))
    const q = parseQuery(search.q)
    return { ...(page > 1 ? { page } : {}), ...(sort ? { sort } : {}), ...(q ? { q } : {}) }
  }
}
