/**
 * The page numbers shown as buttons (SPEC §9: a window of 5): centred on the current page where possible, shifted
 * to stay inside 1…total near either end. `current` outside that range is clamped; no pages gives none.
 */
export function paginationWindow(current: number, total: number, size = 5): number[] {
  const count = Math.max(0, Math.floor(total))
  const width = Math.max(1, Math.floor(size))
  if (count === 0) return []
  const page = Math.min(Math.max(1, Math.floor(current) || 1), count)
  const first = Math.max(1, Math.min(page - Math.floor((width - 1) / 2), count - width + 1))
  const last = Math.min(count, first + width - 1)
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

/** How many pages `total` rows fill at `pageSize` per page (0 rows → 0 pages). */
export function pageCount(total: number, pageSize: number): number {
  return total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0
}
