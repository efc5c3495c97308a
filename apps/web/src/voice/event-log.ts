// The staff pages' event log (issue 7 §3), usable at speech rates: every `*.delta` of one response or item
// collapses into one row with a count and its first and last time, so a spoken answer is a handful of rows
// rather than hundreds. Adding an event is a map lookup and a few field writes; nothing renders here.
// Subscribers are told synchronously and are expected to batch (see components/event-log-panel.tsx).
import type {
  BrowserEvent,
  ClientSessionSettings,
  ConversationItem,
  RealtimeSessionConfig,
  ServerMessage,
  TurnDetection,
} from '@hearth/protocol'

export type EventDirection = 'server' | 'client'

export interface EventLogRow {
  id: number
  direction: EventDirection
  type: string
  /** Date.now() of the first and the latest event of the row. */
  firstAtMs: number
  lastAtMs: number
  count: number
  /** One line for the row: ids, status, transcript so far, the error text… */
  summary: string
  /** The first event of the row, audio payloads replaced by their size (for the details view). */
  event: unknown
  /** Audio in the row's deltas (24 kHz PCM16), for audio rows. */
  audioMs?: number
}

type VoiceEvent = ServerMessage | BrowserEvent
/** What arrives on /ws may be a type the protocol does not list (relayed untyped), so fields are checked. */
type LoggedEvent = VoiceEvent | { type: string; [field: string]: unknown }
type Fields = { type: string; [field: string]: unknown }

const SAMPLE_RATE = 24_000
const MAX_SUMMARY = 160

export class EventLog {
  private list: EventLogRow[] = []
  /** Delta rows still open for more deltas, by direction, type and response/item. */
  private readonly open = new Map<string, EventLogRow>()
  private readonly listeners = new Set<() => void>()
  private nextId = 0
  private changes = 0

  constructor(private readonly capacity = 400) {}

  /** Bumped on every change, so a view can tell whether to render again. */
  get version(): number {
    return this.changes
  }

  get rows(): readonly EventLogRow[] {
    return this.list
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  add(direction: EventDirection, logged: LoggedEvent, atMs = Date.now()): void {
    const event = logged as Fields
    const type = String(event.type)
    if (type.endsWith('.delta') || type === 'input_audio_buffer.append') {
      const key = `${direction} ${type} ${deltaGroup(event)}`
      const row = this.open.get(key)
      if (row) {
        row.count++
        row.lastAtMs = atMs
        mergeDelta(row, event)
        return this.changed()
      }
      const created = this.push(direction, type, event, atMs)
      this.open.set(key, created)
      return this.changed()
    }
    // A response's end closes its delta rows, so a later response with a reused id starts afresh.
    if (type === 'response.done' || type === 'response.output_audio.done') this.closeOpenRows(event)
    this.push(direction, type, event, atMs)
    this.changed()
  }

  clear(): void {
    this.list = []
    this.open.clear()
    this.changed()
  }

  private push(direction: EventDirection, type: string, event: Fields, atMs: number): EventLogRow {
    const row: EventLogRow = {
      id: ++this.nextId,
      direction,
      type,
      firstAtMs: atMs,
      lastAtMs: atMs,
      count: 1,
      summary: '',
      event: withoutAudio(event),
    }
    if (type.endsWith('.delta') || type === 'input_audio_buffer.append') mergeDelta(row, event)
    else row.summary = summarize(event)
    this.list.push(row)
    // Trimmed in batches, so the array is not shifted on every event.
    if (this.list.length > this.capacity * 1.25) {
      const dropped = this.list.splice(0, this.list.length - this.capacity)
      for (const old of dropped) {
        for (const [key, row] of this.open) if (row === old) this.open.delete(key)
      }
    }
    return row
  }

  private closeOpenRows(event: Fields): void {
    const group = (event.response as { id?: string } | undefined)?.id ?? (event.item_id as string | undefined)
    if (!group) return
    for (const key of this.open.keys()) if (key.includes(`|${group}|`)) this.open.delete(key)
  }

  private changed(): void {
    this.changes++
    for (const listener of this.listeners) listener()
  }
}

/**
 * Deltas of one response item (audio, transcript, arguments; a response may have several, such as a preamble and
 * its answer) or one input item (its transcription) share a row.
 */
function deltaGroup(event: Fields): string {
  return `|${String(event.response_id ?? '')}|${String(event.item_id ?? '')}|`
}

function mergeDelta(row: EventLogRow, event: Fields): void {
  const delta = typeof event.delta === 'string' ? event.delta : typeof event.audio === 'string' ? event.audio : ''
  if (row.type.includes('audio.delta') || row.type === 'input_audio_buffer.append') {
    row.audioMs = (row.audioMs ?? 0) + base64AudioMs(delta)
    row.summary = `${Math.round(row.audioMs)} ms of audio${event.item_id ? ` · ${String(event.item_id)}` : ''}`
    return
  }
  // Trailing spaces are kept: the next word comes in the next delta.
  if (row.summary.length < MAX_SUMMARY) row.summary = (row.summary + delta).replace(/\s+/g, ' ').trimStart().slice(0, MAX_SUMMARY)
}

/** Milliseconds of 24 kHz PCM16 in a base64 string, without decoding it. */
export function base64AudioMs(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  const bytes = (base64.length * 3) / 4 - padding
  return (bytes / 2 / SAMPLE_RATE) * 1000
}

function withoutAudio(event: Fields): unknown {
  if (typeof event.delta === 'string' && String(event.type).includes('audio.delta')) {
    return { ...event, delta: `<${Math.round((event.delta.length * 3) / 4)} bytes of audio>` }
  }
  if (typeof event.audio === 'string') return { ...event, audio: `<${Math.round((event.audio.length * 3) / 4)} bytes of audio>` }
  return event
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line
}

/** One readable line for an event of any type. */
export function summarize(event: LoggedEvent): string {
  const e = event as VoiceEvent
  switch (e.type) {
    case 'error':
      return clip(e.error?.message ?? 'Error')
    case 'hearth.session':
      return clip(`${e.module} v${e.version} · prompt ${e.prompt || '—'} · voice ${e.voice} · ${e.provider}`)
    case 'hearth.prompt_changed':
      return clip(`prompt → ${e.prompt}`)
    case 'hearth.module_changed':
      return clip(`sequence → ${e.module} v${e.version}`)
    case 'hearth.memory':
    case 'hearth.mood':
      return clip(`${e.key} = ${e.value}`)
    case 'hearth.wellbeing':
      return `Loneliness scale recorded: ${e.score} of 9 (${e.stored ? e.phase : 'staff session: nothing stored'})`
    case 'hearth.select_module':
      return clip(`${e.module}${e.version ? ` v${e.version}` : ''}`)
    case 'hearth.post_chat':
      return e.status
    case 'hearth.resumable':
      return `resumable for ${Math.round(e.graceMs / 1000)} s`
    case 'hearth.continued':
      return `${e.phase} · ${e.cause.replace('_', ' ')}${e.summarised ? ' · summarised' : ''}`
    case 'hearth.resumed':
      return `${e.mode} · ${e.missed} missed${e.summarised ? ' · summarised' : ''}`
    case 'response.created':
    case 'response.done': {
      const reason = e.response.status_details?.reason
      return clip(`${e.response.id} · ${e.response.status}${reason ? ` (${reason})` : ''}`)
    }
    case 'conversation.item.added':
    case 'conversation.item.done':
    case 'response.output_item.added':
    case 'response.output_item.done':
    case 'conversation.item.create':
      return clip(itemSummary(e.item))
    case 'response.function_call_arguments.done':
      return clip(`${e.name}(${e.arguments})`)
    case 'response.output_audio_transcript.done':
    case 'conversation.item.input_audio_transcription.completed':
      return clip(e.transcript)
    case 'input_audio_buffer.speech_started':
      return `at ${e.audio_start_ms} ms · ${e.item_id}`
    case 'input_audio_buffer.speech_stopped':
      return `at ${e.audio_end_ms} ms · ${e.item_id}`
    case 'conversation.item.truncate':
    case 'conversation.item.truncated':
      return `${e.item_id} at ${e.audio_end_ms} ms`
    case 'conversation.item.delete':
    case 'conversation.item.deleted':
      return e.item_id
    case 'session.update':
    case 'session.updated':
    case 'session.created':
      return clip(sessionSummary(e.session))
    default: {
      const other = event as { item_id?: unknown; response_id?: unknown }
      return clip(String(other.item_id ?? other.response_id ?? ''))
    }
  }
}

function itemSummary(item: ConversationItem): string {
  if (item.type === 'function_call') return `${item.id ?? ''} · ${item.name}(${item.arguments ?? ''})`
  if (item.type === 'function_call_output') return `${item.call_id} → ${item.output}`
  const text = item.content
    .map((part) => ('text' in part ? part.text : (part.transcript ?? '')))
    .filter(Boolean)
    .join(' ')
  const phase = item.phase ? ` (${item.phase})` : ''
  return `${item.id ?? ''} · ${item.role}${phase}${item.status ? ` · ${item.status}` : ''}${text ? ` · ${text}` : ''}`
}

function turnDetectionSummary(turnDetection: TurnDetection | undefined): string {
  if (!turnDetection) return 'manual turns'
  if (turnDetection.type === 'semantic_vad') return `semantic VAD, eagerness ${turnDetection.eagerness ?? 'auto'}`
  return `VAD, silence ${turnDetection.silence_duration_ms ?? '?'} ms`
}

function sessionSummary(session: ClientSessionSettings | RealtimeSessionConfig): string {
  const parts: string[] = []
  const voice = session.audio?.output?.voice
  if (voice) parts.push(`voice ${voice}`)
  const input = session.audio?.input
  if (input && 'turn_detection' in input) {
    parts.push(turnDetectionSummary(input.turn_detection))
  }
  if (typeof session.temperature === 'number') parts.push(`temperature ${session.temperature}`)
  if ('instructions' in session && typeof session.instructions === 'string') {
    parts.push(`instructions (${session.instructions.length} characters)`)
  }
  if ('tools' in session && Array.isArray(session.tools)) parts.push(`${session.tools.length} tools`)
  return parts.join(' · ')
}
