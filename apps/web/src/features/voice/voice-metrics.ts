// Counters and latencies of a voice session: what the benchmark prints and the browser tests check.
import { LatencyStats, type LatencySummary } from '@/features/voice/latency-stats'

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
  /** Capture frame handed to the main thread by the worklet -> its ws.send returned. */
  captureToSendMs: LatencySummary
  /** speech_started received -> the playback worklet confirmed it is silent (later quanta render zeros). */
  interruptToSilenceMs: LatencySummary
  /** What the browser adds after the worklet, to the speaker. */
  outputLatencyMs: number
  sampleRate: number
}

type Counter = 'framesSent' | 'framesDropped' | 'truncatesSent' | 'cancelsSent' | 'interruptions'

/** Recording allocates nothing, so it can run for every 20 ms frame. */
export class VoiceMetrics {
  private readonly counts: Record<Counter, number> = {
    framesSent: 0,
    framesDropped: 0,
    truncatesSent: 0,
    cancelsSent: 0,
    interruptions: 0,
  }
  private samplesPlayed = 0
  private inputPeakMax = 0
  private outputPeakMax = 0
  private readonly captureToSend = new LatencyStats()
  private readonly interruptToSilence = new LatencyStats()

  count(counter: Counter): void {
    this.counts[counter]++
  }

  frameSent(elapsedMs: number): void {
    this.counts.framesSent++
    this.captureToSend.record(elapsedMs)
  }

  interrupted(elapsedMs: number, sampleCount: number): void {
    this.counts.interruptions++
    this.interruptToSilence.record(elapsedMs)
    this.samplesPlayed += sampleCount
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
      ...audio,
    }
  }
}
