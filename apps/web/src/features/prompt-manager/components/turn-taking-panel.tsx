// Issue 23 §4 in the Prompt Manager (admins): how well each version of the sequence takes turns in real
// conversations, members' apart from staff ones, per turn detection, from the rates the relay stored per session.
import { Await } from '@tanstack/react-router'

import { dataTableColumns } from '@/components/data-table/columns'
import { DataTable } from '@/components/data-table/data-table'
import type { Settled, TurnTakingVersion } from '@/features/prompt-manager/api'

const DETECTION: Record<TurnTakingVersion['turnDetection'], string> = {
  server_vad: 'Server VAD',
  semantic_vad: 'Semantic VAD',
  manual: 'Push to talk',
}
const SOURCE: Record<TurnTakingVersion['source'], string> = { members: 'Members', staff: 'Staff' }
const percent = (rate: number) => `${Math.round(rate * 100)}%`

const col = dataTableColumns<TurnTakingVersion>()
const number = { align: 'end' } as const
const columns = col.columns([
  col.accessor('version', { header: 'Version', cell: (info) => `v${info.getValue()}`, meta: { card: 'title' } }),
  col.accessor('source', { header: 'Conversations', cell: (info) => SOURCE[info.getValue()] }),
  col.accessor('turnDetection', { header: 'Turn detection', cell: (info) => DETECTION[info.getValue()] }),
  col.accessor('sessions', { header: 'Sessions', meta: number }),
  col.accessor('turns', { header: 'Turns', meta: number }),
  col.accessor('cutOffRate', { header: 'Cut-offs', cell: (info) => percent(info.getValue()), meta: number }),
  col.accessor('prematureCommitRate', { header: 'Premature commits', cell: (info) => percent(info.getValue()), meta: number }),
  col.accessor('deadAirRate', { header: 'Dead air', cell: (info) => percent(info.getValue()), meta: number }),
  col.accessor('selfInterruptionRate', { header: 'Self-interruptions', cell: (info) => percent(info.getValue()), meta: number }),
])

const rowId = (row: TurnTakingVersion) => `${row.version}-${row.source}-${row.turnDetection}`

export function TurnTakingPanel({ rates }: { rates: Promise<Settled<TurnTakingVersion[]>> }) {
  return (
    <section aria-labelledby="turn-taking-heading" className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="grid gap-1">
        <h2 id="turn-taking-heading" className="font-medium">
          Turn-taking
        </h2>
        <p className="text-sm text-muted-foreground">
          Per turn: the assistant starting while the person still spoke (cut-off), the person going on within 300 ms of the commit
          (premature), more than 1.5 s of silence before the answer (dead air), and the assistant taking its own voice for the person's
          (self-interruption).
        </p>
      </div>
      <Await promise={rates} fallback={<RatesTable rows={[]} loading />}>
        {(result) =>
          result.ok ? (
            <RatesTable rows={result.value} />
          ) : (
            <p role="alert" className="text-sm text-destructive">
              Error while fetching turn-taking: {result.error}
            </p>
          )
        }
      </Await>
    </section>
  )
}

function RatesTable({ rows, loading = false }: { rows: TurnTakingVersion[]; loading?: boolean }) {
  return (
    <DataTable
      label="Turn-taking by version"
      columns={columns}
      data={rows}
      getRowId={rowId}
      loading={loading}
      skeletonRows={2}
      emptyText="No conversations measured yet"
      fit
    />
  )
}
