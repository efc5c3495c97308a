// SPEC §4 "Table sort": a header click cycles none → ascending → descending → none. Pure, so screens and tests can
// use it without a table.
import type { Sort, SortDirection } from '@/lib/search-params'

export function nextSort(current: SortDirection | null): SortDirection | null {
  if (current === null) return 'asc'
  return current === 'asc' ? 'desc' : null
}

/** The table's sort after a click on column `key`: another column's sort is replaced, starting at ascending. */
export function sortAfterClick<K extends string>(sort: Sort<K> | null | undefined, key: K): Sort<K> | null {
  const dir = nextSort(sort?.key === key ? sort.dir : null)
  return dir ? { key, dir } : null
}

/** The `aria-sort` value of a sortable column's header. */
export function ariaSort(dir: SortDirection | false | null | undefined): 'ascending' | 'descending' | 'none' {
  return dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'
}
