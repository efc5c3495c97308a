// The staff screens' table: TanStack Table v9 for the model, shadcn's table for the markup. Sorting and selection
// are controlled by the screen (sorting lives in the URL and happens in SQL), so this file holds no data logic.
import { useCallback, useMemo, type ReactNode } from 'react'
import { useTable, type RowData, type RowSelectionState, type SortingState } from '@tanstack/react-table'

import { Checkbox } from '@hearth/ui/components/checkbox'
import { Skeleton } from '@hearth/ui/components/skeleton'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'
import { cn } from '@hearth/ui/lib/utils'

import { dataTableFeatures, type DataTableColumn, type DataTableColumnMeta } from '@/components/data-table/columns'
import { keepScrollableByKeyboard } from '@/components/keyboard-scroll'
import { sortAfterClick } from '@/components/data-table/sort'
import { SortableHeader } from '@/components/data-table/sortable-header'
import type { Sort } from '@/lib/search-params'

export const DEFAULT_EMPTY_TEXT = 'No results.'

export type DataTableProps<TData extends RowData> = {
  /** The table's accessible name (e.g. 'Users'). */
  label: string
  /** Optional visible caption under the table. */
  caption?: ReactNode
  /** Keep stable (module scope or useMemo): a new array rebuilds the table. */
  columns: ReadonlyArray<DataTableColumn<TData>>
  /** The rows of the current page, already sorted and paged by the server. */
  data: ReadonlyArray<TData>
  getRowId: (row: TData) => string
  /** The current sort (from the URL); columns opt in with `enableSorting: true`. */
  sort?: Sort | null
  /** Given → sortable headers are buttons cycling none → ascending → descending → none. */
  onSortChange?: (sort: Sort | null) => void
  /** Selected row ids; ids of rows not on this page are kept untouched. */
  selectedIds?: readonly string[]
  /** Given → a checkbox column ('Select all', 'Select row <rowLabel>'). */
  onSelectedIdsChange?: (ids: string[]) => void
  /** Names a row for its checkbox label; defaults to the row id. */
  rowLabel?: (row: TData) => string
  /** Shows skeleton rows instead of data. */
  loading?: boolean
  skeletonRows?: number
  /** Shown in one full-width row when there are no rows. */
  emptyText?: ReactNode
  className?: string
  /**
   * Fit the box instead of scrolling sideways: headers may wrap, and below 768 px (SPEC §9's mobile breakpoint) each
   * row is a card of labelled facts, with the sortable headers as a row of sort buttons above them.
   */
  fit?: boolean
}

const NO_IDS: readonly string[] = []

const cellClass = (meta: DataTableColumnMeta | undefined) => cn(meta?.align === 'end' && 'text-right tabular-nums', meta?.className)

// The card layout of a `fit` table below md: each part of the table becomes a block, a row a two-column grid (a
// column's meta.className may reorder its cell there with max-md:order-*).
const CARD = {
  table: 'max-md:block',
  section: 'max-md:block',
  headRow: 'max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:px-3 max-md:py-2',
  head: 'px-1.5 max-md:block max-md:h-auto max-md:px-0 max-md:[&>button]:mx-0',
  row: 'max-md:relative max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2.5 max-md:p-3',
  selectCell: 'max-md:absolute max-md:top-2.5 max-md:right-3 max-md:p-0',
  cell: 'px-1.5 max-md:block max-md:min-w-0 max-md:p-0 max-md:whitespace-normal max-md:before:mb-0.5 max-md:before:block max-md:before:text-xs max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
} as const

function cardCellClass(meta: DataTableColumnMeta | undefined) {
  return cn(
    CARD.cell,
    meta?.card === 'title' && 'max-md:col-span-2 max-md:pr-8 max-md:before:hidden',
    meta?.card === 'wide' && 'max-md:col-span-2',
    meta?.card === 'hidden' && 'max-md:hidden',
    meta?.align === 'end' && 'max-md:text-left',
  )
}

export function DataTable<TData extends RowData>({
  label,
  caption,
  columns,
  data,
  getRowId,
  sort = null,
  onSortChange,
  selectedIds = NO_IDS,
  onSelectedIdsChange,
  rowLabel,
  loading = false,
  skeletonRows = 5,
  emptyText = DEFAULT_EMPTY_TEXT,
  className,
  fit = false,
}: DataTableProps<TData>) {
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort.key, desc: sort.dir === 'desc' }] : []), [sort])
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selectedIds.map((id) => [id, true] as const)), [selectedIds])
  const selectable = onSelectedIdsChange !== undefined

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: selectable,
    enableRowRangeSelection: false,
    state: { sorting, rowSelection },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater
      onSelectedIdsChange?.(Object.keys(next).filter((id) => next[id]))
    },
  })

  const rows = table.getRowModel().rows
  const selectedOnPage = rows.filter((row) => row.getIsSelected()).length
  const allChecked = rows.length > 0 && selectedOnPage === rows.length
  const columnCount = table.getAllLeafColumns().length + (selectable ? 1 : 0)
  // The table scrolls sideways inside its container (shadcn's Table) when it is wider than the screen.
  const tableRef = useCallback(
    (element: HTMLTableElement | null) =>
      element?.parentElement ? keepScrollableByKeyboard(element.parentElement, { label: `${label} (scrollable)` }) : undefined,
    [label],
  )

  return (
    <Table ref={tableRef} aria-label={label} aria-busy={loading || undefined} className={cn(fit && CARD.table, className)}>
      {caption ? <TableCaption>{caption}</TableCaption> : null}
      <TableHeader className={cn(fit && CARD.section)}>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className={cn('hover:bg-transparent', fit && CARD.headRow)}>
            {selectable ? (
              <TableHead className={cn('w-10', fit && CARD.head)}>
                <Checkbox
                  aria-label="Select all"
                  disabled={loading || rows.length === 0}
                  checked={allChecked ? true : selectedOnPage > 0 ? 'indeterminate' : false}
                  onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
                />
              </TableHead>
            ) : null}
            {group.headers.map((header) => {
              const sortable = onSortChange !== undefined && header.column.getCanSort()
              return (
                <SortableHeader
                  key={header.id}
                  colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                  align={header.column.columnDef.meta?.align}
                  wrap={fit}
                  className={cn(header.column.columnDef.meta?.className, fit && (sortable ? CARD.head : 'px-1.5 max-md:hidden'))}
                  sorted={sortable ? header.column.getIsSorted() : undefined}
                  onSort={sortable ? () => onSortChange(sortAfterClick(sort, header.column.id)) : undefined}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </SortableHeader>
              )
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody className={cn(fit && CARD.section)}>
        {loading ? (
          Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} data-testid="data-table-skeleton-row">
              {Array.from({ length: columnCount }, (_, j) => (
                <TableCell key={j}>
                  <Skeleton className="h-4 w-full min-w-8" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined} className={cn(fit && CARD.row)}>
              {selectable ? (
                <TableCell className={cn('w-10', fit && CARD.selectCell)}>
                  <Checkbox
                    aria-label={`Select row ${rowLabel ? rowLabel(row.original) : row.id}`}
                    checked={row.getIsSelected()}
                    onCheckedChange={(checked) => row.toggleSelected(checked === true)}
                  />
                </TableCell>
              ) : null}
              {row.getAllCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  className={cn(cellClass(cell.column.columnDef.meta), fit && cardCellClass(cell.column.columnDef.meta))}
                  data-label={fit ? cellLabel(cell.column.columnDef) : undefined}
                >
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  )
}

/** A cell's label in the card layout: the column's `label`, else its header when that is text. */
function cellLabel(column: { header?: unknown; meta?: DataTableColumnMeta }) {
  return column.meta?.label ?? (typeof column.header === 'string' ? column.header : undefined)
}
