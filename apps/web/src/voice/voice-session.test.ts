// VoiceSession against a real websocket server on 127.0.0.1 that plays the relay's part of the protocol, with
// the browser audio replaced by a recording stand-in (the worklets have their own tests). The socket runs in the
// real voice socket worker (voice-socket-worker.ts, as a Bun worker), which the stand-in's frames reach through a
// MessagePort as the capture worklet's do.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import type { Server, ServerWebSocket } from 'bun'
import type { BrowserEvent, HearthSession, ServerMessage } from '@hearth/protocol'

import type { AudioClockReading } from '@hearth/worklets/client/audio-clock'
import type { CaptureFrameMessage } from '@hearth/worklets/messages'

import type { OpenVoiceAudio, VoiceAudio, VoiceAudioCallbacks } from '@/voice/audio-engine'
import type { TurnLatency } from '@/voice/turn-latency'
import { VoiceConnectError } from '@/voice/errors'
import { type ConnectionStatus, VoiceSession, type VoiceSessionOptions } from '@/voice/voice-session'

type Relay = {
  /** Runs when the browser's socket opens; by default the relay announces the session. */
  onOpen: (ws: ServerWebSocket<unknown>) => void
  onMessage: (ws: ServerWebSocket<unknown>, event: BrowserEvent) => void
}

let server: Server<unknown>
let relay: Relay
let received: BrowserEvent[] = []
let socket: ServerWebSocket<unknown> | null = null
const sessions: VoiceSession[] = []

const hearthSession: HearthSession = {
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

let eventCounter = 0
const emit = (event: object) => socket?.send(JSON.stringify({ event_id: `e${++eventCounter}`, ...event }))

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request, bunServer) {
      // As the relay answers a page on another origin than PUBLIC_URL.
      if (new URL(request.url).pathname === '/refused')
        return new Response('{"error":"This origin may not open a voice session"}', { status: 403 })
      return bunServer.upgrade(request, { data: undefined }) ? undefined : new Response('websocket only', { status: 400 })
    },
    websocket: {
      open(ws) {
        socket = ws
        relay.onOpen(ws)
      },
      message(ws, message) {
        const event = JSON.parse(String(message)) as BrowserEvent
        received.push(event)
        relay.onMessage(ws, event)
      },
    },
  })
})

afterAll(() => server.stop(true))

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.disconnect()))
  socket = null
  received = []
})

function defaultRelay(): Relay {
  return {
    onOpen: () => emit(hearthSession),
    onMessage: (_ws, event) => {
      if (event.type === 'hearth.end_session') {
        emit({ type: 'hearth.post_chat', status: 'done', did: { profile: true } })
        socket?.close(1000, 'Session ended')
      }
    },
  }
}

/** The stand-in's audio clock: context time is performance.now() in seconds. */
const contextTimeIn = (ms: number) => (performance.now() + ms) / 1000

function fakeAudio() {
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
    /** What the worklet answers to an interrupt: the item, and when its first silent sample will be rendered. */
    playing: (itemId: string, sampleCount: number, silentAfterMs = 0) => {
      nextInterrupt = { itemId, sampleCount, audioEndMs: Math.floor(sampleCount / 24) }
      silentInMs = silentAfterMs
    },
  }
}

function start(options: Partial<VoiceSessionOptions> = {}) {
  const audio = fakeAudio()
  const statuses: ConnectionStatus[] = []
  const errors: string[] = []
  const closed: string[] = []
  const events: ServerMessage[] = []
  const latencies: TurnLatency[] = []
  const selfInterruptions: number[] = []
  const session = new VoiceSession({
    page: 'user',
    socketUrl: `ws://127.0.0.1:${server.port}/ws?page=user`,
    socketWorkerUrl: new URL('./voice-socket-worker.ts', import.meta.url),
    openAudio: audio.open,
    timeoutMs: 500,
    postChatTimeoutMs: 500,
    listener: {
      onStatus: (status) => statuses.push(status),
      onError: (error) => errors.push(error.message),
      onClosed: (message) => closed.push(message),
      onServerEvent: (event) => events.push(event),
      onTurnLatency: (latency) => latencies.push(latency),
      onSelfInterruption: () => selfInterruptions.push(performance.now()),
    },
    ...options,
  })
  sessions.push(session)
  return { session, audio, statuses, errors, closed, events, latencies, selfInterruptions }
}

const sentTypes = () => received.map((event) => event.type).filter((type) => type !== 'input_audio_buffer.append')
const until = async (check: () => boolean, timeoutMs = 1000) => {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}

describe('VoiceSession', () => {
  test('connects once the relay announces the session, then streams microphone frames', async () => {
    relay = defaultRelay()
    const { session, audio, statuses } = start({ settings: { reminder: true } })
    audio.frame() // before the session is live nothing is sent
    const info = await session.connect()
    expect(info.module).toBe('Get to Know You')
    expect(statuses).toEqual(['connecting', 'connected'])
    audio.frame()
    audio.frame()
    await until(() => received.filter((event) => event.type === 'input_audio_buffer.append').length === 2)
    const append = received.find((event) => event.type === 'input_audio_buffer.append')
    expect(append).toEqual({ type: 'input_audio_buffer.append', audio: expect.stringMatching(/^6AP/) })
    expect(sentTypes()).toEqual(['hearth.settings'])
    expect(received[0]).toEqual({ type: 'hearth.settings', reminder: true })
    // The worker reports its figures a few times a second.
    await until(() => session.stats().framesSent === 2)
    expect(session.stats()).toMatchObject({ framesSent: 2, captureToSendMs: { count: 2 } })
  })

  test('speech over the assistant: playback stops, the response is cancelled and the item truncated', async () => {
    relay = defaultRelay()
    const { session, audio, errors } = start()
    await session.connect()
    emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } })
    emit({
      type: 'response.output_audio.delta',
      response_id: 'resp_1',
      item_id: 'item_a',
      output_index: 0,
      content_index: 0,
      delta: 'AAAA',
    })
    await until(() => audio.log.includes('append item_a'))
    audio.playing('item_a', 12_000)

    emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900, item_id: 'item_u' })
    await until(() => sentTypes().includes('conversation.item.truncate'))
    expect(sentTypes()).toEqual(['response.cancel', 'conversation.item.truncate'])
    expect(received.at(-1)).toEqual({ type: 'conversation.item.truncate', item_id: 'item_a', content_index: 0, audio_end_ms: 500 })

    // Audio of the cut-off item still in flight is dropped; SPEC §4's cancel errors are not shown.
    emit({
      type: 'response.output_audio.delta',
      response_id: 'resp_1',
      item_id: 'item_a',
      output_index: 0,
      content_index: 0,
      delta: 'AAAA',
    })
    emit({ type: 'error', error: { type: 'invalid_request_error', message: 'Cancellation failed: no active response found' } })
    emit({ type: 'error', error: { type: 'invalid_request_error', message: 'The module does not exist' } })
    await until(() => errors.length > 0)
    expect(errors).toEqual(['The module does not exist'])
    expect(audio.log.filter((entry) => entry === 'append item_a')).toHaveLength(1)
    expect(session.stats()).toMatchObject({ interruptions: 1, truncatesSent: 1, cancelsSent: 1, samplesPlayed: 12_000 })
  })

  test("latencies start at the worklets' audio-clock stamps; impossible ones are clamped and counted", async () => {
    relay = defaultRelay()
    const { session, audio } = start()
    await session.connect()
    audio.frame(6)
    audio.frame(6)
    // Stamped after it arrived: clock error (well past the time a message takes to reach the worker).
    audio.frame(-40)
    await until(() => received.filter((event) => event.type === 'input_audio_buffer.append').length === 3)
    await until(() => session.stats().framesSent === 3)
    const afterFrames = session.stats()
    expect(afterFrames).toMatchObject({ framesSent: 3, captureToSendMs: { count: 3 }, captureClockClamped: 1 })
    expect(afterFrames.captureToSendMs.maxMs).toBeGreaterThanOrEqual(6)
    expect(afterFrames.captureToSendMs.maxMs).toBeLessThan(50)

    audio.playing('item_a', 2400, 4)
    emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900, item_id: 'item_u' })
    await until(() => session.stats().interruptions === 1)
    audio.playing('item_b', 2400, -3) // silent before it was asked: clock error
    emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1900, item_id: 'item_v' })
    await until(() => session.stats().interruptions === 2)
    const { interruptToSilenceMs, silenceClockClamped } = session.stats()
    expect(silenceClockClamped).toBe(1)
    expect(interruptToSilenceMs.count).toBe(2)
    expect(interruptToSilenceMs.maxMs).toBeGreaterThanOrEqual(4)
    expect(interruptToSilenceMs.maxMs).toBeLessThan(50)
  })

  test('speech right as the assistant starts, three times: push-to-talk is offered once', async () => {
    relay = defaultRelay()
    const { session, audio, selfInterruptions } = start()
    await session.connect()
    for (const [index, item] of ['item_a', 'item_b', 'item_c', 'item_d'].entries()) {
      audio.started(item, 100)
      emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900 * index, item_id: `user_${index}` })
      await Bun.sleep(20)
    }
    expect(selfInterruptions).toHaveLength(1)
  })

  test('speech long after the assistant started is a person answering, not an echo', async () => {
    relay = defaultRelay()
    const { session, audio, selfInterruptions } = start()
    await session.connect()
    for (const item of ['item_a', 'item_b', 'item_c']) {
      audio.started(item, 1_000)
      emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: `user_${item}` })
      await Bun.sleep(20)
    }
    expect(selfInterruptions).toEqual([])
  })

  test('audio rebuilt after a device change: the conversation goes on and frames flow from the new audio', async () => {
    relay = defaultRelay()
    const { session, audio, statuses } = start()
    await session.connect()
    audio.frame()
    await until(() => received.filter((event) => event.type === 'input_audio_buffer.append').length === 1)
    audio.rebuild()
    await until(() => audio.log.includes('muted false'))
    expect(audio.opens()).toBe(2)
    // The old audio closed before the new one opened; the microphone is live again (server VAD, not muted).
    expect(audio.log.slice(audio.log.indexOf('closed'))).toEqual(['closed', 'muted false'])
    await until(() => {
      audio.frame()
      return received.filter((event) => event.type === 'input_audio_buffer.append').length >= 2
    })
    expect(session.status).toBe('connected')
    expect(statuses).toEqual(['connecting', 'connected'])
  })

  test('speech with nothing playing sends neither truncate nor cancel', async () => {
    relay = defaultRelay()
    const { session, audio } = start()
    await session.connect()
    emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_u' })
    await until(() => audio.log.includes('interrupt'))
    await Bun.sleep(20)
    expect(sentTypes()).toEqual([])
  })

  test('disconnect: microphone off, playback silenced, end_session, then the post-chat result', async () => {
    relay = defaultRelay()
    const { session, audio, statuses } = start()
    await session.connect()
    const result = await session.disconnect()
    expect(result.error).toBeNull()
    expect(result.postChat).toMatchObject({ type: 'hearth.post_chat', status: 'done', did: { profile: true } })
    expect(sentTypes()).toEqual(['hearth.end_session'])
    expect(audio.log).toEqual(['microphone off', 'interrupt', 'closed'])
    expect(statuses).toEqual(['connecting', 'connected', 'disconnecting', 'disconnected'])
  })

  test('a post-chat error and a server that never confirms both come back as the error to show', async () => {
    relay = {
      onOpen: () => emit(hearthSession),
      onMessage: (_ws, event) => {
        if (event.type === 'hearth.end_session')
          emit({ type: 'hearth.post_chat', status: 'error', did: {}, error: 'Profile update failed' })
      },
    }
    const failing = start()
    await failing.session.connect()
    expect((await failing.session.disconnect()).error).toBe('Profile update failed')

    relay = { onOpen: () => emit(hearthSession), onMessage: () => undefined }
    const silent = start({ postChatTimeoutMs: 50 })
    await silent.session.connect()
    expect(await silent.session.disconnect()).toEqual({
      postChat: null,
      error: 'The server did not confirm the end of the conversation within 1 s.',
    })
    expect(silent.statuses.at(-1)).toBe('disconnected')
  })

  test('no hearth.session in time: connect fails clearly and releases the audio', async () => {
    relay = { onOpen: () => undefined, onMessage: () => undefined }
    const { session, audio, statuses } = start({ timeoutMs: 50 })
    await expect(session.connect()).rejects.toThrow(
      'Could not connect to the voice service: the voice session did not start in time. Please try again.',
    )
    expect(audio.log).toContain('closed')
    expect(statuses).toEqual(['connecting', 'disconnected'])
  })

  test('a refused upgrade, or a close before the session is ready, is a failed connect that says so', async () => {
    const refused = start({ socketUrl: `ws://127.0.0.1:${server.port}/refused` })
    const error = (await refused.session.connect().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(VoiceConnectError)
    expect(error.message).toStartWith('Could not connect to the voice service: the server refused the connection')
    expect(refused.audio.log).toContain('closed')
    expect(refused.statuses).toEqual(['connecting', 'disconnected'])

    relay = { onOpen: (ws) => ws.close(1013, 'Too many live sessions'), onMessage: () => undefined }
    const busy = start()
    await expect(busy.session.connect()).rejects.toThrow('Could not connect to the voice service: Hearth is busy right now.')
    expect(busy.closed).toEqual([])
  })

  test('the server ending the session (time limit) releases everything and says why', async () => {
    relay = defaultRelay()
    const { session, audio, closed, statuses } = start()
    await session.connect()
    socket?.close(4001, 'Session time limit reached')
    await until(() => closed.length > 0)
    expect(closed).toEqual(['The conversation reached its time limit.'])
    expect(statuses.at(-1)).toBe('disconnected')
    expect(audio.log).toContain('closed')
  })

  test('manual turns: the microphone is sent only while push-to-talk is held, then committed', async () => {
    relay = defaultRelay()
    const { session, audio } = start({ turnMode: 'manual' })
    await session.connect()
    await until(() => received.length === 1)
    expect(received[0]).toEqual({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } })
    audio.frame()
    await session.startTalking()
    // Frames reach the worker on the worklet's port and the gate on the page's, in no set order between the
    // two: the stand-in streams as a microphone does until the first one is sent.
    await until(() => {
      audio.frame()
      return received.some((event) => event.type === 'input_audio_buffer.append')
    })
    await session.stopTalking()
    audio.frame()
    await until(() => sentTypes().includes('response.create'))
    // Consecutive appends as one: how many frames went out while held depends on the threads' timing.
    expect(received.map((event) => event.type).filter((type, i, all) => type !== all[i - 1])).toEqual([
      'session.update',
      'input_audio_buffer.clear',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
    ])
    expect(audio.log.filter((entry) => entry.startsWith('muted'))).toEqual(['muted true', 'muted false', 'muted true'])

    const sentBefore = received.length
    await session.setTurnMode('server_vad')
    await until(() => received.length === sentBefore + 1)
    expect(received.at(-1)).toEqual({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: hearthSession.turnDetection } } },
    })
  })

  test('per-turn latency: from the greeting, speech_stopped, push-to-talk or typed text to the first sample played', async () => {
    relay = defaultRelay()
    const { session, audio, latencies } = start()
    await session.connect()
    const delta = (itemId: string) =>
      emit({ type: 'response.output_audio.delta', response_id: 'r', item_id: itemId, output_index: 0, content_index: 0, delta: 'AAAA' })

    // The first hearth.session comes just before the server's 'Hi.': the greeting answers it.
    await Bun.sleep(15)
    delta('item_hi')
    await until(() => audio.log.includes('append item_hi'))
    audio.started('item_hi')
    expect(latencies).toHaveLength(1)
    expect(latencies[0]).toMatchObject({ itemId: 'item_hi', cause: 'greeting' })
    expect(latencies[0].totalMs).toBeGreaterThanOrEqual(15)
    expect(latencies[0].toFirstAudioMs! + latencies[0].playoutMs!).toBeCloseTo(latencies[0].totalMs, 6)

    // An item starting with no turn pending answers nothing.
    audio.started('item_extra')
    expect(latencies).toHaveLength(1)

    // Speech that stops, resumes and stops again: the turn ends at the last speech_stopped.
    emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: 'u1' })
    emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1200, item_id: 'u2' })
    emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2000, item_id: 'u2' })
    delta('item_b')
    await until(() => audio.log.includes('append item_b'))
    audio.started('item_b')
    expect(latencies.map((latency) => latency.cause)).toEqual(['greeting', 'speech'])

    // Typed text (the testing page's second model) is a turn too.
    session.sendUserText('I am well, thanks.')
    await until(() => sentTypes().includes('response.create'))
    expect(received.filter((event) => event.type !== 'input_audio_buffer.append')).toContainEqual({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'I am well, thanks.' }] },
    })
    delta('item_c')
    await until(() => audio.log.includes('append item_c'))
    audio.started('item_c')
    expect(latencies.at(-1)).toMatchObject({ itemId: 'item_c', cause: 'text' })

    // Push-to-talk release ends a manual turn.
    await session.setTurnMode('manual')
    await session.startTalking()
    await session.stopTalking()
    delta('item_d')
    await until(() => audio.log.includes('append item_d'))
    audio.started('item_d')
    expect(latencies.at(-1)).toMatchObject({ itemId: 'item_d', cause: 'push-to-talk' })
    expect(session.stats().turnLatencyMs.count).toBe(4)
  })
})
