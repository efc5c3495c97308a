// One live voice conversation over /ws (SPEC §4, §7; PRODUCT §4): microphone frames out, assistant audio in,
// barge-in, push-to-talk and the end-of-session handshake. No React and no jotai: pages observe it through
// the listener (voice/atoms.ts turns that into store writes).
import {
  type BrowserEvent,
  defaultTurnDetection,
  EVENT_TIMEOUT_MS,
  type HearthPostChat,
  type HearthSession,
  isIgnoredCancelError,
  type ServerMessage,
  type TurnDetection,
} from '@hearth/protocol'
import type { LevelMessage } from '@hearth/worklets/messages'

import { AssistantPlayback } from '@/voice/assistant-playback'
import { type OpenVoiceAudio, openVoiceAudio, type VoiceAudio, type VoiceAudioCallbacks } from '@/voice/audio-engine'
import { VoiceConnectError } from '@/voice/errors'
import { EventWaiters } from '@/voice/event-waiters'
import { type TurnLatency, TurnLatencyTracker } from '@/voice/turn-latency'
import { VoiceMetrics, type VoiceStats } from '@/voice/voice-metrics'
import { SelfInterruptionDetector, speechStartedAtMs } from '@/voice/self-interruption'
import { type InputPosition, SOCKET_WORKER_URL } from '@/voice/socket-worker-messages'
import { closeVoiceSocket, openVoiceSocket } from '@/voice/voice-socket'
import { WorkerSocket } from '@/voice/worker-socket'
import { voiceSocketUrl, type VoiceSocketParams } from '@/voice/ws-url'

export type { VoiceStats } from '@/voice/voice-metrics'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'disconnecting'
export type TurnMode = 'server_vad' | 'manual'

/** Post-chat work calls language models on the server (profile, memory), so it gets longer than other waits. */
export const POST_CHAT_TIMEOUT_MS = 6 * EVENT_TIMEOUT_MS
const NOT_STARTED = 'The conversation was stopped before it started.'

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
  /** A server error or an audio failure during the session; the session goes on. */
  onError?(error: Error): void
  /** The session ended without disconnect() (network, time limit, another tab). */
  onClosed?(message: string): void
  /**
   * The assistant keeps interrupting itself (its voice reaches the microphone: voice/self-interruption.ts), once
   * per session: offer push-to-talk and suggest headphones.
   */
  onSelfInterruption?(): void
}

export interface VoiceSessionOptions extends VoiceSocketParams {
  listener: VoiceSessionListener
  turnMode?: TurnMode
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
}

export interface DisconnectResult {
  postChat: HearthPostChat | null
  /** Why post-chat did not confirm: its own error, a timeout or a lost connection. */
  error: string | null
}

type AudioFigures = Parameters<VoiceMetrics['snapshot']>[0]

const audioFiguresOf = (audio: VoiceAudio): AudioFigures => ({
  outputLatencyMs: audio.outputLatencyMs(),
  sampleRate: audio.sampleRate,
  speakerRoute: audio.speakerRoute ?? null,
})

export class VoiceSession {
  private readonly options: VoiceSessionOptions
  private readonly listener: VoiceSessionListener
  private readonly timeoutMs: number
  private readonly waiters = new EventWaiters<ServerMessage>()
  private statusValue: ConnectionStatus = 'disconnected'
  private turnModeValue: TurnMode
  private audio: VoiceAudio | null = null
  /** The /ws socket, in its worker: the capture worklet's frames go straight to it. */
  private socket: WorkerSocket | null = null
  private sessionInfo: HearthSession | null = null
  private aborted = false
  private ending: Promise<DisconnectResult> | null = null
  private micMuted = false
  private talking = false
  /** Audio figures kept from the last audio, so stats() still answers after the session ended. */
  private audioFigures: AudioFigures = { outputLatencyMs: 0, sampleRate: 0, speakerRoute: null }
  private readonly metrics = new VoiceMetrics()
  private readonly turns = new TurnLatencyTracker()
  private readonly selfInterruption = new SelfInterruptionDetector()
  private readonly assistant = new AssistantPlayback({
    audio: () => this.audio,
    send: (event) => this.send(event),
    connected: () => this.statusValue === 'connected',
    onError: (error) => this.listener.onError?.(error),
    metrics: this.metrics,
  })

  private readonly audioCallbacks: VoiceAudioCallbacks = {
    onInputLevel: (level) => {
      this.metrics.inputPeak(level.peak)
      this.listener.onInputLevel?.(level)
    },
    onOutputLevel: (level) => {
      this.metrics.outputPeak(level.peak)
      this.listener.onOutputLevel?.(level)
    },
    onItemStarted: (itemId, startedAtS) => this.assistantStarted(itemId, startedAtS),
    onItemEnded: (_itemId, sampleCount) => this.metrics.played(sampleCount),
    onError: (error) => this.listener.onError?.(error),
    onRebuildNeeded: () => void this.rebuildAudio(),
  }

  constructor(options: VoiceSessionOptions) {
    this.options = options
    this.listener = options.listener
    this.timeoutMs = options.timeoutMs ?? EVENT_TIMEOUT_MS
    this.turnModeValue = options.turnMode ?? 'server_vad'
  }

  get status(): ConnectionStatus {
    return this.statusValue
  }

  get turnMode(): TurnMode {
    return this.turnModeValue
  }

  /** The latest hearth.session (module, version, instructions, provider…). */
  get info(): HearthSession | null {
    return this.sessionInfo
  }

  /**
   * Microphone, audio worklets, socket, then the server's hearth.session. Call it straight from the click
   * handler: the AudioContext is created before the first await. Rejects with a message for a person
   * (MicrophoneDeniedError when the microphone is refused); everything opened is released again.
   */
  async connect(): Promise<HearthSession> {
    if (this.statusValue !== 'disconnected' || this.ending) throw new Error('This voice session has already started.')
    this.setStatus('connecting')
    try {
      this.audio = await (this.options.openAudio ?? openVoiceAudio)(this.audioCallbacks, this.timeoutMs)
      this.throwIfAborted()
      if (this.turnModeValue === 'manual') await this.audio.capture.setMuted(true)
      await this.openSocket()
      const session =
        this.sessionInfo ??
        (await this.waiters
          .wait('hearth.session', this.timeoutMs, 'the voice session did not start in time. Please try again.')
          .catch((error: unknown) => {
            // Closed (or silent) before the session was ready: the connect failed, whatever the cause.
            throw this.aborted || !(error instanceof Error) ? error : new VoiceConnectError(error.message)
          }))
      this.throwIfAborted()
      const { settings } = this.options
      if (settings?.reminder !== undefined) this.send({ type: 'hearth.settings', reminder: settings.reminder })
      if (this.turnModeValue === 'manual') this.sendTurnDetection(null)
      this.setStatus('connected')
      return session
    } catch (error) {
      await this.teardown()
      this.setStatus('disconnected')
      throw error
    }
  }

  /**
   * Ends the conversation: microphone off and playback silenced at once, then hearth.end_session and a
   * bounded wait for the server's post-chat result, then the socket and audio are closed.
   */
  disconnect(): Promise<DisconnectResult> {
    this.ending ??= this.finish()
    return this.ending
  }

  send(event: BrowserEvent): void {
    const socket = this.socket
    if (!socket || socket.readyState !== WorkerSocket.OPEN) return
    socket.send(JSON.stringify(event))
    if (event.type !== 'input_audio_buffer.append') this.listener.onClientEvent?.(event)
  }

  /** Server voice-activity detection, or manual turns with push-to-talk (SPEC §4 "Turn mode"). */
  async setTurnMode(mode: TurnMode): Promise<void> {
    if (mode === this.turnModeValue) return
    this.turnModeValue = mode
    this.talking = false
    this.updateFrameGate()
    if (this.statusValue !== 'connected') return
    this.sendTurnDetection(mode === 'manual' ? null : this.serverVad())
    await this.audio?.capture.setMuted(mode === 'manual' || this.micMuted)
  }

  /** Push-to-talk pressed: the assistant stops, a fresh input buffer starts recording. */
  async startTalking(): Promise<void> {
    if (this.turnModeValue !== 'manual' || this.statusValue !== 'connected' || this.talking) return
    this.talking = true
    this.updateFrameGate()
    this.turns.turnResumed()
    void this.assistant.interrupt()
    this.send({ type: 'input_audio_buffer.clear' })
    await this.audio?.capture.setMuted(false)
  }

  /** Push-to-talk released: what was said is committed and answered. */
  async stopTalking(): Promise<void> {
    if (!this.talking) return
    this.turns.turnEnded(performance.now(), 'push-to-talk')
    this.talking = false
    // Closed before the commit is sent, on the same path to the worker: no frame of this turn lands after it.
    this.updateFrameGate()
    await this.audio?.capture.setMuted(true)
    this.send({ type: 'input_audio_buffer.commit' })
    this.send({ type: 'response.create' })
  }

  /** Adds `text` as the person's turn and asks for an answer (the testing page's second model). */
  sendUserText(text: string): void {
    if (this.statusValue !== 'connected') return
    this.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } })
    this.send({ type: 'response.create' })
    this.turns.turnEnded(performance.now(), 'text')
  }

  /** Stops sending the microphone without ending the session (e.g. while recording spoken feedback). */
  async setMicMuted(muted: boolean): Promise<void> {
    this.micMuted = muted
    this.updateFrameGate()
    if (this.turnModeValue === 'server_vad') await this.audio?.capture.setMuted(muted)
  }

  stats(): VoiceStats {
    const audio = this.audio
    return this.metrics.snapshot(audio ? audioFiguresOf(audio) : this.audioFigures, this.socket?.figures ?? null)
  }

  // ---- microphone -> server ----

  /**
   * Frames go from the capture worklet to the socket's worker (sent there, never through this thread); the
   * worker sends them only while the gate is open.
   */
  private updateFrameGate(): void {
    const open = this.statusValue === 'connected' && (this.turnModeValue === 'manual' ? this.talking : !this.micMuted)
    this.socket?.setGate(open)
  }

  /**
   * A new microphone could not join the context (another rate where the browser will not convert: Firefox):
   * the audio starts again on a context at the device's rate, whose capture worklet resamples to 24 kHz, and
   * the conversation goes on. What was still queued to play is dropped.
   */
  private async rebuildAudio(): Promise<void> {
    const old = this.audio
    if (!old || this.statusValue !== 'connected') return
    this.audio = null
    this.audioFigures = audioFiguresOf(old)
    await old.close()
    try {
      const audio = await (this.options.openAudio ?? openVoiceAudio)(this.audioCallbacks, this.timeoutMs)
      if (this.statusValue !== 'connected') return void (await audio.close())
      this.audio = audio
      this.socket?.attachAudio(audio)
      await audio.capture.setMuted(this.turnModeValue === 'manual' ? !this.talking : this.micMuted)
    } catch (error) {
      this.listener.onError?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  // ---- server -> page ----

  private receive(data: unknown, input?: InputPosition): void {
    if (typeof data !== 'string') return
    let event: ServerMessage
    try {
      event = JSON.parse(data) as ServerMessage
    } catch {
      return
    }
    if (!event || typeof event.type !== 'string') return
    switch (event.type) {
      case 'response.output_audio.delta':
        this.turns.audioReceived(event.item_id, performance.now())
        break
      case 'input_audio_buffer.speech_started':
        this.turns.turnResumed()
        if (this.selfInterruption.speechStarted(this.speechStartedAtMs(event.audio_start_ms, input))) {
          this.listener.onSelfInterruption?.()
        }
        // Barge-in: the person started talking over the assistant (server VAD only).
        if (this.turnModeValue === 'server_vad') void this.assistant.interrupt()
        break
      case 'input_audio_buffer.speech_stopped':
        this.turns.turnEnded(performance.now(), 'speech')
        break
      case 'hearth.session':
        // The first one comes just before the server's 'Hi.' (SPEC §4): the greeting answers it.
        if (!this.sessionInfo) this.turns.turnEnded(performance.now(), 'greeting')
        this.sessionInfo = event
        break
      case 'error':
        if (!isIgnoredCancelError(event.error?.message)) {
          this.listener.onError?.(new Error(event.error?.message || 'The voice service reported an error.'))
        }
        break
    }
    this.assistant.handle(event)
    this.waiters.settle(event)
    this.listener.onServerEvent?.(event)
  }

  /** The playback worklet started an item: if it answers the person's turn, that turn's latency is known. */
  private assistantStarted(itemId: string, startedAtS: number): void {
    const nowMs = performance.now()
    // The quantum was rendered before its message arrived; an estimate past now is clock error.
    const playedMs = Math.min(nowMs, this.audio?.renderedAtMs(startedAtS) ?? nowMs)
    this.selfInterruption.playbackStarted(playedMs)
    const latency = this.turns.audioPlayed(itemId, playedMs)
    if (!latency) return
    this.metrics.turnAnswered(latency.totalMs)
    this.listener.onTurnLatency?.(latency)
  }

  /** When the person (or the assistant's echo) started speaking, on this page's clock (self-interruption). */
  private speechStartedAtMs(audioStartMs: number, input?: InputPosition): number {
    const turnDetection = this.sessionInfo?.turnDetection
    const prefixMs = turnDetection?.prefix_padding_ms ?? 0
    const timeline = input?.atMs ? { audioMs: input.audioMs, sentAtMs: input.atMs - performance.timeOrigin } : undefined
    return speechStartedAtMs(performance.now(), audioStartMs, prefixMs, timeline)
  }

  // ---- socket ----

  private openSocket(): Promise<void> {
    const { page, module, version, voice, temperature } = this.options
    const url = this.options.socketUrl ?? voiceSocketUrl(location, { page, module, version, voice, temperature })
    const workerUrl = this.options.socketWorkerUrl ?? SOCKET_WORKER_URL
    const { socket, opened } = openVoiceSocket(
      url,
      this.timeoutMs,
      { onMessage: (data, input) => this.receive(data, input), onClose: (message) => this.onSocketClosed(message) },
      (given) => new WorkerSocket(given, workerUrl),
    )
    this.socket = socket
    if (this.audio) socket.attachAudio(this.audio)
    return opened.catch((error: unknown) => {
      throw this.aborted ? new Error(NOT_STARTED) : error
    })
  }

  private onSocketClosed(message: string): void {
    this.waiters.failAll(new Error(this.aborted ? NOT_STARTED : message))
    if (this.statusValue !== 'connected') return
    // Closed by the server or the network while talking: release the audio and say why.
    void this.teardown().then(() => {
      this.setStatus('disconnected')
      this.listener.onClosed?.(message)
    })
  }

  // ---- the end ----

  private async finish(): Promise<DisconnectResult> {
    if (this.statusValue === 'connecting') {
      // Still starting: stop where it is; connect() releases what it opened and rejects.
      this.aborted = true
      this.waiters.failAll(new Error(NOT_STARTED))
      this.socket?.close(1000)
      return { postChat: null, error: null }
    }
    if (this.statusValue !== 'connected') return { postChat: null, error: null }
    this.setStatus('disconnecting')
    this.talking = false
    this.audio?.stopMicrophone()
    try {
      await this.audio?.playback.interrupt()
    } catch {
      // Playback is being closed anyway.
    }

    let postChat: HearthPostChat | null = null
    let error: string | null = null
    if (this.socket?.readyState === WorkerSocket.OPEN) {
      const timeoutMs = this.options.postChatTimeoutMs ?? POST_CHAT_TIMEOUT_MS
      const waiting = this.waiters.wait(
        'hearth.post_chat',
        timeoutMs,
        `The server did not confirm the end of the conversation within ${Math.ceil(timeoutMs / 1000)} s.`,
      )
      this.send({ type: 'hearth.end_session' })
      try {
        postChat = await waiting
        if (postChat.status === 'error') error = postChat.error || 'Unknown error'
      } catch (cause) {
        error = cause instanceof Error ? cause.message : 'Unknown error'
      }
    } else {
      error = 'The connection closed before the conversation could be saved.'
    }
    await this.teardown()
    this.setStatus('disconnected')
    return { postChat, error }
  }

  private async teardown(): Promise<void> {
    if (this.socket) closeVoiceSocket(this.socket)
    this.waiters.failAll(new Error('The voice session has ended.'))
    this.assistant.reset()
    this.turns.reset()
    this.selfInterruption.reset()
    const audio = this.audio
    this.audio = null
    if (audio) {
      this.audioFigures = audioFiguresOf(audio)
      await audio.close()
    }
  }

  private throwIfAborted(): void {
    if (this.aborted) throw new Error(NOT_STARTED)
  }

  private serverVad(): TurnDetection {
    return this.sessionInfo?.turnDetection ?? defaultTurnDetection(this.options.page)
  }

  private sendTurnDetection(turnDetection: TurnDetection): void {
    this.send({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: turnDetection } } } })
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.statusValue) return
    this.statusValue = status
    this.updateFrameGate()
    this.listener.onStatus?.(status)
  }
}
