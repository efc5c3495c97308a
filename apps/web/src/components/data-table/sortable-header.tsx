// A column header; when sortable, a button inside the <th> cycles the sort and the <th> announces it (aria-sort).
import type { ReactNode } from 'react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { TableHead } from '@hearth/ui/components/table'
import { cn } from '@hearth/ui/lib/utils'

import { ariaSort } from '@/components/data-table/sort'
import type { SortDirection } from '@/lib/search-params'

type SortableHeaderProps = {
  children: ReactNode
  colSpan?: number
  align?: 'start' | 'end'
  className?: string
  /** `undefined` → not sortable; `false` → sortable, not sorted now. */
  sorted?: SortDirection | false
  onSort?: () => void
  /** Lets a long header wrap onto two lines (a table that fits its box). */
  wrap?: boolean
}

export function SortableHeader({ children, colSpan, align, className, sorted, onSort, wrap = false }: SortableHeaderProps) {
  const thClass = cn(align === 'end' && 'text-right', wrap && 'whitespace-normal', className)
  if (sorted === undefined || !onSort) {
    return (
      <TableHead colSpan={colSpan} className={thClass}>
        {children}
      </TableHead>
    )
  }
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown
  return (
    <TableHead colSpan={colSpan} className={thClass} aria-sort={ariaSort(sorted)}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn(
          'h-8 px-2.5',
          align === 'end' ? '-mr-2.5' : '-ml-2.5',
          // Wrapping headers are in a table short of room: less padding, too.
          wrap &&
            cn('h-auto min-h-8 py-1 whitespace-normal has-[>svg]:px-1.5', align === 'end' ? '-mr-1.5 text-right' : '-ml-1.5 text-left'),
          sorted && 'text-primary',
        )}
        onClick={onSort}
      >
        {children}
        <Icon aria-hidden data-sort-icon={sorted || 'none'} className={cn('size-3.5', !sorted && 'opacity-50')} />
      </Button>
    </TableHead>
  )
}
