// The voice session's connection to /ws, which outlives a dropped socket (issue 10 §3): it pings, notices a dead
// or offline socket, and reconnects with `resume=<token>` within the relay's grace (voice/reconnect.ts says when
// and how often). The session sees parsed events, "reconnecting", "resumed" and a final close.
import type { HearthResumable, HearthResumed, ServerMessage } from '@hearth/protocol'

import type { VoiceAudio } from '@/voice/audio-engine'
import { describeSocketClose } from '@/voice/errors'
import {
  type AttemptOutcome,
  closeVerdict,
  DEFAULT_GRACE_MS,
  Heartbeat,
  PAGE_DROPPED_CODE,
  RESUME_MARGIN_MS,
  retryUntil,
} from '@/voice/reconnect'
import type { CaptureFigures, InputPosition } from '@/voice/socket-worker-messages'
import type { PageFigures } from '@/voice/turn-trace'
import { closeVoiceSocket, openVoiceSocket } from '@/voice/voice-socket'
import { WorkerSocket } from '@/voice/worker-socket'

export interface ResumableSocketHandlers {
  /** Every server event in order (pongs excepted; hearth.resumable without its token). */
  onEvent(event: ServerMessage, input?: InputPosition): void
  /** Whether a drop now may be resumed: the session is live and nobody asked to end it. */
  canResume(): boolean
  /** The socket dropped; reconnect attempts have started. */
  onReconnecting(): void
  /** A reconnect was answered (its hearth.resumed then arrives through onEvent, then what was missed). */
  onResumed(event: HearthResumed): void
  /** Closed for good: the relay's final code, a drop that cannot be resumed, or retries used up. */
  onClosed(message: string): void
}

export interface ResumableSocketOptions {
  url: string
  workerUrl: string | URL
  /** Bounds opening a socket and, on a reconnect, its hearth.resumed. */
  timeoutMs: number
  handlers: ResumableSocketHandlers
  /** Tests shorten these (voice/reconnect.ts has the defaults). */
  pingEveryMs?: number
  silenceMs?: number
  marginMs?: number
}

type Audio = Pick<VoiceAudio, 'capture' | 'clockReading'>

const LOST_MESSAGE = describeSocketClose(1006, '')

export class ResumableSocket {
  private socket: WorkerSocket | null = null
  private audio: Audio | null = null
  private resumable: HearthResumable | null = null
  private reconnecting: AbortController | null = null
  private ended = false
  private pingId = 0
  private pingSentAtMs = 0
  private roundTrip: number | null = null
  private lastFigures: CaptureFigures | null = null
  private readonly heartbeat: Heartbeat
  private readonly handlers: ResumableSocketHandlers
  private readonly onOffline = () => this.dropped()

  constructor(private readonly options: ResumableSocketOptions) {
    this.handlers = options.handlers
    this.heartbeat = new Heartbeat({
      ping: () => {
        this.pingSentAtMs = performance.now()
        this.socket?.send(JSON.stringify({ type: 'hearth.ping', id: ++this.pingId }))
      },
      silent: () => this.dropped(),
      pingEveryMs: options.pingEveryMs,
      silenceMs: options.silenceMs,
    })
  }

  /** Opens the first socket; rejects as openVoiceSocket does (a failed connect says why). */
  open(): Promise<void> {
    globalThis.addEventListener?.('offline', this.onOffline)
    const { socket, opened } = openVoiceSocket(
      this.options.url,
      this.options.timeoutMs,
      { onMessage: (data, input) => this.receive(data, input), onClose: (message, code) => this.socketClosed(socket, message, code) },
      (url) => new WorkerSocket(url, this.options.workerUrl),
    )
    this.adopt(socket)
    return opened.then(() => this.heartbeat.start())
  }

  /** Open and not reconnecting: events sent now reach the relay. */
  get isOpen(): boolean {
    return this.socket?.readyState === WorkerSocket.OPEN
  }

  get isReconnecting(): boolean {
    return this.reconnecting !== null
  }

  /** What a turn's trace estimates the page's shares from (voice/turn-trace.ts): frames' capture-to-send median and
   * the latest ping's round trip through the socket's worker and the relay. */
  get pageFigures(): PageFigures {
    return { captureToSendMs: this.figures?.captureToSendMs.medianMs ?? null, roundTripMs: this.roundTrip }
  }

  get figures(): CaptureFigures | null {
    return this.socket?.figures ?? this.lastFigures
  }

  send(data: string): void {
    if (this.isOpen) this.socket?.send(data)
  }

  /** Whether microphone frames are sent; a socket opened later starts closed until the session opens it. */
  setGate(open: boolean): void {
    this.socket?.setGate(open)
  }

  /** Routes the capture worklet's frames to the current socket's worker, and to every later one. */
  attachAudio(audio: Audio): void {
    this.audio = audio
    this.socket?.attachAudio(audio)
  }

  /** The end: stops any reconnect; 1000 tells the relay the session is over. */
  close(code = 1000): void {
    this.ended = true
    this.stopWatching()
    this.reconnecting?.abort()
    this.reconnecting = null
    const socket = this.socket
    // Still opening: it closes listened to, so that open() rejects at once.
    if (socket?.readyState === WorkerSocket.CONNECTING) socket.close(code)
    else if (socket) this.release(socket, code)
  }

  private adopt(socket: WorkerSocket): void {
    this.socket = socket
    if (this.audio) socket.attachAudio(this.audio)
  }

  private release(socket: WorkerSocket, code: number): void {
    if (this.socket === socket) this.socket = null
    this.lastFigures = socket.figures ?? this.lastFigures
    closeVoiceSocket(socket, code)
  }

  private stopWatching(): void {
    this.heartbeat.stop()
    globalThis.removeEventListener?.('offline', this.onOffline)
  }

  private receive(data: unknown, input?: InputPosition): void {
    this.heartbeat.heard()
    const event = parseEvent(data)
    if (event?.type === 'hearth.pong' && event.id === this.pingId) this.roundTrip = performance.now() - this.pingSentAtMs
    if (!event || event.type === 'hearth.pong') return
    if (event.type === 'hearth.resumable') {
      this.resumable = event
      // The token opens this conversation again: it stays here, out of event logs and the page's state.
      return this.handlers.onEvent({ ...event, token: '' }, input)
    }
    this.handlers.onEvent(event, input)
  }

  private socketClosed(socket: WorkerSocket, message: string, code: number): void {
    if (socket !== this.socket || this.ended) return
    this.heartbeat.stop()
    this.lastFigures = socket.figures ?? this.lastFigures
    this.socket = null
    if (closeVerdict(code) !== 'final' && this.mayResume()) return void this.reconnect()
    this.stopWatching()
    this.handlers.onClosed(message)
  }

  /** The socket went silent or the browser went offline: it is given up on (the relay keeps the session). */
  private dropped(): void {
    const socket = this.socket
    if (!socket || this.reconnecting || this.ended) return
    this.heartbeat.stop()
    this.release(socket, PAGE_DROPPED_CODE)
    if (this.mayResume()) return void this.reconnect()
    this.stopWatching()
    this.handlers.onClosed(LOST_MESSAGE)
  }

  private mayResume(): boolean {
    return !this.ended && this.resumable !== null && this.handlers.canResume()
  }

  private async reconnect(): Promise<void> {
    const controller = new AbortController()
    this.reconnecting = controller
    this.handlers.onReconnecting()
    const graceMs = this.resumable?.graceMs ?? DEFAULT_GRACE_MS
    const result = await retryUntil({
      attempt: () => this.attempt(controller.signal),
      deadlineMs: graceMs + (this.options.marginMs ?? RESUME_MARGIN_MS),
      signal: controller.signal,
      wake: () => backOnline(controller.signal),
    })
    if (this.reconnecting === controller) this.reconnecting = null
    if (result.kind === 'resumed' || result.kind === 'aborted') return
    this.stopWatching()
    this.handlers.onClosed(result.kind === 'final' ? result.reason : LOST_MESSAGE)
  }

  /** One socket to the same URL plus resume=: resumed once its hearth.resumed arrives, in time. */
  private attempt(signal: AbortSignal): Promise<AttemptOutcome> {
    const url = new URL(this.options.url)
    url.searchParams.set('resume', this.resumable?.token ?? '')
    return new Promise((resolve) => {
      let settled = false
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        signal.removeEventListener('abort', abort)
        resolve(outcome)
      }
      const { socket, opened } = openVoiceSocket(
        url.toString(),
        this.options.timeoutMs,
        {
          onMessage: (data, input) => {
            if (this.socket === socket) return this.receive(data, input)
            const event = parseEvent(data)
            if (settled || event?.type !== 'hearth.resumed') return
            settle({ kind: 'resumed' })
            this.adopt(socket)
            this.heartbeat.start()
            this.handlers.onResumed(event)
            this.receive(data, input)
          },
          onClose: (message, code) => {
            if (this.socket === socket) return this.socketClosed(socket, message, code)
            settle(closeVerdict(code) === 'final' ? { kind: 'final', code, reason: message } : { kind: 'retry', code })
          },
        },
        (given) => new WorkerSocket(given, this.options.workerUrl, this.lastFigures?.framesSent ?? 0),
        PAGE_DROPPED_CODE,
      )
      opened.catch(() => undefined) // its close settles the attempt
      const giveUp = (code: number) => () => {
        closeVoiceSocket(socket, code)
        settle({ kind: 'retry', code: 1006 })
      }
      // No hearth.resumed in time (a stuck handshake included): this socket is dropped and another one tried.
      const timer = setTimeout(giveUp(PAGE_DROPPED_CODE), this.options.timeoutMs)
      // The person ended the conversation meanwhile: a socket that did reach the relay tells it so.
      const abort = giveUp(1000)
      signal.addEventListener('abort', abort)
    })
  }
}

function parseEvent(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null
  try {
    const event = JSON.parse(data) as ServerMessage
    return event && typeof event.type === 'string' ? event : null
  } catch {
    return null
  }
}

/** Resolves when the browser says it is online again (never where there is no such event). */
function backOnline(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => globalThis.addEventListener?.('online', () => resolve(), { once: true, signal }))
}
