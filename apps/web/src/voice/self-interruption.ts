// Self-interruption: without headphones the assistant's voice reaches the microphone and the server hears it as
// the person starting to speak, so every answer cuts itself off. Speech that starts within `windowMs` of the
// assistant's audio starting, `times` times in a session, is that echo far more often than a person; the page
// then offers push-to-talk with a "use headphones" hint instead of letting the conversation collapse.

export interface SelfInterruptionOptions {
  /** Speech starting this soon after the assistant's first sample played counts as a likely echo. */
  windowMs?: number
  /** Likely echoes in one session before the offer. */
  times?: number
}

export const SELF_INTERRUPTION_WINDOW_MS = 300
export const SELF_INTERRUPTION_TIMES = 3

/** Where the microphone stream stood as speech_started arrived (the socket worker's InputPosition). */
export interface SpeechTimeline {
  /** Audio sent in this session so far (ms): the timeline of the server's audio_start_ms. */
  audioMs: number
  /** When the latest frame was sent, on the page's clock (ms). */
  sentAtMs: number
}

/**
 * When speech started, on the page's clock: audio_start_ms includes the VAD's prefix padding, and the stream
 * runs in real time, so it started (sent audio - speech start) before the latest frame was sent. Never later
 * than `nowMs`; without a timeline, `nowMs` (the event's arrival).
 */
export function speechStartedAtMs(nowMs: number, audioStartMs: number, prefixPaddingMs: number, timeline?: SpeechTimeline): number {
  if (!timeline || !timeline.sentAtMs || !Number.isFinite(audioStartMs)) return nowMs
  const agoMs = Math.max(0, timeline.audioMs - (audioStartMs + prefixPaddingMs))
  return Math.min(nowMs, timeline.sentAtMs - agoMs)
}

/** Times are milliseconds on one clock (performance.now() on the page). */
export class SelfInterruptionDetector {
  private readonly windowMs: number
  private readonly times: number
  private playbackStartedMs: number | null = null
  private echoes = 0
  private offered = false

  constructor(options: SelfInterruptionOptions = {}) {
    this.windowMs = options.windowMs ?? SELF_INTERRUPTION_WINDOW_MS
    this.times = options.times ?? SELF_INTERRUPTION_TIMES
  }

  /** Likely echoes counted so far. */
  get count(): number {
    return this.echoes
  }

  /** The assistant's audio for an item started playing at `atMs`. */
  playbackStarted(atMs: number): void {
    this.playbackStartedMs = atMs
  }

  /**
   * The server heard speech starting at `atMs`. True once, when this makes the `times`-th likely echo: the
   * moment to offer push-to-talk. Each playback start counts at most once (the person may well answer later).
   */
  speechStarted(atMs: number): boolean {
    const startedMs = this.playbackStartedMs
    if (startedMs === null) return false
    this.playbackStartedMs = null
    // Speech that began before the assistant did is the person talking first, not an echo.
    if (atMs < startedMs || atMs - startedMs > this.windowMs) return false
    this.echoes++
    if (this.echoes < this.times || this.offered) return false
    this.offered = true
    return true
  }

  reset(): void {
    this.playbackStartedMs = null
    this.echoes = 0
    this.offered = false
  }
}
