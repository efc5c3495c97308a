// Paging under a DataTable: "Page X of Y", previous/next and at most 5 page numbers around the current page
// (SPEC §9). The screen owns the page (it lives in the URL), so this only reports the page asked for.
import { ChevronLeft, ChevronRight } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { paginationWindow } from '@/components/data-table/pagination-window'

export const PAGINATION_WINDOW = 5

type DataTablePaginationProps = {
  /** 1-based current page. */
  page: number
  /** Number of pages; 0 (no rows) shows as one page. */
  pageCount: number
  onPageChange: (page: number) => void
  /** E.g. while the next page loads. */
  disabled?: boolean
  className?: string
}

export function DataTablePagination({ page, pageCount, onPageChange, disabled, className }: DataTablePaginationProps) {
  const total = Math.max(1, pageCount)
  const current = Math.min(Math.max(1, page), total)
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Page ${current} of ${total}`}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button type="button" variant="outline" size="sm" disabled={disabled || current <= 1} onClick={() => onPageChange(current - 1)}>
          <ChevronLeft aria-hidden />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        {paginationWindow(current, total, PAGINATION_WINDOW).map((n) => (
          <Button
            key={n}
            type="button"
            variant={n === current ? 'default' : 'ghost'}
            size="sm"
            className="min-w-8 px-2 tabular-nums"
            aria-label={`Page ${n}`}
            aria-current={n === current ? 'page' : undefined}
            disabled={disabled}
            onClick={() => n !== current && onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button type="button" variant="outline" size="sm" disabled={disabled || current >= total} onClick={() => onPageChange(current + 1)}>
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
