// Renders the kit to static HTML (no browser, no DOM library) and reads the markup a screen reader or a
// Playwright role query would see.
import { describe, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'

import { dataTableColumns } from '@/components/data-table/columns'
import { DataTable, type DataTableProps } from '@/components/data-table/data-table'
import { DataTablePagination } from '@/components/data-table/data-table-pagination'

type Person = { id: string; name: string; email: string; minutes: number }

const col = dataTableColumns<Person>()
const columns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true }),
  col.accessor('email', { header: 'Email' }),
  col.accessor('minutes', { header: 'Total minutes', enableSorting: true, meta: { align: 'end' } }),
])
const people: Person[] = [
  { id: 'p1', name: 'Ada', email: 'ada@example.com', minutes: 12 },
  { id: 'p2', name: 'Grace', email: 'grace@example.com', minutes: 0 },
  { id: 'p3', name: 'Linus', email: 'linus@example.com', minutes: 7 },
]
const noop = () => {}

function render(props: Partial<DataTableProps<Person>> = {}) {
  return renderToStaticMarkup(
    <DataTable label="Users" columns={columns} data={people} getRowId={(p) => p.id} onSortChange={noop} {...props} />,
  )
}

/** `aria-sort` of the <th> whose text contains `header`, or null when the th has none. */
function ariaSortOf(html: string, header: string): string | null {
  const th = html.match(new RegExp(`<th\\s[^>]*>(?:(?!</th>).)*${header}(?:(?!</th>).)*</th>`))
  expect(th).not.toBeNull()
  return th![0].match(/^<th[^>]*aria-sort="([a-z]+)"/)?.[1] ?? null
}

const checkboxes = (html: string) =>
  [...html.matchAll(/<button[^>]*role="checkbox"[^>]*>/g)].map((m) => ({
    label: m[0].match(/aria-label="([^"]*)"/)?.[1],
    checked: m[0].match(/aria-checked="([^"]*)"/)?.[1],
  }))

describe('DataTable', () => {
  test('names the table and renders header and cells', () => {
    const html = render()
    expect(html).toContain('aria-label="Users"')
    expect(html).toMatch(/<th\s[^>]*>.*?Email<\/th>/)
    expect(html).toMatch(/<td[^>]*>grace@example\.com<\/td>/)
    expect(html).toMatch(/<td[^>]*class="[^"]*text-right[^"]*">12<\/td>/)
    expect(html.match(/<tbody[\s\S]*<\/tbody>/)![0].match(/<tr/g)).toHaveLength(3)
  })

  test('sortable headers carry aria-sort and a button; others carry neither', () => {
    const none = render({ sort: null })
    expect(ariaSortOf(none, 'Name')).toBe('none')
    expect(ariaSortOf(none, 'Total minutes')).toBe('none')
    expect(ariaSortOf(none, 'Email')).toBeNull()
    expect(none.match(/<button[^>]*>Email/)).toBeNull()
    expect(none).toMatch(/<button[^>]*>Name<svg/)

    const asc = render({ sort: { key: 'minutes', dir: 'asc' } })
    expect(ariaSortOf(asc, 'Total minutes')).toBe('ascending')
    expect(ariaSortOf(asc, 'Name')).toBe('none')
    expect(asc).toContain('data-sort-icon="asc"')

    const desc = render({ sort: { key: 'name', dir: 'desc' } })
    expect(ariaSortOf(desc, 'Name')).toBe('descending')
    expect(desc).toContain('data-sort-icon="desc"')
  })

  test('without onSortChange no header is a button', () => {
    const html = render({ onSortChange: undefined, sort: { key: 'name', dir: 'asc' } })
    expect(html).not.toContain('aria-sort')
    expect(html).not.toContain('<button')
  })

  test('selection: labelled checkboxes, header indeterminate when some rows are selected', () => {
    const rowLabel = (p: Person) => p.name
    const some = render({ onSelectedIdsChange: noop, selectedIds: ['p2', 'elsewhere'], rowLabel })
    expect(checkboxes(some)).toEqual([
      { label: 'Select all', checked: 'mixed' },
      { label: 'Select row Ada', checked: 'false' },
      { label: 'Select row Grace', checked: 'true' },
      { label: 'Select row Linus', checked: 'false' },
    ])
    expect(some).toContain('data-state="selected"')

    const all = render({ onSelectedIdsChange: noop, selectedIds: ['p1', 'p2', 'p3'], rowLabel })
    expect(checkboxes(all)[0]).toEqual({ label: 'Select all', checked: 'true' })

    const nothing = render({ onSelectedIdsChange: noop, rowLabel })
    expect(checkboxes(nothing)[0]).toEqual({ label: 'Select all', checked: 'false' })
  })

  test('no checkboxes unless the screen handles selection', () => {
    expect(checkboxes(render({ selectedIds: ['p1'] }))).toEqual([])
  })

  test('row labels default to the row id', () => {
    expect(checkboxes(render({ onSelectedIdsChange: noop }))[1].label).toBe('Select row p1')
  })

  test('empty state spans every column', () => {
    const html = render({ data: [], onSelectedIdsChange: noop })
    expect(html).toMatch(/<td[^>]*colSpan="4"[^>]*>No results\.<\/td>/)
    expect(render({ data: [], emptyText: 'No users match “zed”.' })).toContain('No users match “zed”.')
  })

  test('loading shows skeleton rows, not data or the empty text', () => {
    const html = render({ loading: true, skeletonRows: 3, data: [] })
    expect(html.match(/data-testid="data-table-skeleton-row"/g)).toHaveLength(3)
    expect(html).toContain('aria-busy="true"')
    expect(html).not.toContain('No results.')
    expect(html).not.toContain('ada@example.com')
  })

  test('a caption is rendered when given', () => {
    expect(render({ caption: '3 users' })).toMatch(/<caption[^>]*>3 users<\/caption>/)
  })
})

describe('DataTablePagination', () => {
  const pageButtons = (html: string) =>
    [...html.matchAll(/<button[^>]*aria-label="Page (\d+)"[^>]*>/g)].map((m) => ({
      page: Number(m[1]),
      current: m[0].includes('aria-current="page"'),
    }))

  test('"Page 2 of 7", a 5-number window and the current page marked', () => {
    const html = renderToStaticMarkup(<DataTablePagination page={2} pageCount={7} onPageChange={noop} />)
    expect(html).toMatch(/^<nav aria-label="Pagination"/)
    expect(html).toContain('>Page 2 of 7<')
    expect(pageButtons(html)).toEqual([
      { page: 1, current: false },
      { page: 2, current: true },
      { page: 3, current: false },
      { page: 4, current: false },
      { page: 5, current: false },
    ])
    expect(html.match(/aria-current="page"/g)).toHaveLength(1)
  })

  test('previous is disabled on the first page, next on the last', () => {
    /** Whether the button whose text ends in `name` is disabled. */
    const disabled = (html: string, name: string) => {
      const button = html.match(new RegExp(`<button[^>]*>(?:(?!</button>).)*${name}(?:</span>)?(?:<svg(?:(?!</button>).)*)?</button>`))
      expect(button).not.toBeNull()
      return /^<button[^>]*\sdisabled=""/.test(button![0])
    }
    const first = renderToStaticMarkup(<DataTablePagination page={1} pageCount={7} onPageChange={noop} />)
    expect([disabled(first, 'Previous'), disabled(first, 'Next')]).toEqual([true, false])
    const middle = renderToStaticMarkup(<DataTablePagination page={4} pageCount={7} onPageChange={noop} />)
    expect([disabled(middle, 'Previous'), disabled(middle, 'Next')]).toEqual([false, false])
    const last = renderToStaticMarkup(<DataTablePagination page={7} pageCount={7} onPageChange={noop} />)
    expect([disabled(last, 'Previous'), disabled(last, 'Next')]).toEqual([false, true])
    expect(pageButtons(last).map((b) => b.page)).toEqual([3, 4, 5, 6, 7])
  })

  test('no rows still reads "Page 1 of 1"', () => {
    const html = renderToStaticMarkup(<DataTablePagination page={1} pageCount={0} onPageChange={noop} />)
    expect(html).toContain('>Page 1 of 1<')
    expect(pageButtons(html)).toEqual([{ page: 1, current: true }])
  })
})
