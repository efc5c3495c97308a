// The conversation list of the staff pages (SPEC §2): each item with its role, status and text, a latency chip
// and any turn-taking flags on answered assistant turns, and a delete per item (conversation.item.delete, staff only — PRODUCT §4).
import { memo, useEffect, useRef } from 'react'
import { useAtomValue } from 'jotai'
import { Trash2, Wrench } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { conversationItemsAtom } from '@/voice/atoms'
import { LatencyChip } from '@/voice/components/latency'
import { TurnTakingChips } from '@/voice/components/turn-taking'
import { TurnTraceBarView } from '@/voice/components/turn-trace-bar'
import { turnLatencyByItemAtom, turnTakingByItemAtom, turnTraceByItemAtom } from '@/voice/staff-atoms'
import type { ConversationItem } from '@/voice/transcript'
import type { TurnLatency } from '@/voice/turn-latency'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'
import type { TurnTraceBar } from '@/voice/turn-trace'

type ConversationPanelProps = {
  /** Deleting needs a live session; without one the buttons are disabled. */
  canDelete: boolean
  onDelete: (itemId: string) => void
  emptyText?: string
  className?: string
}

export function ConversationPanel({ canDelete, onDelete, emptyText = 'No conversation yet.', className }: ConversationPanelProps) {
  const items = useAtomValue(conversationItemsAtom)
  const latencies = useAtomValue(turnLatencyByItemAtom)
  const turnTaking = useAtomValue(turnTakingByItemAtom)
  const traces = useAtomValue(turnTraceByItemAtom)
  const scroller = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)

  // Follows the newest item, unless the reader scrolled up to look at something.
  useEffect(() => {
    const element = scroller.current
    if (element && pinned.current) element.scrollTop = element.scrollHeight
  }, [items])

  let messageNumber = 0
  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget
        pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40
      }}
      className={cn('max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border bg-background/60', className)}
    >
      {items.length === 0 ? (
        <p className="p-6 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ol aria-label="Conversation" className="divide-y">
          {items.map((item) => {
            const number = item.type === 'message' ? ++messageNumber : messageNumber
            return (
              <ConversationRow
                key={item.id}
                item={item}
                number={number}
                latency={latencies.get(item.id)}
                turnTaking={turnTaking.get(item.id)}
                trace={traces.get(item.id)}
                canDelete={canDelete}
                onDelete={onDelete}
              />
            )
          })}
        </ol>
      )}
    </div>
  )
}

type RowProps = {
  item: ConversationItem
  number: number
  latency: TurnLatency | undefined
  turnTaking: TurnTakingFlags | undefined
  trace: TurnTraceBar | undefined
  canDelete: boolean
  onDelete: (itemId: string) => void
}

const ConversationRow = memo(function ConversationRow({ item, number, latency, turnTaking, trace, canDelete, onDelete }: RowProps) {
  const tool = item.type === 'function_call'
  const who = tool
    ? `Tool call ${item.name ?? ''}`.trim()
    : item.role === 'user'
      ? 'User'
      : item.role === 'assistant'
        ? 'Assistant'
        : 'System'
  const label = tool ? `${who}` : `${item.role} message ${number}`
  const failed = tool && item.output ? toolFailed(item.output) : null
  // A reasoning model's spoken preamble (said while it thinks), shown muted before its final answer.
  const preamble = item.phase === 'commentary'
  return (
    <li
      data-role={tool ? 'tool' : item.role}
      data-status={item.status}
      data-phase={item.phase}
      className={cn(
        'group grid grid-cols-[1fr_auto] gap-x-2 px-3 py-2.5',
        item.role === 'assistant' && !tool && !preamble && 'bg-accent/30',
      )}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {tool && <Wrench className="size-3.5 text-muted-foreground" aria-hidden />}
          <span className={cn('font-semibold', item.role === 'assistant' && !tool ? 'text-primary' : 'text-foreground')}>{who}</span>
          {preamble && <span className="rounded bg-muted px-1.5 py-0.5 text-muted-foreground">Preamble</span>}
          {item.status === 'in_progress' && <span className="text-muted-foreground">in progress…</span>}
          {item.status === 'incomplete' && <span className="text-muted-foreground">interrupted</span>}
          {item.truncated && item.status !== 'incomplete' && <span className="text-muted-foreground">cut off</span>}
          {latency && <LatencyChip latency={latency} />}
          {trace && <TurnTraceBarView bar={trace} />}
          {turnTaking && <TurnTakingChips turn={turnTaking} />}
        </div>
        {tool ? (
          <p className="font-mono text-xs break-words text-muted-foreground">
            {item.text || '{}'}
            {item.output && <span className={cn('block', failed ? 'text-destructive' : 'text-emerald-700')}>→ {failed ?? 'done'}</span>}
          </p>
        ) : (
          <p className={cn('text-sm break-words whitespace-pre-wrap', preamble && 'text-muted-foreground italic')}>
            {item.text || <span className="text-muted-foreground">…</span>}
          </p>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="self-start text-muted-foreground hover:text-destructive"
        disabled={!canDelete}
        aria-label={`Delete ${label}`}
        title="Delete from the conversation"
        onClick={() => onDelete(item.id)}
      >
        <Trash2 />
      </Button>
    </li>
  )
})

/** The relay's tool output `{ success:false, error }`: the error text, else null. */
function toolFailed(output: string): string | null {
  try {
    const parsed = JSON.parse(output) as { success?: unknown; error?: unknown }
    return parsed.success === false ? String(parsed.error ?? 'failed') : null
  } catch {
    return null
  }
}
