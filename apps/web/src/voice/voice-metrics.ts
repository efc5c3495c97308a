// Counters and latencies of a voice session: what the benchmark prints and the browser tests check.
import { LatencyStats, type LatencySummary } from '@/voice/latency-stats'

export interface VoiceStats {
  framesSent: number
  framesDropped: number
  truncatesSent: number
  cancelsSent: number
  interruptions: number
  /** Samples the playback worklet rendered, over finished and interrupted items. */
  samplesPlayed: number
  inputPeakMax: number
  outputPeakMax: number
  /** The capture worklet posted a frame (audio clock) -> its ws.send returned. */
  captureToSendMs: LatencySummary
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
}

type Counter = 'framesSent' | 'framesDropped' | 'truncatesSent' | 'cancelsSent' | 'interruptions'
type ClockCounter = 'captureClockClamped' | 'silenceClockClamped'

/**
 * Recording allocates nothing, so it can run for every 20 ms frame. Worklet times come from the audio clock
 * (null where it cannot be read: those events are counted but not timed). An estimate that breaks causality
 * is clock error, up to one device callback (~10 ms) when the main thread lagged: it is clamped to the bound
 * and counted, so the figures show how often the clock and reality disagreed.
 */
export class VoiceMetrics {
  private readonly counts: Record<Counter | ClockCounter, number> = {
    framesSent: 0,
    framesDropped: 0,
    truncatesSent: 0,
    cancelsSent: 0,
    interruptions: 0,
    captureClockClamped: 0,
    silenceClockClamped: 0,
  }
  private samplesPlayed = 0
  private inputPeakMax = 0
  private outputPeakMax = 0
  private readonly captureToSend = new LatencyStats()
  private readonly interruptToSilence = new LatencyStats()
  private readonly turnLatency = new LatencyStats(256)

  count(counter: Counter): void {
    this.counts[counter]++
  }

  /** The worklet posted a frame at `postedMs`; it reached the main thread at `receivedMs`, was sent by `sentMs`. */
  frameSent(postedMs: number | null, receivedMs: number, sentMs: number): void {
    this.counts.framesSent++
    if (postedMs === null) return
    // The frame cannot have left the worklet after it reached the main thread.
    if (postedMs > receivedMs) this.counts.captureClockClamped++
    this.captureToSend.record(sentMs - Math.min(postedMs, receivedMs))
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

  played(sampleCount: number): void {
    this.samplesPlayed += sampleCount
  }

  inputPeak(peak: number): void {
    if (peak > this.inputPeakMax) this.inputPeakMax = peak
  }

  outputPeak(peak: number): void {
    if (peak > this.outputPeakMax) this.outputPeakMax = peak
  }

  snapshot(audio: { outputLatencyMs: number; sampleRate: number }): VoiceStats {
    return {
      ...this.counts,
      samplesPlayed: this.samplesPlayed,
      inputPeakMax: this.inputPeakMax,
      outputPeakMax: this.outputPeakMax,
      captureToSendMs: this.captureToSend.summary(),
      interruptToSilenceMs: this.interruptToSilence.summary(),
      turnLatencyMs: this.turnLatency.summary(),
      ...audio,
    }
  }
}
