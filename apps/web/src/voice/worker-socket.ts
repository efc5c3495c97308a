// The page's end of the voice socket's worker: the few parts of a WebSocket the session uses (readyState, send,
// close and the open/message/close handlers), plus what only the worker path has: the capture worklet's frame
// port, the gate on frames, the audio clock readings and the worker's frame figures.
import type { VoiceAudio } from '@/voice/audio-engine'

import type { CaptureFigures, FromSocketWorker, InputPosition, ToSocketWorker } from '@/voice/socket-worker-messages'

export type SocketState = 0 | 1 | 2 | 3

const CLOSE_GRACE_MS = 5_000
/** How often the worker gets a fresh audio-clock reading to time the frames it sends. */
const CLOCK_EVERY_MS = 100

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
  private clockTimer: ReturnType<typeof setInterval> | null = null

  constructor(url: string, workerUrl: string | URL, framesSentBefore = 0) {
    this.worker = new Worker(workerUrl, { type: 'module', name: 'hearth-voice-socket' })
    this.worker.onmessage = (event: MessageEvent<FromSocketWorker>) => this.receive(event.data)
    this.worker.onerror = (event) => {
      event.preventDefault?.()
      this.closed(1006, '')
    }
    this.post({ type: 'open', url, framesSentBefore })
  }

  get readyState(): SocketState {
    return this.state
  }

  send(data: string): void {
    if (this.state === WorkerSocket.OPEN) this.post({ type: 'send', data })
  }

  /**
   * The capture worklet's frames go to the worker through a port of their own (skipping this thread from then
   * on), and the worker gets the audio clock it times them by. Again for rebuilt audio: the old port closes.
   */
  attachAudio(audio: Pick<VoiceAudio, 'capture' | 'clockReading'>): void {
    const frames = new MessageChannel()
    this.worker.postMessage({ type: 'frames', port: frames.port2 } satisfies ToSocketWorker, [frames.port2])
    audio.capture.routeFrames(frames.port1)
    // The worker has no AudioContext: it places the worklet's stamps through readings taken here.
    const sendClock = () => {
      const reading = audio.clockReading()
      if (reading) this.post({ type: 'clock', reading })
    }
    this.stopClock()
    sendClock()
    this.clockTimer = setInterval(sendClock, CLOCK_EVERY_MS)
  }

  setGate(open: boolean): void {
    this.post({ type: 'gate', open })
  }

  /** The worker ends itself once its socket has closed (its last figures arrive first). */
  close(code = 1000): void {
    if (this.state === WorkerSocket.CLOSING || this.state === WorkerSocket.CLOSED) return
    this.state = WorkerSocket.CLOSING
    this.stopClock()
    this.post({ type: 'close', code })
    // A socket that never reports its close (a stuck handshake) must not keep the worker alive.
    setTimeout(() => this.closed(1006, ''), CLOSE_GRACE_MS)
  }

  private stopClock(): void {
    if (this.clockTimer) clearInterval(this.clockTimer)
    this.clockTimer = null
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
    this.stopClock()
    this.worker.terminate()
    this.onclose?.({ code, reason })
  }
}
