// How a VoiceSession's parts hear each other (voice-session.ts): the turn watch (latency, turn-taking, turn traces),
// the assistant's playback (barge-in, truncation) and the audio engine's callbacks, wired to the session through a
// host, so the session itself reads as the conversation's life: connect, talk, drop and resume, end.
import type { BrowserEvent } from '@hearth/protocol'

import { AssistantPlayback } from '@/voice/assistant-playback'
import type { VoiceAudio, VoiceAudioCallbacks } from '@/voice/audio-engine'
import type { ResumableSocket } from '@/voice/resumable-socket'
import { TurnWatch } from '@/voice/turn-watch'
import type { VoiceMetrics } from '@/voice/voice-metrics'
import type { VoiceSessionListener } from '@/voice/voice-session-types'

export interface SessionWiringHost {
  metrics: VoiceMetrics
  listener: VoiceSessionListener
  /** The audio engine while it is open (it is rebuilt when a new microphone cannot join the context). */
  audio(): VoiceAudio | null
  connection(): ResumableSocket | null
  connected(): boolean
  send(event: BrowserEvent): void
  rebuildAudio(): void
}

export function wireSession(host: SessionWiringHost) {
  const { metrics, listener } = host
  const watch = new TurnWatch({
    metrics,
    renderedAtMs: (contextTimeS) => host.audio()?.renderedAtMs(contextTimeS) ?? null,
    onTurnLatency: (latency) => listener.onTurnLatency?.(latency),
    onSelfInterruption: () => listener.onSelfInterruption?.(),
    onTurnTaking: (turns, totals, sinceRestart) => {
      listener.onTurnTaking?.(turns, totals)
      host.send({ type: 'hearth.turn_taking', ...sinceRestart })
    },
    pageFigures: () => host.connection()?.pageFigures ?? { captureToSendMs: null, roundTripMs: null },
    onTurnTrace: (bar, timing) => {
      listener.onTurnTrace?.(bar)
      if (timing) host.send(timing)
    },
  })
  const assistant = new AssistantPlayback({
    audio: () => host.audio(),
    send: (event) => host.send(event),
    connected: () => host.connected(),
    onError: (error) => listener.onError?.(error),
    metrics,
  })
  const audioCallbacks: VoiceAudioCallbacks = {
    onInputLevel: (level) => {
      metrics.inputPeak(level.peak)
      listener.onInputLevel?.(level)
    },
    onOutputLevel: (level) => {
      metrics.outputPeak(level.peak)
      listener.onOutputLevel?.(level)
    },
    onItemStarted: (itemId, startedAtS) => {
      assistant.itemStarted(itemId)
      watch.assistantStarted(itemId, startedAtS)
    },
    onItemEnded: (_itemId, sampleCount) => watch.assistantEnded(sampleCount),
    onError: (error) => listener.onError?.(error),
    onRebuildNeeded: () => host.rebuildAudio(),
  }
  return { watch, assistant, audioCallbacks }
}
