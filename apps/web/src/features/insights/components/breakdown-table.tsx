// One breakdown (by module, subgroup or group): a row per part with its members and each step's count.
// A part of fewer than five members shows "fewer than 5" throughout: the server sent no numbers for it.
import type { ReactNode } from 'react'

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@hearth/ui/components/table'

import type { FunnelStep } from '@/features/insights/api'
import { formatCount, FEWER_THAN_FIVE, STEP_LABELS } from '@/features/insights/labels'
import { FUNNEL_ORDER } from '@/features/insights/steps'

export type BreakdownRow = { key: string; name: ReactNode; members: number | null; hidden: boolean; funnel: FunnelStep[] }

export function BreakdownTable({
  caption,
  nameHeader,
  rows,
  empty,
}: {
  caption: string
  nameHeader: string
  rows: BreakdownRow[]
  empty: string
}) {
  if (rows.length === 0) return <p className="px-4 py-6 text-sm text-muted-foreground">{empty}</p>
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{nameHeader}</TableHead>
          <TableHead scope="col" className="text-right">
            Members
          </TableHead>
          {FUNNEL_ORDER.map((step) => (
            <TableHead key={step} scope="col" className="text-right">
              {STEP_LABELS[step]}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableHead scope="row" className="font-medium text-foreground">
              {row.name}
            </TableHead>
            <TableCell className="text-right tabular-nums">{row.hidden ? FEWER_THAN_FIVE : formatCount(row.members)}</TableCell>
            {row.hidden ? (
              <TableCell colSpan={FUNNEL_ORDER.length} className="text-muted-foreground">
                Hidden: fewer than 5 members
              </TableCell>
            ) : (
              row.funnel.map((s) => (
                <TableCell key={s.step} className="text-right tabular-nums">
                  {formatCount(s.count)}
                </TableCell>
              ))
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
