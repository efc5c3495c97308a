// The Messages table's columns: when, who (and the address), what, which group, where it stands, how many tries, and
// a button that opens the message (what it said, its times).
import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { dataTableColumns } from '@/components/data-table/columns'
import type { MessageRow } from '@/features/messages/api'
import { formatWhen, kindLabel, statusHint, statusOf, type Tone } from '@/features/messages/labels'

export const TONES: Record<Tone, string> = {
  info: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  good: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  bad: 'border-transparent bg-destructive/15 text-destructive',
  warning: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  waiting: 'border-transparent bg-secondary text-secondary-foreground',
  muted: 'text-muted-foreground',
}

const col = dataTableColumns<MessageRow>()

/** The columns; `onOpen` opens a message's details (none while loading), from the button that asked. */
export const messageColumns = (onOpen?: (message: MessageRow, opener: HTMLElement) => void) =>
  col.columns([
    col.accessor('createdAt', {
      header: 'Created',
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatWhen(row.original.createdAt)}
          {row.original.sentAt ? <span className="block text-xs text-muted-foreground">sent {formatWhen(row.original.sentAt)}</span> : null}
        </span>
      ),
    }),
    col.accessor('name', {
      header: 'Recipient',
      cell: ({ row }) => (
        <span className="grid min-w-32">
          <span className="font-medium">{row.original.name ?? '—'}</span>
          <span className="text-xs break-all text-muted-foreground">
            {row.original.to || (row.original.channel === 'sms' ? 'no phone' : 'no e-mail')}
          </span>
        </span>
      ),
    }),
    col.accessor('kind', { header: 'Kind', cell: ({ getValue }) => <span className="whitespace-nowrap">{kindLabel(getValue())}</span> }),
    col.accessor('groupName', { header: 'Group', cell: ({ getValue }) => getValue() ?? '—' }),
    col.accessor('status', {
      header: 'State',
      cell: ({ row }) => {
        const { label, tone } = statusOf(row.original)
        const hint = statusHint(row.original)
        return (
          <span className="grid max-w-72 min-w-28 justify-items-start gap-1">
            <Badge variant="outline" className={cn(TONES[tone])} title={hint}>
              {label}
            </Badge>
            {row.original.lastError ? (
              <span className="line-clamp-2 text-xs text-muted-foreground" title={row.original.lastError}>
                {row.original.lastError}
              </span>
            ) : null}
          </span>
        )
      },
    }),
    col.accessor('attempts', { header: 'Attempts', meta: { align: 'end' } }),
    col.display({
      id: 'open',
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          className="h-7"
          aria-label={`Open the ${kindLabel(row.original.kind)} to ${row.original.name ?? row.original.to}`}
          onClick={(event) => onOpen?.(row.original, event.currentTarget)}
          disabled={!onOpen}
        >
          Open
        </Button>
      ),
    }),
  ])
