// Counters and latencies of a voice session: what the benchmark prints and the browser tests check. The
// microphone's frames are counted and timed by the voice socket's worker, which sends them (CaptureFigures).
import { LatencyStats, type LatencySummary } from '@/voice/latency-stats'
import type { CaptureFigures } from '@/voice/socket-worker-messages'

export interface VoiceStats {
  framesSent: number
  framesDropped: number
  truncatesSent: number
  cancelsSent: number
  interruptions: number
  /** Samples the playback worklet rendered, over finished and interrupted items. */
  samplesPlayed: number
  /** The latest assistant items the playback worklet started, in order, with when the page heard of it (Date.now()). */
  itemsStarted: { itemId: string; atMs: number }[]
  inputPeakMax: number
  outputPeakMax: number
  /** The capture worklet posted a frame (audio clock) -> its ws.send returned (in the socket worker). */
  captureToSendMs: LatencySummary
  /** Its part before the frame reached the socket worker. */
  captureToWorkerMs: LatencySummary
  /** Capture-to-send on the wall clock (Date.now() in both; 1 ms steps): a check on the audio-clock figure. */
  captureToSendWallMs: LatencySummary
  /** speech_started received -> the playback worklet rendered the first silent sample (audio clock). */
  interruptToSilenceMs: LatencySummary
  /** End of the person's turn -> the playback worklet rendered the answer's first sample (audio clock). */
  turnLatencyMs: LatencySummary
  /** Audio-clock estimates that broke causality and were clamped (see VoiceMetrics). */
  captureClockClamped: number
  silenceClockClamped: number
  /** What the browser adds after the worklet, to the speaker. */
  outputLatencyMs: number
  sampleRate: number
  /** How the assistant is played: through an <audio> element (echo-cancellable) or to the context directly. */
  speakerRoute: 'element' | 'context' | null
}

const STARTED_ITEMS_KEPT = 16

type Counter = 'truncatesSent' | 'cancelsSent' | 'interruptions'
type ClockCounter = 'silenceClockClamped'

const NO_FRAMES: CaptureFigures = {
  framesSent: 0,
  framesDropped: 0,
  captureToSendMs: { count: 0, medianMs: null, p95Ms: null, maxMs: null },
  captureToWorkerMs: { count: 0, medianMs: null, p95Ms: null, maxMs: null },
  captureToSendWallMs: { count: 0, medianMs: null, p95Ms: null, maxMs: null },
  captureClockClamped: 0,
}

/**
 * Recording allocates nothing, so it can run for every 20 ms frame. Worklet times come from the audio clock
 * (null where it cannot be read: those events are counted but not timed). An estimate that breaks causality
 * is clock error, up to one device callback (~10 ms) when the main thread lagged: it is clamped to the bound
 * and counted, so the figures show how often the clock and reality disagreed.
 */
export type AudioFigures = Pick<VoiceStats, 'outputLatencyMs' | 'sampleRate' | 'speakerRoute'>

export const audioFiguresOf = (audio: {
  outputLatencyMs(): number
  sampleRate: number
  speakerRoute?: VoiceStats['speakerRoute'] | null
}): AudioFigures => ({
  outputLatencyMs: audio.outputLatencyMs(),
  sampleRate: audio.sampleRate,
  speakerRoute: audio.speakerRoute ?? null,
})

export class VoiceMetrics {
  private readonly counts: Record<Counter | ClockCounter, number> = {
    truncatesSent: 0,
    cancelsSent: 0,
    interruptions: 0,
    silenceClockClamped: 0,
  }
  private samplesPlayed = 0
  private readonly itemsStarted: { itemId: string; atMs: number }[] = []
  private inputPeakMax = 0
  private outputPeakMax = 0
  private readonly interruptToSilence = new LatencyStats()
  private readonly turnLatency = new LatencyStats(256)

  count(counter: Counter): void {
    this.counts[counter]++
  }

  /** speech_started arrived at `startedMs`; the first silent sample left the playback worklet at `silentMs`. */
  interrupted(startedMs: number, silentMs: number | null, sampleCount: number): void {
    this.counts.interruptions++
    this.samplesPlayed += sampleCount
    if (silentMs === null) return
    // The worklet goes silent only once it has the request, which was sent after `startedMs`.
    if (silentMs < startedMs) this.counts.silenceClockClamped++
    this.interruptToSilence.record(Math.max(0, silentMs - startedMs))
  }

  /** One answered turn (see voice/turn-latency.ts). */
  turnAnswered(totalMs: number): void {
    this.turnLatency.record(totalMs)
  }

  /** The playback worklet started an item (a few are kept: a response's items, for tests and benchmarks). */
  itemStarted(itemId: string): void {
    this.itemsStarted.push({ itemId, atMs: Date.now() })
    if (this.itemsStarted.length > STARTED_ITEMS_KEPT) this.itemsStarted.shift()
  }

  played(sampleCount: number): void {
    this.samplesPlayed += sampleCount
  }

  inputPeak(peak: number): void {
    if (peak > this.inputPeakMax) this.inputPeakMax = peak
  }

  outputPeak(peak: number): void {
    if (peak > this.outputPeakMax) this.outputPeakMax = peak
  }

  /** `capture`: the socket worker's latest report on the frames it sent. */
  snapshot(audio: Pick<VoiceStats, 'outputLatencyMs' | 'sampleRate' | 'speakerRoute'>, capture: CaptureFigures | null): VoiceStats {
    return {
      ...this.counts,
      ...(capture ?? NO_FRAMES),
      samplesPlayed: this.samplesPlayed,
      itemsStarted: this.itemsStarted.slice(),
      inputPeakMax: this.inputPeakMax,
      outputPeakMax: this.outputPeakMax,
      interruptToSilenceMs: this.interruptToSilence.summary(),
      turnLatencyMs: this.turnLatency.summary(),
      ...audio,
    }
  }
}
