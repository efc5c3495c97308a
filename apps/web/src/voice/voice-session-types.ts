// The voice session's public types: its statuses, what pages pass in and what they hear back
// (voice/voice-session.ts implements them; pages and atoms import the types without the engine).
import type {
  BrowserEvent,
  HearthContinued,
  HearthPostChat,
  SemanticVad,
  ServerMessage,
  ServerVad,
  TurnTakingTotals,
} from '@hearth/protocol'
import type { LevelMessage } from '@hearth/worklets/messages'

import type { OpenVoiceAudio } from '@/voice/audio-engine'
import type { ResumableSocketOptions } from '@/voice/resumable-socket'
import type { TurnLatency } from '@/voice/turn-latency'
import type { TurnTraceBar } from '@/voice/turn-trace'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'
import type { VoiceSocketParams } from '@/voice/ws-url'

/** A detector for voice-activity turns (manual turns are the turn mode, not a detector). */
export type VadDetection = ServerVad | SemanticVad

/** 'reconnecting': the socket dropped and the conversation waits for it to resume (voice/resumable-socket.ts). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'disconnecting'
export type TurnMode = 'server_vad' | 'manual'

export interface VoiceSessionListener {
  onStatus?(status: ConnectionStatus): void
  /** Every event from the server, in order (ignored cancel errors included, for event logs). */
  onServerEvent?(event: ServerMessage): void
  /** Every event sent, except the many input_audio_buffer.append frames. */
  onClientEvent?(event: BrowserEvent): void
  onInputLevel?(level: LevelMessage): void
  onOutputLevel?(level: LevelMessage): void
  /** An assistant item answering the person's turn started playing (per-turn latency, voice/turn-latency.ts). */
  onTurnLatency?(latency: TurnLatency): void
  /** A turn's shares, the relay's and the page's (voice/turn-trace.ts): the console's stacked bar. */
  onTurnTrace?(bar: TurnTraceBar): void
  /** Turns became final, with the session's totals so far (voice/turn-taking-feed.ts). */
  onTurnTaking?(turns: TurnTakingFlags[], totals: TurnTakingTotals): void
  /** A server error or an audio failure during the session; the session goes on. */
  onError?(error: Error): void
  /** The session ended without disconnect() (network, time limit, another tab). */
  onClosed?(message: string): void
  /**
   * The connection was lost for longer than the relay waits: a new session goes on from a summary of the old one
   * (`summarised` false: the relay no longer knew it).
   */
  onRestarted?(summarised: boolean): void
  /** The relay renewed its upstream session on this same connection (hearth.continued): cut, then going on. */
  onContinued?(event: HearthContinued): void
  /**
   * The assistant keeps interrupting itself (its voice reaches the microphone: voice/self-interruption.ts), once
   * per session: offer push-to-talk and suggest headphones.
   */
  onSelfInterruption?(): void
}

export interface VoiceSessionOptions extends VoiceSocketParams {
  listener: VoiceSessionListener
  turnMode?: TurnMode
  /** Staff pages' pick of detector for voice-activity turns (voice/turn-detection.ts); unset: the session's own. */
  detection?: VadDetection
  /** Sent as hearth.settings as soon as the session starts. */
  settings?: { reminder?: boolean }
  /** Defaults to /ws on this page's origin. */
  socketUrl?: string
  timeoutMs?: number
  postChatTimeoutMs?: number
  /** The microphone and speakers; tests pass their own. */
  openAudio?: OpenVoiceAudio
  /** The voice socket's worker script (voice-socket-worker.ts as built); tests pass the source file. */
  socketWorkerUrl?: string | URL
  /** Tests shorten the heartbeat and the reconnect window (voice/reconnect.ts). */
  resumeTiming?: Pick<ResumableSocketOptions, 'pingEveryMs' | 'silenceMs' | 'marginMs'>
}

export interface DisconnectResult {
  postChat: HearthPostChat | null
  /** Why post-chat did not confirm: its own error, a timeout or a lost connection. */
  error: string | null
}
