// The funnel's numbers as a table: count, share of all members, share of the previous step's members who made this
// one, and the median time from the previous step.
import { useMemo } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'

import type { FunnelStep } from '@/features/insights/api'
import { scrollableTable } from '@/features/insights/scroll-ref'
import { formatCount, formatHours, formatRate, STEP_LABELS } from '@/features/insights/labels'

export function FunnelTable({ funnel, caption }: { funnel: FunnelStep[]; caption: string }) {
  const tableRef = useMemo(() => scrollableTable(caption), [caption])
  return (
    <Table ref={tableRef}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Step</TableHead>
          <TableHead scope="col" className="text-right">
            Members
          </TableHead>
          <TableHead scope="col" className="text-right">
            Of all members
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
