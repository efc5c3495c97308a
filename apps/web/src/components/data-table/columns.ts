// The TanStack Table v9 features every data table registers, and the typed column helper screens build columns with.
// Sorting and paging happen on the server (SQL), so no client row models are registered.
import {
  createColumnHelper,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table'

/**
 * Per-column presentation: `align: 'end'` for numbers; extra classes for the header and body cells; and, for a
 * table that stacks its rows as cards on narrow screens (`fit`), how the cell shows there: `card: 'title'` (full
 * width, no label), `'wide'` (full width), `'hidden'`; `label` names the cell there (default: a string header).
 */
export type DataTableColumnMeta = {
  align?: 'start' | 'end'
  className?: string
  label?: string
  card?: 'title' | 'wide' | 'hidden'
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
})

export type DataTableFeatures = typeof dataTableFeatures

/** A column of a DataTable. A column is sortable only with `enableSorting: true`; its `id` is the sort key. */
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>

/** `const col = dataTableColumns<User>(); const columns = col.columns([col.accessor('name', { header: 'Name' })])` */
export const dataTableColumns = <TData extends RowData>() => createColumnHelper<DataTableFeatures, TData>()
