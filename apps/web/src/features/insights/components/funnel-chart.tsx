// The funnel as bars (shadcn/ui's chart over Recharts): one bar per step with its count and share of the invited.
// A withheld count (fewer than five) draws no bar and says so in the label.
import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts'

import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@hearth/ui/components/chart'

import type { FunnelStep } from '@/features/insights/api'
import { FEWER_THAN_FIVE, formatRate, STEP_LABELS } from '@/features/insights/labels'

const config = { count: { label: 'Members', color: 'var(--chart-1)' } } satisfies ChartConfig

export function FunnelChart({ funnel, title }: { funnel: FunnelStep[]; title: string }) {
  const data = funnel.map((s) => ({
    step: STEP_LABELS[s.step],
    count: s.count,
    label: s.count === null ? FEWER_THAN_FIVE : `${s.count.toLocaleString('en-US')} · ${formatRate(s.rate)}`,
  }))
  return (
    // The table below holds the same numbers for screen readers; the picture is described in one line.
    <figure className="grid gap-2" aria-label={title}>
      <ChartContainer config={config} className="aspect-auto h-80 w-full" data-testid="funnel-chart">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 96 }} accessibilityLayer>
          <CartesianGrid horizontal={false} />
          <YAxis dataKey="step" type="category" width={112} tickLine={false} axisLine={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
          <ChartTooltip cursor={false} content={<ChartTooltipContent />} />
          {/* A step nobody reached keeps a sliver of a bar, so the row does not read as missing. */}
          <Bar
            dataKey="count"
            fill="var(--color-count)"
            radius={4}
            isAnimationActive={false}
            minPointSize={(value) => (value === 0 ? 3 : 0)}
          >
            <LabelList dataKey="label" position="right" className="fill-foreground" fontSize={12} />
          </Bar>
        </BarChart>
      </ChartContainer>
      <figcaption className="sr-only">{title}: the same numbers are in the table below.</figcaption>
    </figure>
  )
}
