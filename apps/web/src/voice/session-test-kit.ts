// For the VoiceSession tests (voice-session*.test.ts): a real websocket server on 127.0.0.1 that plays the relay's
// part of the protocol (pings answered at once, as the relay does), and a recording stand-in for the browser audio
// (the worklets have their own tests). The socket runs in the real voice socket worker (voice-socket-worker.ts, as
// a Bun worker), which the stand-in's frames reach through a MessagePort as the capture worklet's do.
import { afterAll, afterEach, beforeAll } from 'bun:test'
import type { Server, ServerWebSocket } from 'bun'
import type { BrowserEvent, HearthSession, ServerMessage } from '@hearth/protocol'

import type { AudioClockReading } from '@hearth/worklets/client/audio-clock'
import type { CaptureFrameMessage } from '@hearth/worklets/messages'

import type { OpenVoiceAudio, VoiceAudio, VoiceAudioCallbacks } from '@/voice/audio-engine'
import type { TurnLatency } from '@/voice/turn-latency'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'
import { type ConnectionStatus, VoiceSession, type VoiceSessionOptions } from '@/voice/voice-session'

export type Socket = ServerWebSocket<{ resume: string | null }>

export type Relay = {
  /** Runs when the browser's socket opens (`resume` is the URL's resume= token); by default it announces the session. */
  onOpen: (ws: Socket) => void
  onMessage: (ws: Socket, event: BrowserEvent) => void
}

export const hearthSession: HearthSession = {
  type: 'hearth.session',
  provider: 'local',
  module: 'Get to Know You',
  version: 1,
  versions: [1],
  modules: ['Get to Know You'],
  prompt: 'welcome',
  instructions: 'Be kind.',
  voice: 'shimmer',
  turnDetection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 },
}

/** The fake relay and what it saw; `reset()` between tests. */
export class FakeRelay {
  relay: Relay = defaultRelay()
  /** Every event the browser sent except pings, in order. */
  received: BrowserEvent[] = []
  /** Pings answered (they keep the connection alive; tests of everything else ignore them). */
  pings = 0
  /** The latest socket opened, and every one so far. */
  socket: Socket | null = null
  sockets: Socket[] = []
  /** How each socket closed, as the server saw it (`resume`: the token it was opened with). */
  closes: { code: number; resume: string | null }[] = []
  /** Set to stop answering pings (a socket that went silent without closing). */
  silent = false
  private server: Server<{ resume: string | null }> | null = null
  private eventCounter = 0

  get port(): number {
    return this.server?.port ?? 0
  }

  start(): void {
    this.server = Bun.serve<{ resume: string | null }>({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request, bunServer) => {
        const url = new URL(request.url)
        // As the relay answers a page on another origin than PUBLIC_URL.
        if (url.pathname === '/refused') return new Response('{"error":"This origin may not open a voice session"}', { status: 403 })
        const data = { resume: url.searchParams.get('resume') }
        return bunServer.upgrade(request, { data }) ? undefined : new Response('websocket only', { status: 400 })
      },
      websocket: {
        open: (ws) => {
          this.socket = ws
          this.sockets.push(ws)
          this.relay.onOpen(ws)
        },
        message: (ws, message) => {
          const event = JSON.parse(String(message)) as BrowserEvent
          if (event.type === 'hearth.ping') {
            this.pings++
            if (!this.silent) ws.send(JSON.stringify({ type: 'hearth.pong', id: event.id }))
            return
          }
          this.received.push(event)
          this.relay.onMessage(ws, event)
        },
        close: (ws, code) => void this.closes.push({ code, resume: ws.data.resume }),
      },
    })
  }

  stop(): void {
    this.server?.stop(true)
  }

  reset(): void {
    this.relay = defaultRelay()
    this.received = []
    this.pings = 0
    this.socket = null
    this.sockets = []
    this.closes = []
    this.silent = false
  }

  /** Sends a server event on the latest socket (or `ws`). */
  emit(event: object, ws: Socket | null = this.socket): void {
    ws?.send(JSON.stringify({ event_id: `e${++this.eventCounter}`, ...event }))
  }

  /** Event types sent, without the many microphone frames. */
  sentTypes(): string[] {
    return this.received.map((event) => event.type).filter((type) => type !== 'input_audio_buffer.append')
  }

  appends(): number {
    return this.received.filter((event) => event.type === 'input_audio_buffer.append').length
  }
}

function defaultRelay(): Relay {
  return {
    onOpen: (ws) => ws.send(JSON.stringify(hearthSession)),
    onMessage: (ws, event) => {
      if (event.type === 'hearth.end_session') {
        ws.send(JSON.stringify({ type: 'hearth.post_chat', status: 'done', did: { profile: true } }))
        ws.close(1000, 'Session ended')
      }
    },
  }
}

/** The stand-in's audio clock: context time is performance.now() in seconds. */
const contextTimeIn = (ms: number) => (performance.now() + ms) / 1000

export function fakeAudio() {
  const log: string[] = []
  let callbacks: VoiceAudioCallbacks | null = null
  let framePort: MessagePort | null = null
  let sequence = 0
  let silentInMs = 0
  let nextInterrupt = { itemId: null as string | null, sampleCount: 0, audioEndMs: 0 }
  const audio: VoiceAudio = {
    capture: {
      setMuted: async (muted) => {
        log.push(`muted ${muted}`)
        return muted
      },
      routeFrames: (port) => {
        framePort = port
      },
    },
    playback: {
      appendBase64: (itemId) => void log.push(`append ${itemId}`),
      endItem: (itemId) => void log.push(`end ${itemId}`),
      interrupt: async () => {
        log.push('interrupt')
        return { ...nextInterrupt, silentFromS: contextTimeIn(silentInMs) }
      },
    },
    sampleRate: 24000,
    outputLatencyMs: () => 12,
    renderedAtMs: (contextTimeS) => contextTimeS * 1000,
    // Context time is performance.now() in seconds, rendered sample by sample (a callback of one microsecond).
    clockReading: (): AudioClockReading => {
      const nowMs = performance.now()
      return { callbackAtMs: performance.timeOrigin + nowMs, renderedToS: nowMs / 1000, callbackS: 1e-6, quantumS: 1e-6 }
    },
    stopMicrophone: () => void log.push('microphone off'),
    close: async () => void log.push('closed'),
  }
  let opened = 0
  const open: OpenVoiceAudio = async (given) => {
    callbacks = given
    opened++
    return audio
  }
  return {
    open,
    log,
    /** The engine asks for the audio to be rebuilt (a new microphone at a rate the context cannot take). */
    rebuild: () => callbacks?.onRebuildNeeded?.(),
    /** How many times the session opened the audio. */
    opens: () => opened,
    /** One 20 ms frame from the capture worklet (once routed to the socket worker), posted `postedMsAgo` ago. */
    frame: (postedMsAgo = 0) => {
      const buffer = new Int16Array(480).fill(1000).buffer
      const message: CaptureFrameMessage = {
        type: 'frame',
        buffer,
        sequence: sequence++,
        postedAtS: contextTimeIn(-postedMsAgo),
        postedAtWallMs: Date.now() - postedMsAgo,
      }
      framePort?.postMessage(message, [buffer])
    },
    /** The playback worklet rendered the item's first sample `agoMs` ago. */
    started: (itemId: string, agoMs = 0) => callbacks?.onItemStarted(itemId, contextTimeIn(-agoMs)),
    /** The playback worklet played the item out. */
    ended: (itemId: string, sampleCount = 2400) => callbacks?.onItemEnded(itemId, sampleCount),
    /** What the worklet answers to an interrupt: the item, and when its first silent sample will be rendered. */
    playing: (itemId: string, sampleCount: number, silentAfterMs = 0) => {
      nextInterrupt = { itemId, sampleCount, audioEndMs: Math.floor(sampleCount / 24) }
      silentInMs = silentAfterMs
    },
  }
}

/** A VoiceSession on the fake relay with short timeouts, recording what its listener hears. */
export function startSession(relay: FakeRelay, sessions: VoiceSession[], options: Partial<VoiceSessionOptions> = {}) {
  const audio = fakeAudio()
  const statuses: ConnectionStatus[] = []
  const errors: string[] = []
  const closed: string[] = []
  const restarted: boolean[] = []
  const events: ServerMessage[] = []
  const latencies: TurnLatency[] = []
  const selfInterruptions: number[] = []
  const turnTaking: TurnTakingFlags[] = []
  const session = new VoiceSession({
    page: 'user',
    socketUrl: `ws://127.0.0.1:${relay.port}/ws?page=user`,
    socketWorkerUrl: new URL('./voice-socket-worker.ts', import.meta.url),
    openAudio: audio.open,
    timeoutMs: 500,
    postChatTimeoutMs: 500,
    listener: {
      onStatus: (status) => statuses.push(status),
      onError: (error) => errors.push(error.message),
      onClosed: (message) => closed.push(message),
      onRestarted: (summarised) => restarted.push(summarised),
      onServerEvent: (event) => events.push(event),
      onTurnLatency: (latency) => latencies.push(latency),
      onSelfInterruption: () => selfInterruptions.push(performance.now()),
      onTurnTaking: (turns) => turnTaking.push(...turns),
    },
    ...options,
  })
  sessions.push(session)
  return { session, audio, statuses, errors, closed, restarted, events, latencies, selfInterruptions, turnTaking }
}

export async function until(check: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}

/** A test file's fake relay, started and stopped with the file, its sessions disconnected after each test. */
export function useFakeRelay() {
  const fake = new FakeRelay()
  const sessions: VoiceSession[] = []
  beforeAll(() => fake.start())
  afterAll(() => fake.stop())
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.disconnect()))
    fake.reset()
  })
  return { fake, start: (options: Partial<VoiceSessionOptions> = {}) => startSession(fake, sessions, options) }
}
