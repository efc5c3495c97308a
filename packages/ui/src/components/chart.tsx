// shadcn/ui's chart pattern (ChartContainer, ChartConfig, ChartTooltip, ChartTooltipContent) over Recharts 3:
// a config names each series and its colour; the container turns the colours into `--color-<key>` variables that
// the chart's elements use (`fill="var(--color-count)"`), so charts follow the theme's --chart-* tokens.
import * as React from 'react'
import * as Recharts from 'recharts'

import { cn } from '@hearth/ui/lib/utils'

export type ChartConfig = Record<string, { label?: React.ReactNode; color?: string }>

const ChartContext = React.createContext<ChartConfig | null>(null)

function useChartConfig() {
  const config = React.useContext(ChartContext)
  if (!config) throw new Error('Chart parts must be inside a <ChartContainer />')
  return config
}

function ChartContainer({
  config,
  className,
  children,
  style,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig
  children: React.ComponentProps<typeof Recharts.ResponsiveContainer>['children']
}) {
  const colors = Object.fromEntries(
    Object.entries(config).flatMap(([key, item]) => (item.color ? [[`--color-${key}`, item.color]] : [])),
  ) as React.CSSProperties
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          'flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden [&_.recharts-layer]:outline-hidden',
          className,
        )}
        style={{ ...colors, ...style }}
        {...props}
      >
        <Recharts.ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>{children}</Recharts.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  )
}

const ChartTooltip = Recharts.Tooltip

type TooltipItem = { name?: unknown; dataKey?: unknown; value?: unknown; color?: string; payload?: Record<string, unknown> }

/** The tooltip's box: the hovered label, then one line per series with its configured label and value. */
function ChartTooltipContent({
  active,
  payload,
  label,
  className,
  formatter,
}: {
  active?: boolean
  payload?: ReadonlyArray<TooltipItem>
  label?: React.ReactNode
  className?: string
  formatter?: (value: unknown, item: TooltipItem) => React.ReactNode
}) {
  const config = useChartConfig()
  if (!active || !payload?.length) return null
  return (
    <div className={cn('grid min-w-32 gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl', className)}>
      {label !== undefined && <div className="font-medium">{label}</div>}
      {payload.map((item, index) => {
        const key = String(item.dataKey ?? item.name ?? 'value')
        return (
          <div key={key + index} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: item.color ?? `var(--color-${key})` }} />
            <span className="text-muted-foreground">{config[key]?.label ?? String(item.name ?? key)}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">
              {formatter
                ? formatter(item.value, item)
                : typeof item.value === 'number'
                  ? item.value.toLocaleString()
                  : String(item.value ?? '')}
            </span>
          </div>
        )
      })}
    </div>
  )
}

export { ChartContainer, ChartTooltip, ChartTooltipContent }
