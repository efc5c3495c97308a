// Messages between the page and the voice socket's worker (voice-socket-worker.ts), which owns the /ws socket
// so that the microphone's frames go from the capture worklet to the network without the main thread.
import type { AudioClockReading } from '@hearth/worklets/client/audio-clock'

import type { LatencySummary } from '@/voice/latency-stats'

/** Built by apps/web/build.ts next to the audio worklets; fetched on the first chat press, like the voice engine. */
export const SOCKET_WORKER_URL = '/worklets/voice-socket-worker.js'

/** Past this much unsent data the network is not keeping up: frames are dropped rather than queued. */
export const MAX_BUFFERED_BYTES = 1 << 20

/** The worker's figures for the frames it sent (merged into VoiceStats). */
export interface CaptureFigures {
  framesSent: number
  framesDropped: number
  /** The capture worklet posted a frame (audio clock) -> the worker's ws.send returned. */
  captureToSendMs: LatencySummary
  /** The part of it before the frame reached the worker (the rest is encoding and ws.send). */
  captureToWorkerMs: LatencySummary
  /** The same as captureToSendMs on the wall clock (Date.now() in the worklet and the worker; 1 ms steps). */
  captureToSendWallMs: LatencySummary
  captureClockClamped: number
}

export type ToSocketWorker =
  /** `framesSentBefore`: frames the earlier sockets of this session sent (a resumed session's audio timeline goes on). */
  | { type: 'open'; url: string; framesSentBefore?: number }
  /** The capture worklet's frame port (CaptureFrameMessage in, `recycle` out). */
  | { type: 'frames'; port: MessagePort }
  /** A JSON event to send as it is. */
  | { type: 'send'; data: string }
  /** Whether microphone frames are sent (connected, not muted, push-to-talk held in manual turns). */
  | { type: 'gate'; open: boolean }
  /**
   * The audio clock, read on the main thread (the worker has no AudioContext), with `callbackAtMs` on the shared
   * monotonic clock: performance.timeOrigin + performanceTime, which compares across the page and the worker.
   */
  | { type: 'clock'; reading: AudioClockReading }
  | { type: 'close'; code: number }

/**
 * Where the microphone stream stood when a speech_started arrived: `audioMs` of audio sent so far (the server's
 * audio_start_ms counts on this timeline) and `atMs`, when the latest frame was sent (shared clock).
 */
export interface InputPosition {
  audioMs: number
  atMs: number
}

export type FromSocketWorker =
  | { type: 'open' }
  | { type: 'message'; data: string; input?: InputPosition }
  | { type: 'close'; code: number; reason: string }
  | { type: 'figures'; figures: CaptureFigures }
