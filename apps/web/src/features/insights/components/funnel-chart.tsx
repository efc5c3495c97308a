// The funnel as bars (shadcn/ui's chart over Recharts): one bar per step with its count and share of all members.
// A withheld count (fewer than five) draws no bar and says so in the label.
import { Bar, BarChart, CartesianGrid, LabelList, Rectangle, XAxis, YAxis, type BarShapeProps } from 'recharts'

import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@hearth/ui/components/chart'

import type { FunnelStep } from '@/features/insights/api'
import { FEWER_THAN_FIVE, formatCount, formatRate, STEP_LABELS } from '@/features/insights/labels'

const config = { bar: { label: 'Members', color: 'var(--chart-1)' } } satisfies ChartConfig

// A custom shape keeps the zero-width bar of a withheld count, so its "fewer than 5" label is still drawn.
const barShape = (props: BarShapeProps) => (props.width ? <Rectangle {...props} /> : <g />)

export function FunnelChart({ funnel, title }: { funnel: FunnelStep[]; title: string }) {
  const data = funnel.map((s) => ({
    step: STEP_LABELS[s.step],
    count: s.count,
    // Recharts drops a bar (and its label) without a number: a withheld count is drawn as an empty bar.
    bar: s.count ?? 0,
    label: s.count === null ? FEWER_THAN_FIVE : `${s.count.toLocaleString('en-US')} · ${formatRate(s.rate)}`,
  }))
  return (
    // The table below holds the same numbers for screen readers; the picture is described in one line.
    <figure className="grid gap-2" aria-label={title}>
      <ChartContainer config={config} className="aspect-auto h-80 w-full" data-testid="funnel-chart">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 112 }} accessibilityLayer>
          <CartesianGrid horizontal={false} />
          <YAxis dataKey="step" type="category" width={112} tickLine={false} axisLine={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} />
          <ChartTooltip
            cursor={false}
            content={
              <ChartTooltipContent formatter={(_, item) => formatCount((item.payload?.count as number | null | undefined) ?? null)} />
            }
          />
          {/* A step nobody reached keeps a sliver of a bar, so the row does not read as missing. */}
          <Bar
            dataKey="bar"
            fill="var(--color-bar)"
            radius={4}
            isAnimationActive={false}
            minPointSize={(_, index) => (data[index]?.count === 0 ? 3 : 0)}
            shape={barShape}
          >
            <LabelList dataKey="label" position="right" className="fill-foreground" fontSize={12} />
          </Bar>
        </BarChart>
      </ChartContainer>
      <figcaption className="sr-only">{title}: the same numbers are in the table below.</figcaption>
    </figure>
  )
}
