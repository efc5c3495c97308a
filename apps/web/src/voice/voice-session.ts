// One live voice conversation over /ws (SPEC §4, §7; PRODUCT §4): microphone frames out, assistant audio in,
// barge-in, push-to-talk, a dropped connection waited for and resumed (voice/resumable-socket.ts) and the
// end-of-session handshake. No React and no jotai: pages observe it through the listener (voice/atoms.ts turns
// that into store writes).
import {
  type BrowserEvent,
  EVENT_TIMEOUT_MS,
  type HearthResumed,
  type HearthSession,
  isIgnoredCancelError,
  type ServerMessage,
} from '@hearth/protocol'

import type { AssistantPlayback } from '@/voice/assistant-playback'
import { openVoiceAudio, type VoiceAudio, type VoiceAudioCallbacks } from '@/voice/audio-engine'
import { VoiceConnectError } from '@/voice/errors'
import { endSession, POST_CHAT_TIMEOUT_MS } from '@/voice/end-session'
import { EventWaiters } from '@/voice/event-waiters'
import { HeldWhileReconnecting } from '@/voice/held-while-reconnecting'
import { ResumableSocket } from '@/voice/resumable-socket'
import { type InputPosition, SOCKET_WORKER_URL } from '@/voice/socket-worker-messages'
import { TurnSettings } from '@/voice/turn-settings'
import type { TurnWatch } from '@/voice/turn-watch'
import { type AudioFigures, audioFiguresOf, VoiceMetrics, type VoiceStats } from '@/voice/voice-metrics'
import { wireSession } from '@/voice/session-wiring'
import type { ConnectionStatus, DisconnectResult, TurnMode, VoiceSessionListener, VoiceSessionOptions } from '@/voice/voice-session-types'
import type { VadDetection } from '@/voice/voice-session-types'
import { voiceSocketUrl } from '@/voice/ws-url'

export type { VoiceStats } from '@/voice/voice-metrics'
export type { ConnectionStatus, DisconnectResult, TurnMode, VoiceSessionListener, VoiceSessionOptions }

const NOT_STARTED = 'The conversation was stopped before it started.'
const ENDED_WHILE_RECONNECTING =
  'The connection was lost, so the end of the conversation could not be confirmed. The server saves it on its own shortly.'

export class VoiceSession {
  private readonly options: VoiceSessionOptions
  private readonly listener: VoiceSessionListener
  private readonly timeoutMs: number
  private readonly waiters = new EventWaiters<ServerMessage>()
  private statusValue: ConnectionStatus = 'disconnected'
  private turnModeValue: TurnMode
  private readonly turnSettings: TurnSettings
  private audio: VoiceAudio | null = null
  /** The /ws connection (its socket lives in a worker: the capture worklet's frames go straight to it). */
  private connection: ResumableSocket | null = null
  private sessionInfo: HearthSession | null = null
  private aborted = false
  private ending: Promise<DisconnectResult> | null = null
  private micMuted = false
  /** Settings, turn detection and typed turns changed while reconnecting, sent once the connection is back. */
  private readonly held = new HeldWhileReconnecting()
  private talking = false
  /** Audio figures kept from the last audio, so stats() still answers after the session ended. */
  private audioFigures: AudioFigures = { outputLatencyMs: 0, sampleRate: 0, speakerRoute: null }
  private readonly metrics = new VoiceMetrics()
  private readonly watch: TurnWatch
  private readonly assistant: AssistantPlayback
  private readonly audioCallbacks: VoiceAudioCallbacks

  constructor(options: VoiceSessionOptions) {
    this.options = options
    this.listener = options.listener
    this.timeoutMs = options.timeoutMs ?? EVENT_TIMEOUT_MS
    this.turnModeValue = options.turnMode ?? 'server_vad'
    const turnHost = { page: options.page, send: (e: BrowserEvent) => this.send(e), info: () => this.sessionInfo }
    this.turnSettings = new TurnSettings(turnHost, options.detection ?? null)
    const wired = wireSession({
      metrics: this.metrics,
      listener: this.listener,
      audio: () => this.audio,
      connection: () => this.connection,
      connected: () => this.statusValue === 'connected',
      send: (event) => this.send(event),
      rebuildAudio: () => void this.rebuildAudio(),
    })
    this.watch = wired.watch
    this.assistant = wired.assistant
    this.audioCallbacks = wired.audioCallbacks
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
      if (this.aborted) throw new Error(NOT_STARTED)
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
      if (this.aborted) throw new Error(NOT_STARTED)
      this.sendStartSettings()
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
    if (this.statusValue === 'reconnecting' && this.held.hold(event)) return
    if (!this.connection?.isOpen) return
    this.connection.send(JSON.stringify(event))
    if (event.type !== 'input_audio_buffer.append') this.listener.onClientEvent?.(event)
  }

  /** Server voice-activity detection, or manual turns with push-to-talk (SPEC §4 "Turn mode"). */
  async setTurnMode(mode: TurnMode): Promise<void> {
    if (mode === this.turnModeValue) return
    this.turnModeValue = mode
    this.talking = false
    this.updateFrameGate()
    if (!this.live()) return
    this.turnSettings.modeChanged(mode)
    await this.audio?.capture.setMuted(mode === 'manual' || this.micMuted)
  }

  /** Staff pages: the detector voice-activity turns use, sent at once unless turns are manual. */
  setDetection(detection: VadDetection): void {
    this.turnSettings.pick(detection, this.turnModeValue, this.live())
  }

  /** Push-to-talk pressed: the assistant stops, a fresh input buffer starts recording. */
  async startTalking(): Promise<void> {
    if (this.turnModeValue !== 'manual' || this.statusValue !== 'connected' || this.talking) return
    this.talking = true
    this.updateFrameGate()
    this.watch.turnResumed()
    void this.assistant.interrupt()
    this.send({ type: 'input_audio_buffer.clear' })
    await this.audio?.capture.setMuted(false)
  }

  /** Push-to-talk released: what was said is committed and answered. */
  async stopTalking(): Promise<void> {
    if (!this.talking) return
    this.watch.turnEnded('push-to-talk')
    this.talking = false
    // Closed before the commit is sent, on the same path to the worker: no frame of this turn lands after it.
    this.updateFrameGate()
    await this.audio?.capture.setMuted(true)
    this.send({ type: 'input_audio_buffer.commit' })
    this.send({ type: 'response.create' })
  }

  /** Adds `text` as the person's turn and asks for an answer (the testing page's second model). */
  sendUserText(text: string): void {
    if (this.statusValue === 'reconnecting') return this.held.holdText(text)
    if (this.statusValue !== 'connected') return
    this.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } })
    this.send({ type: 'response.create' })
    this.watch.turnEnded('text')
  }

  /** Stops sending the microphone without ending the session (e.g. while recording spoken feedback). */
  async setMicMuted(muted: boolean): Promise<void> {
    this.micMuted = muted
    this.updateFrameGate()
    if (this.turnModeValue === 'server_vad') await this.audio?.capture.setMuted(muted)
  }

  stats(): VoiceStats {
    const audio = this.audio
    return this.metrics.snapshot(audio ? audioFiguresOf(audio) : this.audioFigures, this.connection?.figures ?? null)
  }

  // ---- microphone -> server ----

  /**
   * Frames go from the capture worklet to the socket's worker (sent there, never through this thread); the
   * worker sends them only while the gate is open.
   */
  private updateFrameGate(): void {
    const open = this.statusValue === 'connected' && (this.turnModeValue === 'manual' ? this.talking : !this.micMuted)
    this.connection?.setGate(open)
  }

  /**
   * A new microphone could not join the context (another rate where the browser will not convert: Firefox):
   * the audio starts again on a context at the device's rate, whose capture worklet resamples to 24 kHz, and
   * the conversation goes on. What was still queued to play is dropped.
   */
  private async rebuildAudio(): Promise<void> {
    const old = this.audio
    if (!old || !this.live()) return
    this.audio = null
    this.audioFigures = audioFiguresOf(old)
    await old.close()
    try {
      const audio = await (this.options.openAudio ?? openVoiceAudio)(this.audioCallbacks, this.timeoutMs)
      if (!this.live()) return void (await audio.close())
      this.audio = audio
      this.connection?.attachAudio(audio)
      await audio.capture.setMuted(this.turnModeValue === 'manual' ? !this.talking : this.micMuted)
    } catch (error) {
      this.listener.onError?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  // ---- server -> page ----

  private receive(event: ServerMessage, input?: InputPosition): void {
    this.watch.serverEvent(event, input)
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        // Barge-in: the person started talking over the assistant (server VAD only).
        if (this.turnModeValue === 'server_vad') void this.assistant.interrupt()
        break
      case 'hearth.session':
        this.sessionInfo = event
        break
      case 'hearth.continued':
        // The relay renewed its upstream session on this socket (the assistant stops a cut answer: handle() below).
        if (event.phase === 'restarting') this.watch.resetTurns()
        this.listener.onContinued?.(event)
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

  // ---- socket ----

  private openSocket(): Promise<void> {
    const { page, module, version, voice, temperature } = this.options
    const connection = new ResumableSocket({
      url: this.options.socketUrl ?? voiceSocketUrl(location, { page, module, version, voice, temperature }),
      workerUrl: this.options.socketWorkerUrl ?? SOCKET_WORKER_URL,
      timeoutMs: this.timeoutMs,
      ...this.options.resumeTiming,
      handlers: {
        onEvent: (event, input) => this.receive(event, input),
        canResume: () => this.statusValue === 'connected',
        onReconnecting: () => this.reconnecting(),
        onResumed: (event) => this.resumed(event),
        onClosed: (message) => this.onSocketClosed(message),
      },
    })
    this.connection = connection
    if (this.audio) connection.attachAudio(this.audio)
    return connection.open().catch((error: unknown) => {
      throw this.aborted ? new Error(NOT_STARTED) : error
    })
  }

  /** Dropped: no frames are sent (the gate closes with the status) and the assistant stops where it was. */
  private reconnecting(): void {
    this.setStatus('reconnecting')
    this.assistant.silence()
    this.watch.resetTurns()
  }

  private resumed(event: HearthResumed): void {
    this.setStatus('connected')
    if (event.mode === 'restarted') {
      // A new upstream session: it gets what connect() sent the first one; the old one's items are gone.
      this.assistant.forgetCut()
      this.watch.restarted()
      this.sendStartSettings()
    } else {
      void this.assistant.afterResume()
    }
    // What the person changed meanwhile (voice/held-while-reconnecting.ts).
    const { events, texts } = this.held.take()
    for (const held of events) this.send(held)
    for (const text of texts) this.sendUserText(text)
    if (event.mode === 'restarted') this.listener.onRestarted?.(event.summarised)
  }

  private onSocketClosed(message: string): void {
    this.waiters.failAll(new Error(this.aborted ? NOT_STARTED : message))
    if (!this.live()) return
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
      this.connection?.close()
      return { postChat: null, error: null }
    }
    if (!this.live()) return { postChat: null, error: null }
    const wasReconnecting = this.statusValue === 'reconnecting'
    this.setStatus('disconnecting')
    this.talking = false
    this.audio?.stopMicrophone()
    try {
      await this.audio?.playback.interrupt()
    } catch {
      // Playback is being closed anyway.
    }
    this.watch.finishTurns()

    const result: DisconnectResult = wasReconnecting
      ? { postChat: null, error: ENDED_WHILE_RECONNECTING }
      : this.connection?.isOpen
        ? await endSession(
            this.waiters,
            () => this.send({ type: 'hearth.end_session' }),
            this.options.postChatTimeoutMs ?? POST_CHAT_TIMEOUT_MS,
          )
        : { postChat: null, error: 'The connection closed before the conversation could be saved.' }
    await this.teardown()
    this.setStatus('disconnected')
    return result
  }

  private async teardown(): Promise<void> {
    this.connection?.close()
    this.held.clear()
    this.waiters.failAll(new Error('The voice session has ended.'))
    this.assistant.reset()
    this.watch.reset()
    const audio = this.audio
    this.audio = null
    if (audio) {
      this.audioFigures = audioFiguresOf(audio)
      await audio.close()
    }
  }

  /** Talking, or waiting for a dropped connection to come back. */
  private live(): boolean {
    return this.statusValue === 'connected' || this.statusValue === 'reconnecting'
  }

  private sendStartSettings(): void {
    const { settings } = this.options
    if (settings?.reminder !== undefined) this.send({ type: 'hearth.settings', reminder: settings.reminder })
    this.turnSettings.sendStart(this.turnModeValue)
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.statusValue) return
    this.statusValue = status
    this.updateFrameGate()
    this.listener.onStatus?.(status)
  }
}
