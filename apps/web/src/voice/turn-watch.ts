// What a live session notices about turns as they happen: each turn's latency from its end to the answer's first
// sample played (voice/turn-latency.ts), and the assistant interrupting itself (voice/self-interruption.ts).
import { prefixPaddingMs, type ServerMessage, type TurnDetection } from '@hearth/protocol'

import { SelfInterruptionDetector, speechStartedAtMs } from '@/voice/self-interruption'
import type { InputPosition } from '@/voice/socket-worker-messages'
import { type TurnEnd, type TurnLatency, TurnLatencyTracker } from '@/voice/turn-latency'
import type { VoiceMetrics } from '@/voice/voice-metrics'

export interface TurnWatchHost {
  metrics: VoiceMetrics
  /** performance.now() time the worklets rendered context time `contextTimeS` (null while the clock is unread). */
  renderedAtMs(contextTimeS: number): number | null
  onTurnLatency(latency: TurnLatency): void
  onSelfInterruption(): void
}

export class TurnWatch {
  private readonly turns = new TurnLatencyTracker()
  private readonly selfInterruption = new SelfInterruptionDetector()
  private turnDetection: TurnDetection | null = null
  private greeted = false

  constructor(private readonly host: TurnWatchHost) {}

  serverEvent(event: ServerMessage, input?: InputPosition): void {
    switch (event.type) {
      case 'response.output_audio.delta':
        this.turns.audioReceived(event.item_id, performance.now())
        break
      case 'input_audio_buffer.speech_started':
        this.turns.turnResumed()
        if (this.selfInterruption.speechStarted(this.speechStartedAtMs(event.audio_start_ms, input))) {
          this.host.onSelfInterruption()
        }
        break
      case 'input_audio_buffer.speech_stopped':
        this.turns.turnEnded(performance.now(), 'speech')
        break
      case 'hearth.session':
        // The first one comes just before the server's 'Hi.' (SPEC §4): the greeting answers it.
        if (!this.greeted) this.turns.turnEnded(performance.now(), 'greeting')
        this.greeted = true
        this.turnDetection = event.turnDetection
        break
    }
  }

  /** The person's turn ended another way (push-to-talk released, typed text). */
  turnEnded(cause: TurnEnd): void {
    this.turns.turnEnded(performance.now(), cause)
  }

  /** The person is talking again (push-to-talk pressed): no answer is pending yet. */
  turnResumed(): void {
    this.turns.turnResumed()
  }

  /** The playback worklet started an item: if it answers the person's turn, that turn's latency is known. */
  assistantStarted(itemId: string, startedAtS: number): void {
    const nowMs = performance.now()
    // The quantum was rendered before its message arrived; an estimate past now is clock error.
    const playedMs = Math.min(nowMs, this.host.renderedAtMs(startedAtS) ?? nowMs)
    this.selfInterruption.playbackStarted(playedMs)
    const latency = this.turns.audioPlayed(itemId, playedMs)
    if (!latency) return
    this.host.metrics.turnAnswered(latency.totalMs)
    this.host.onTurnLatency(latency)
  }

  /** A pending turn is forgotten (the connection dropped, or the session ended). */
  resetTurns(): void {
    this.turns.reset()
  }

  reset(): void {
    this.turns.reset()
    this.selfInterruption.reset()
  }

  /** When the person (or the assistant's echo) started speaking, on this page's clock (self-interruption). */
  private speechStartedAtMs(audioStartMs: number, input?: InputPosition): number {
    const prefixMs = prefixPaddingMs(this.turnDetection)
    const timeline = input?.atMs ? { audioMs: input.audioMs, sentAtMs: input.atMs - performance.timeOrigin } : undefined
    return speechStartedAtMs(performance.now(), audioStartMs, prefixMs, timeline)
  }
}
