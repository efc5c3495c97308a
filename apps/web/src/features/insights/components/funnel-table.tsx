// The funnel's numbers as a table: count, share of the invited, share of the step before, median time from it.
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'

import type { FunnelStep } from '@/features/insights/api'
import { formatCount, formatHours, formatRate, STEP_LABELS } from '@/features/insights/labels'

export function FunnelTable({ funnel, caption }: { funnel: FunnelStep[]; caption: string }) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Step</TableHead>
          <TableHead scope="col" className="text-right">
            Members
          </TableHead>
          <TableHead scope="col" className="text-right">
            Of invited
          </TableHead>
          <TableHead scope="col" className="text-right">
            Of previous step
          </TableHead>
          <TableHead scope="col" className="text-right">
            Median time from previous
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {funnel.map((s) => (
          <TableRow key={s.step}>
            <TableHead scope="row" className="font-medium text-foreground">
              {STEP_LABELS[s.step]}
            </TableHead>
            <TableCell className="text-right tabular-nums">{formatCount(s.count)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRate(s.rate)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRate(s.stepRate)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatHours(s.medianHoursFromPrevious)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
