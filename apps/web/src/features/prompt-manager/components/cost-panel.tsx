// PRODUCT §12 in the Prompt Manager (admins): what each version of the sequence cost, from the usage reports the
// relay stored per conversation and the price table, and its spend per day over the last 14 days.
import { Await } from '@tanstack/react-router'

import { Badge } from '@hearth/ui/components/badge'

import { dataTableColumns } from '@/components/data-table/columns'
import { DataTable } from '@/components/data-table/data-table'
import type { CostRow, SequenceCosts, Settled } from '@/features/prompt-manager/api'
import { formatUsd } from '@/lib/money'

const SOURCE: Record<NonNullable<CostRow['source']>, string> = { member: 'Members', staff: 'Staff', test_run: 'Test runs' }

const col = dataTableColumns<CostRow>()
const number = { align: 'end' } as const
const columns = col.columns([
  col.accessor((row) => row.version ?? 0, {
    id: 'version',
    header: 'Version',
    cell: (info) => `v${info.getValue()}`,
    meta: { card: 'title' },
  }),
  col.accessor((row) => (row.source ? SOURCE[row.source] : ''), { id: 'source', header: 'Conversations by' }),
  col.accessor('conversations', { header: 'Conversations', meta: number }),
  col.accessor('costUsd', { header: 'Total', cell: (info) => formatUsd(info.getValue()), meta: number }),
  col.accessor('meanCostUsd', { header: 'Mean per conversation', cell: (info) => formatUsd(info.getValue()), meta: number }),
])

export function CostPanel({ costs }: { costs: Promise<Settled<SequenceCosts>> }) {
  return (
    <section aria-labelledby="cost-heading" className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="grid gap-1">
        <h2 id="cost-heading" className="font-medium">
          Cost
        </h2>
        <p className="text-sm text-muted-foreground">
          In US dollars, from the usage the voice provider reported with each answer, priced by the price table (PRICE_TABLE).
        </p>
      </div>
      <Await promise={costs} fallback={<VersionsTable rows={[]} loading />}>
        {(result) =>
          result.ok ? (
            <>
              {result.value.provider === 'local' && (
                <p className="text-sm">
                  <Badge variant="secondary">local provider: $0</Badge>{' '}
                  <span className="text-muted-foreground">The local voice provider reports no usage; its conversations cost nothing.</span>
                </p>
              )}
              <VersionsTable rows={result.value.versions} />
              <DaysChart days={result.value.days} total={result.value.daysTotal} />
            </>
          ) : (
            <p role="alert" className="text-sm text-destructive">
              Error while fetching costs: {result.error}
            </p>
          )
        }
      </Await>
    </section>
  )
}

function VersionsTable({ rows, loading = false }: { rows: CostRow[]; loading?: boolean }) {
  return (
    <DataTable
      label="Cost by version"
      columns={columns}
      data={rows}
      getRowId={(row) => row.key}
      loading={loading}
      skeletonRows={2}
      emptyText="No conversations costed yet"
      fit
    />
  )
}

// The typed client turns a "YYYY-MM-DD" into a Date on its way in: take either.
const dayLabel = (day: string | Date | undefined) => {
  const at = day instanceof Date ? day : new Date(`${day}T00:00:00Z`)
  return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** One bar per UTC day, as tall as its share of the costliest day; each bar says its figures to a screen reader. */
function DaysChart({ days, total }: { days: CostRow[]; total: SequenceCosts['daysTotal'] }) {
  const most = Math.max(0, ...days.map((d) => d.costUsd))
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm">
        <span className="font-medium">Last 14 days</span>{' '}
        <span className="text-muted-foreground">
          {formatUsd(total.costUsd)} · {total.conversations} {total.conversations === 1 ? 'conversation' : 'conversations'}
        </span>
      </figcaption>
      <ul aria-label="Cost per day" className="flex h-24 items-end gap-1">
        {days.map((d) => {
          const text = `${dayLabel(d.day)}: ${formatUsd(d.costUsd)}, ${d.conversations} ${d.conversations === 1 ? 'conversation' : 'conversations'}`
          const percent = most > 0 ? Math.max(d.costUsd > 0 ? 4 : 0, (d.costUsd / most) * 100) : 0
          return (
            <li key={String(d.key)} title={text} className="flex h-full min-w-0 flex-1 flex-col justify-end">
              <span className="sr-only">{text}</span>
              <span aria-hidden className="block rounded-sm bg-primary/70" style={{ height: `${percent}%`, minHeight: 1 }} />
            </li>
          )
        })}
      </ul>
      <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
        <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)!.day) : ''}</span>
      </div>
    </figure>
  )
}
