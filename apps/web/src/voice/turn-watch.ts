// What a live session notices about turns as they happen: each turn's latency from its end to the answer's first
// sample played (voice/turn-latency.ts), the assistant interrupting itself (voice/self-interruption.ts), and how the
// turns were taken: cut-offs, premature commits, dead air (voice/turn-taking-feed.ts).
import { type HearthTurnTiming, prefixPaddingMs, type ServerMessage, type TurnDetection } from '@hearth/protocol'

import { SelfInterruptionDetector, type SpeechTimeline, speechStartedAtMs } from '@/voice/self-interruption'
import type { InputPosition } from '@/voice/socket-worker-messages'
import { type TurnEnd, type TurnLatency, TurnLatencyTracker } from '@/voice/turn-latency'
import { type PageFigures, pageShares, type TurnTraceBar, TurnTraceJoin } from '@/voice/turn-trace'
import { speechStoppedAtMs, TurnTakingFeed, type TurnTakingReport } from '@/voice/turn-taking-feed'
import type { VoiceMetrics } from '@/voice/voice-metrics'

export interface TurnWatchHost {
  metrics: VoiceMetrics
  /** performance.now() time the worklets rendered context time `contextTimeS` (null while the clock is unread). */
  renderedAtMs(contextTimeS: number): number | null
  onTurnLatency(latency: TurnLatency): void
  onSelfInterruption(): void
  /** Turns became final (voice/turn-taking-feed.ts). */
  onTurnTaking: TurnTakingReport
  /** The socket's figures as a turn's first sample plays (voice/turn-trace.ts). */
  pageFigures(): PageFigures
  /** A turn's trace is whole; `timing` is to go to the relay (it exports traces). */
  onTurnTrace(bar: TurnTraceBar, timing: HearthTurnTiming | null): void
}

export class TurnWatch {
  private readonly turns = new TurnLatencyTracker()
  private readonly selfInterruption = new SelfInterruptionDetector()
  private readonly taking: TurnTakingFeed
  private readonly traces: TurnTraceJoin
  private turnDetection: TurnDetection | null = null
  private greeted = false

  constructor(private readonly host: TurnWatchHost) {
    this.taking = new TurnTakingFeed(host.onTurnTaking)
    this.traces = new TurnTraceJoin(host.onTurnTrace)
  }

  serverEvent(event: ServerMessage, input?: InputPosition): void {
    switch (event.type) {
      case 'response.output_audio.delta':
        this.turns.audioReceived(event.item_id, performance.now())
        break
      case 'input_audio_buffer.speech_started': {
        this.turns.turnResumed()
        const atMs = speechStartedAtMs(performance.now(), event.audio_start_ms, prefixPaddingMs(this.turnDetection), timeline(input))
        const echoes = this.selfInterruption.count
        const offer = this.selfInterruption.speechStarted(atMs)
        this.taking.observe({ kind: 'member_speech_started', atMs })
        if (this.selfInterruption.count > echoes) this.taking.observe({ kind: 'self_interruption', atMs })
        // Barge-in: the page stops the assistant (voice-session.ts).
        this.taking.observe({ kind: 'assistant_audio_stopped', atMs: performance.now() })
        if (offer) this.host.onSelfInterruption()
        break
      }
      case 'input_audio_buffer.speech_stopped': {
        this.turns.turnEnded(performance.now(), 'speech')
        const silenceMs =
          this.turnDetection && 'silence_duration_ms' in this.turnDetection ? (this.turnDetection.silence_duration_ms ?? 0) : 0
        const atMs = speechStoppedAtMs(performance.now(), event.audio_end_ms, silenceMs, timeline(input))
        this.taking.observe({ kind: 'member_speech_stopped', atMs })
        break
      }
      case 'hearth.turn_trace':
        this.traces.relayed(event)
        break
      case 'input_audio_buffer.committed':
        this.taking.observe({ kind: 'committed', atMs: performance.now() })
        break
      case 'hearth.session':
        // The first one comes just before the server's 'Hi.' (SPEC §4): the greeting answers it.
        if (!this.greeted) this.turns.turnEnded(performance.now(), 'greeting')
        this.greeted = true
        this.turnDetection = event.turnDetection
        break
    }
  }

  /** The person's turn ended another way (push-to-talk released: committed once the relay says so; typed text). */
  turnEnded(cause: TurnEnd): void {
    const nowMs = performance.now()
    this.turns.turnEnded(nowMs, cause)
    if (cause === 'push-to-talk') this.taking.observe({ kind: 'member_speech_stopped', atMs: nowMs })
    if (cause === 'text') this.taking.observe({ kind: 'committed', atMs: nowMs })
  }

  /** The person is talking again (push-to-talk pressed): no answer is pending yet, and the assistant stops. */
  turnResumed(): void {
    this.turns.turnResumed()
    const nowMs = performance.now()
    this.taking.observe({ kind: 'member_speech_started', atMs: nowMs })
    this.taking.observe({ kind: 'assistant_audio_stopped', atMs: nowMs })
  }

  /** The playback worklet started an item: if it answers the person's turn, that turn's latency is known. */
  assistantStarted(itemId: string, startedAtS: number): void {
    const nowMs = performance.now()
    // The quantum was rendered before its message arrived; an estimate past now is clock error.
    const playedMs = Math.min(nowMs, this.host.renderedAtMs(startedAtS) ?? nowMs)
    this.selfInterruption.playbackStarted(playedMs)
    this.taking.audioStarted(itemId, playedMs)
    const latency = this.turns.audioPlayed(itemId, playedMs)
    if (!latency) return
    this.host.metrics.turnAnswered(latency.totalMs)
    this.host.onTurnLatency(latency)
    this.traces.played(latency.itemId, pageShares(latency, this.host.pageFigures()))
  }

  /** The playback worklet played an item out (`sampleCount` samples of it). */
  assistantEnded(sampleCount: number): void {
    this.host.metrics.played(sampleCount)
    this.taking.observe({ kind: 'assistant_audio_stopped', atMs: performance.now() })
  }

  /** A pending turn is forgotten (the connection dropped); an answered one is final. */
  resetTurns(): void {
    this.turns.reset()
    this.traces.reset()
    this.taking.finish(performance.now())
  }

  /** The conversation ends: the last answered turn becomes final (and is reported) before the relay is told. */
  finishTurns(): void {
    this.taking.finish(performance.now())
  }

  /** The relay runs a new session under the page (`hearth.resumed` restarted): it counts turns from here. */
  restarted(): void {
    this.taking.restarted()
  }

  reset(): void {
    this.turns.reset()
    this.traces.reset()
    this.selfInterruption.reset()
    this.taking.reset()
  }
}

/** Where the microphone stream stood as a VAD event arrived, on this page's clock. */
function timeline(input?: InputPosition): SpeechTimeline | undefined {
  return input?.atMs ? { audioMs: input.audioMs, sentAtMs: input.atMs - performance.timeOrigin } : undefined
}
