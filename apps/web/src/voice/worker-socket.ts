// The page's end of the voice socket's worker: the few parts of a WebSocket the session uses (readyState, send,
// close and the open/message/close handlers), plus what only the worker path has: the capture worklet's frame
// port, the gate on frames, the audio clock readings and the worker's frame figures.
import type { AudioClockReading } from '@hearth/worklets/client/audio-clock'

import type { CaptureFigures, FromSocketWorker, InputPosition, ToSocketWorker } from '@/voice/socket-worker-messages'

export type SocketState = 0 | 1 | 2 | 3

const CLOSE_GRACE_MS = 5_000

/** The WebSocket parts openVoiceSocket and the session use. */
export interface VoiceSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number): void
  onopen: (() => void) | null
  onmessage: ((event: { data: unknown; input?: InputPosition }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
}

export class WorkerSocket implements VoiceSocketLike {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3

  onopen: (() => void) | null = null
  onmessage: ((event: { data: unknown; input?: InputPosition }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  /** The latest frame figures the worker reported. */
  figures: CaptureFigures | null = null
  private state: SocketState = WorkerSocket.CONNECTING
  private readonly worker: Worker

  constructor(url: string, workerUrl: string | URL) {
    this.worker = new Worker(workerUrl, { type: 'module', name: 'hearth-voice-socket' })
    this.worker.onmessage = (event: MessageEvent<FromSocketWorker>) => this.receive(event.data)
    this.worker.onerror = (event) => {
      event.preventDefault?.()
      this.closed(1006, '')
    }
    this.post({ type: 'open', url })
  }

  get readyState(): SocketState {
    return this.state
  }

  send(data: string): void {
    if (this.state === WorkerSocket.OPEN) this.post({ type: 'send', data })
  }

  /** Hands the capture worklet's frame port to the worker; frames skip the main thread from then on. */
  takeFrames(port: MessagePort): void {
    this.worker.postMessage({ type: 'frames', port } satisfies ToSocketWorker, [port])
  }

  setGate(open: boolean): void {
    this.post({ type: 'gate', open })
  }

  /** `reading.callbackAtMs` must be on the shared clock: performance.timeOrigin + performanceTime. */
  sendClock(reading: AudioClockReading): void {
    this.post({ type: 'clock', reading })
  }

  /** The worker ends itself once its socket has closed (its last figures arrive first). */
  close(code = 1000): void {
    if (this.state === WorkerSocket.CLOSING || this.state === WorkerSocket.CLOSED) return
    this.state = WorkerSocket.CLOSING
    this.post({ type: 'close', code })
    // A socket that never reports its close (a stuck handshake) must not keep the worker alive.
    setTimeout(() => this.closed(1006, ''), CLOSE_GRACE_MS)
  }

  private post(message: ToSocketWorker): void {
    this.worker.postMessage(message)
  }

  private receive(message: FromSocketWorker): void {
    switch (message.type) {
      case 'open':
        if (this.state !== WorkerSocket.CONNECTING) return
        this.state = WorkerSocket.OPEN
        this.onopen?.()
        break
      case 'message':
        this.onmessage?.({ data: message.data, input: message.input })
        break
      case 'figures':
        this.figures = message.figures
        break
      case 'close':
        this.closed(message.code, message.reason)
        break
    }
  }

  private closed(code: number, reason: string): void {
    if (this.state === WorkerSocket.CLOSED) return
    this.state = WorkerSocket.CLOSED
    this.worker.terminate()
    this.onclose?.({ code, reason })
  }
}
