// The voice socket's worker (a dedicated Worker, its own entry: apps/web/build.ts). It owns the /ws socket:
// microphone frames arrive from the capture worklet through a MessagePort and are sent from here, so React
// rendering or a busy event log on the main thread cannot hold them up (issue 10). Everything the server says
// goes to the page as it came; the page's events come here to be sent.
import { type AudioClockReading, renderedAtMs } from '@hearth/worklets/client/audio-clock'
import type { CaptureFrameMessage } from '@hearth/worklets/messages'
import { pcm16ToBase64 } from '@hearth/worklets/pcm'
import { FRAME_MS } from '@hearth/protocol/audio'

import { LatencyStats } from '@/voice/latency-stats'
import { type CaptureFigures, type FromSocketWorker, MAX_BUFFERED_BYTES, type ToSocketWorker } from '@/voice/socket-worker-messages'

/** The page reads the figures from the last report; a few a second is plenty for the tests and the bench. */
const FIGURES_EVERY_MS = 100

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToSocketWorker>) => void) | null
  postMessage(message: FromSocketWorker): void
}

const scope = globalThis as unknown as WorkerScope
let socket: WebSocket | null = null
let framePort: MessagePort | null = null
let gateOpen = false
let clock: AudioClockReading | null = null
const captureToSend = new LatencyStats()
const captureToWorker = new LatencyStats()
const captureToSendWall = new LatencyStats()
const counts = { framesSent: 0, framesDropped: 0, captureClockClamped: 0 }
let lastSentAtMs = 0
let figuresTimer: ReturnType<typeof setTimeout> | null = null

const post = (message: FromSocketWorker) => scope.postMessage(message)
const now = () => performance.timeOrigin + performance.now()

scope.onmessage = ({ data: message }) => {
  switch (message.type) {
    case 'open':
      counts.framesSent = message.framesSentBefore ?? 0
      open(message.url)
      break
    case 'frames':
      framePort?.close()
      framePort = message.port
      framePort.onmessage = (event: MessageEvent<CaptureFrameMessage>) => {
        if (event.data?.type === 'frame') sendFrame(event.data)
      }
      break
    case 'send':
      if (socket?.readyState === WebSocket.OPEN) socket.send(message.data)
      break
    case 'gate':
      gateOpen = message.open
      break
    case 'clock':
      clock = message.reading
      break
    case 'close':
      close(message.code)
      break
  }
}

function open(url: string): void {
  const opened = new WebSocket(url)
  socket = opened
  opened.onopen = () => post({ type: 'open' })
  opened.onmessage = (event) => {
    if (typeof event.data !== 'string') return
    // The page places the start of speech in time from this (self-interruption, voice/self-interruption.ts).
    const speech = event.data.includes('"input_audio_buffer.speech_started"')
    post(
      speech
        ? { type: 'message', data: event.data, input: { audioMs: counts.framesSent * FRAME_MS, atMs: lastSentAtMs } }
        : { type: 'message', data: event.data },
    )
  }
  opened.onclose = (event) => {
    if (socket === opened) socket = null
    reportFigures()
    post({ type: 'close', code: event.code, reason: event.reason })
  }
}

function close(code: number): void {
  gateOpen = false
  framePort?.close()
  framePort = null
  const closing = socket
  if (!closing) return
  if (closing.readyState === WebSocket.OPEN) closing.close(code)
  else if (closing.readyState === WebSocket.CONNECTING) {
    // Closing a socket still opening fails it: the relay, which may already hold it, would see 1006 (a dropped
    // network) and wait for a resume. It is closed with the code as soon as it opens, so the relay hears the end;
    // the page hears the close then (or at once, if it never opens).
    // One that does not open within a second is failed as before.
    const giveUp = setTimeout(() => closing.close(code), 1000)
    closing.onopen = () => {
      clearTimeout(giveUp)
      closing.close(code)
    }
  }
}

// The buffer goes back to the worklet's pool once it is encoded: nothing here keeps it.
function sendFrame(frame: CaptureFrameMessage): void {
  const receivedMs = now()
  try {
    if (!gateOpen || socket?.readyState !== WebSocket.OPEN) return
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      counts.framesDropped++
      return scheduleFigures()
    }
    socket.send(`{"type":"input_audio_buffer.append","audio":"${pcm16ToBase64(new Int16Array(frame.buffer))}"}`)
    const sentMs = now()
    if (frame.postedAtWallMs) captureToSendWall.record(Math.max(0, Date.now() - frame.postedAtWallMs))
    lastSentAtMs = sentMs
    counts.framesSent++
    if (clock) {
      const postedMs = renderedAtMs(frame.postedAtS, clock)
      // The frame cannot have left the worklet after it reached the worker: such an estimate is clock error.
      if (postedMs > receivedMs) counts.captureClockClamped++
      captureToSend.record(sentMs - Math.min(postedMs, receivedMs))
      captureToWorker.record(receivedMs - Math.min(postedMs, receivedMs))
    }
    scheduleFigures()
  } finally {
    if (frame.buffer.byteLength > 0) framePort?.postMessage({ type: 'recycle', buffer: frame.buffer }, [frame.buffer])
  }
}

function scheduleFigures(): void {
  figuresTimer ??= setTimeout(reportFigures, FIGURES_EVERY_MS)
}

function reportFigures(): void {
  if (figuresTimer) clearTimeout(figuresTimer)
  figuresTimer = null
  const figures: CaptureFigures = {
    ...counts,
    captureToSendMs: captureToSend.summary(),
    captureToWorkerMs: captureToWorker.summary(),
    captureToSendWallMs: captureToSendWall.summary(),
  }
  post({ type: 'figures', figures })
}
