// Compare's rows (PRODUCT §10): per case the pass rate of run A and run B, the change — named only when the paired
// exact test finds it significant, with its p-value — and the median turn count of each.
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'
import { cn } from '@hearth/ui/lib/utils'

import { changeText, type CompareRow } from '@/features/testing/runs/compare'
import { passRateText } from '@/features/testing/runs/run-text'

const turns = (n: number | null | undefined) => (n === null || n === undefined ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(1))

type CompareTableProps = { rows: CompareRow[]; labelA: string; labelB: string }

/** A table from 640 px up; below, the same rows as cards (five columns do not fit a phone). */
export function CompareTable(props: CompareTableProps) {
  return (
    <>
      <div className="hidden sm:block">
        <WideTable {...props} />
      </div>
      <CompareCards {...props} />
    </>
  )
}

function changeClass(row: CompareRow) {
  if (!row.test?.significant) return 'text-muted-foreground'
  return (row.change ?? 0) < 0 ? 'font-medium text-red-700 dark:text-red-300' : 'font-medium text-emerald-700 dark:text-emerald-300'
}

function ChangeMark({ row }: { row: CompareRow }) {
  if (!row.test?.significant) return null
  return <span aria-hidden>{(row.change ?? 0) < 0 ? '▼ ' : '▲ '}</span>
}

function CompareCards({ rows, labelA, labelB }: CompareTableProps) {
  return (
    <ul className="grid gap-2 sm:hidden" aria-label="Pass rates by case">
      {rows.map((row) => (
        <li
          key={row.caseId}
          className="grid gap-1 rounded-lg border px-3 py-2 text-sm"
          data-significant={row.test?.significant || undefined}
        >
          <span className="font-medium">{row.name}</span>
          <span className="tabular-nums">
            {labelA}: {row.a ? passRateText(row.a.passes, row.a.runs) : '—'} · {labelB}:{' '}
            {row.b ? passRateText(row.b.passes, row.b.runs) : '—'}
          </span>
          <span className={changeClass(row)}>
            <ChangeMark row={row} />
            {changeText(row)}
          </span>
          <span className="text-muted-foreground tabular-nums">
            Median turns {turns(row.a?.medianTurns)} → {turns(row.b?.medianTurns)}
          </span>
        </li>
      ))}
    </ul>
  )
}

function WideTable({ rows, labelA, labelB }: CompareTableProps) {
  return (
    <Table aria-label="Pass rates by case">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Case</TableHead>
          <TableHead scope="col">{labelA}</TableHead>
          <TableHead scope="col">{labelB}</TableHead>
          <TableHead scope="col">Change</TableHead>
          <TableHead scope="col" className="text-right">
            Median turns
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const significant = row.test?.significant === true
          return (
            <TableRow key={row.caseId} data-significant={significant || undefined}>
              <TableHead scope="row" className="font-medium whitespace-normal">
                {row.name}
              </TableHead>
              <TableCell className="tabular-nums">{row.a ? passRateText(row.a.passes, row.a.runs) : '—'}</TableCell>
              <TableCell className="tabular-nums">{row.b ? passRateText(row.b.passes, row.b.runs) : '—'}</TableCell>
              <TableCell className={cn('whitespace-normal', changeClass(row))}>
                <ChangeMark row={row} />
                {changeText(row)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {turns(row.a?.medianTurns)} → {turns(row.b?.medianTurns)}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
