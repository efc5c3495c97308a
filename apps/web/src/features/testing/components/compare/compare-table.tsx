// Compare's rows (PRODUCT §10): per case the pass rate of run A and run B, the change — named only when the paired
// exact test finds it significant, with its p-value — and the median turn count of each.
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'
import { cn } from '@hearth/ui/lib/utils'

import { changeText, type CompareRow } from '@/features/testing/runs/compare'
import { passRateText } from '@/features/testing/runs/run-text'

const turns = (n: number | null | undefined) => (n === null || n === undefined ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(1))

export function CompareTable({ rows, labelA, labelB }: { rows: CompareRow[]; labelA: string; labelB: string }) {
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
          const worse = significant && (row.change ?? 0) < 0
          return (
            <TableRow key={row.caseId} data-significant={significant || undefined}>
              <TableHead scope="row" className="font-medium whitespace-normal">
                {row.name}
              </TableHead>
              <TableCell className="tabular-nums">{row.a ? passRateText(row.a.passes, row.a.runs) : '—'}</TableCell>
              <TableCell className="tabular-nums">{row.b ? passRateText(row.b.passes, row.b.runs) : '—'}</TableCell>
              <TableCell
                className={cn(
                  'whitespace-normal',
                  significant
                    ? worse
                      ? 'font-medium text-red-700 dark:text-red-300'
                      : 'font-medium text-emerald-700 dark:text-emerald-300'
                    : 'text-muted-foreground',
                )}
              >
                {significant && <span aria-hidden>{worse ? '▼ ' : '▲ '}</span>}
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
