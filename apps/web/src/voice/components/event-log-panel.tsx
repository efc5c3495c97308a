// The event log of the staff pages (issue 7 §3): newest first, with time, direction, type, count of collapsed
// deltas and a one-line summary; a filter by type and a pause. Rendering cannot hold up the microphone: capture
// runs in the worklet and the socket, the log only counts, and this view renders in an animation frame at most
// ten times a second, and only the newest rows that match.
import { memo, useEffect, useId, useMemo, useState } from 'react'
import { ArrowDownLeft, ArrowUpRight, Pause, Play } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { cn } from '@hearth/ui/lib/utils'

import type { EventLog, EventLogRow } from '@/voice/event-log'

/** Rows on screen; older ones stay in the log (its capacity) and show with a narrower filter. */
const SHOWN_ROWS = 150

/** A log is read, not watched frame by frame: ten renders a second keep it live and the main thread free. */
const RENDER_INTERVAL_MS = 100

/** The log's version, taken in an animation frame at most every RENDER_INTERVAL_MS. */
function useThrottledVersion(log: EventLog): number {
  const [version, setVersion] = useState(log.version)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    let frame = 0
    let renderedAtMs = 0
    const render = () => {
      frame = 0
      timer = null
      renderedAtMs = performance.now()
      setVersion(log.version)
    }
    const unsubscribe = log.subscribe(() => {
      if (timer !== null || frame) return
      const waitMs = RENDER_INTERVAL_MS - (performance.now() - renderedAtMs)
      if (waitMs <= 0) frame = requestAnimationFrame(render)
      else timer = setTimeout(() => (frame = requestAnimationFrame(render)), waitMs)
    })
    setVersion(log.version)
    return () => {
      unsubscribe()
      if (timer !== null) clearTimeout(timer)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [log])
  return version
}

export function EventLogPanel({ log, className }: { log: EventLog; className?: string }) {
  const filterId = useId()
  const version = useThrottledVersion(log)
  const [filter, setFilter] = useState('')
  const [paused, setPaused] = useState<{ rows: EventLogRow[]; version: number } | null>(null)
  const [expanded, setExpanded] = useState<number | null>(null)

  const togglePause = () =>
    // Rows change in place as deltas arrive, so a pause keeps copies.
    setPaused((current) => (current ? null : { rows: log.rows.map((row) => ({ ...row })), version: log.version }))

  const source = paused ? paused.rows : log.rows
  const sourceVersion = paused ? paused.version : version
  const needle = filter.trim().toLowerCase()
  const shown = useMemo(() => {
    const rows: EventLogRow[] = []
    for (let i = source.length - 1; i >= 0 && rows.length < SHOWN_ROWS; i--) {
      if (!needle || source[i].type.toLowerCase().includes(needle)) rows.push(source[i])
    }
    return rows
    // `sourceVersion` stands for the rows' contents, which change in place.
  }, [source, sourceVersion, needle])
  const newSincePause = paused ? version - paused.version : 0

  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-44 flex-1 gap-1.5">
          <Label htmlFor={filterId}>Filter by type</Label>
          <Input
            id={filterId}
            value={filter}
            placeholder="e.g. response, hearth, error"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <Button variant="outline" onClick={togglePause} aria-pressed={paused !== null}>
          {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
      </div>
      {paused && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Paused{newSincePause > 0 ? ` · ${newSincePause} new ${newSincePause === 1 ? 'event' : 'events'} waiting` : ''}
        </p>
      )}
      <div className="max-h-96 overflow-auto rounded-lg border bg-background/60">
        {shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {source.length === 0 ? 'No events yet.' : 'No events of that type.'}
          </p>
        ) : (
          <table aria-label="Event log" className="w-full min-w-[44rem] border-collapse text-xs">
            <thead className="sticky top-0 z-10 bg-muted/95 text-left text-muted-foreground backdrop-blur">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Time
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  <span className="sr-only">Direction</span>
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Type
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Count
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <EventRow
                  key={row.id}
                  row={row}
                  count={row.count}
                  lastAtMs={row.lastAtMs}
                  summary={row.summary}
                  expanded={expanded === row.id}
                  onToggle={() => setExpanded((id) => (id === row.id ? null : row.id))}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  )
}

type EventRowProps = {
  row: EventLogRow
  // The row object changes in place; these are what a render shows, so memo sees the change.
  count: number
  lastAtMs: number
  summary: string
  expanded: boolean
  /** Depends only on the row's id, so memo may keep the first one. */
  onToggle: () => void
}

const EventRow = memo(
  function EventRow({ row, count, lastAtMs, summary, expanded, onToggle }: EventRowProps) {
    return (
      <>
        <tr
          data-type={row.type}
          data-direction={row.direction}
          className={cn('border-t align-top hover:bg-accent/40', row.type === 'error' && 'bg-destructive/5 text-destructive')}
        >
          <td className="px-2 py-1 font-mono whitespace-nowrap tabular-nums text-muted-foreground">
            {logTime(row.firstAtMs)}
            {count > 1 && <span className="block">{`…${logTime(lastAtMs)}`}</span>}
          </td>
          <td className="px-1 py-1">
            {row.direction === 'client' ? (
              <ArrowUpRight className="size-3.5 text-sky-700" aria-label="sent" />
            ) : (
              <ArrowDownLeft className="size-3.5 text-amber-700" aria-label="received" />
            )}
          </td>
          <td className="px-2 py-1 font-mono whitespace-nowrap">
            <button type="button" className="text-left underline-offset-2 hover:underline" aria-expanded={expanded} onClick={onToggle}>
              {row.type}
            </button>
          </td>
          <td className="px-2 py-1 text-right font-mono tabular-nums">{count > 1 ? `×${count}` : ''}</td>
          <td className="min-w-64 px-2 py-1 break-words">{summary}</td>
        </tr>
        {expanded && (
          <tr className="bg-muted/40">
            <td colSpan={5} className="px-2 py-2">
              <pre className="max-h-64 overflow-auto font-mono text-[11px] whitespace-pre-wrap break-all">
                {JSON.stringify(row.event, null, 2)}
              </pre>
            </td>
          </tr>
        )}
      </>
    )
  },
  (before, after) =>
    before.row === after.row &&
    before.count === after.count &&
    before.lastAtMs === after.lastAtMs &&
    before.summary === after.summary &&
    before.expanded === after.expanded,
)

function logTime(atMs: number): string {
  const date = new Date(atMs)
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}
