// A dropped voice connection (issue 10 §3), against a fake relay that speaks the resume protocol
// (packages/protocol/src/hearth.ts): which drops reconnect and how, what the page does meanwhile, and what ends
// the conversation instead. The policy's own units are in reconnect.test.ts.
import { describe, expect, test } from 'bun:test'
import type { HearthResumed } from '@hearth/protocol'

import { PAGE_DROPPED_CODE } from '@/voice/reconnect'
import { hearthSession, type Relay, type Socket, until, useFakeRelay } from '@/voice/session-test-kit'
import type { VoiceSessionOptions } from '@/voice/voice-session'

const { fake, start } = useFakeRelay()

const TOKEN = 'resume-token-1'
const LOST = 'The connection to the voice server was lost. Check your connection and try again.'
const send = (ws: Socket, event: object) => ws.send(JSON.stringify(event))

/**
 * A relay that announces the session as resumable; a socket opened with resume= is answered by `onResume`, by
 * default with hearth.resumed, the missed events and a fresh hearth.session, as the relay does.
 */
function resumingRelay(
  options: { mode?: HearthResumed['mode']; missed?: object[]; graceMs?: number; onResume?: (ws: Socket) => void } = {},
): Relay {
  const { mode = 'resumed', missed = [], graceMs = 20_000 } = options
  const defaults = fake.relay
  return {
    onOpen: (ws) => {
      if (ws.data.resume === null) {
        send(ws, hearthSession)
        return send(ws, { type: 'hearth.resumable', token: TOKEN, graceMs })
      }
      if (options.onResume) return options.onResume(ws)
      send(ws, { type: 'hearth.resumed', mode, summarised: mode === 'restarted', missed: missed.length })
      for (const event of missed) send(ws, event)
      send(ws, hearthSession)
      if (mode === 'restarted') send(ws, { type: 'hearth.resumable', token: `${TOKEN}-2`, graceMs })
    },
    onMessage: defaults.onMessage,
  }
}

async function connected(options: Partial<VoiceSessionOptions> = {}) {
  const started = start(options)
  await started.session.connect()
  await until(() => started.events.some((event) => event.type === 'hearth.resumable'))
  return started
}

const delta = (itemId: string) => ({
  type: 'response.output_audio.delta',
  response_id: 'resp_1',
  item_id: itemId,
  output_index: 0,
  content_index: 0,
  delta: 'AAAA',
})

/** resp_1 in progress, its item_a playing, of which 350 ms had been heard when the network goes. */
async function answerPlaying(audio: Awaited<ReturnType<typeof connected>>['audio']) {
  fake.emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } })
  fake.emit(delta('item_a'))
  await until(() => audio.log.includes('append item_a'))
  audio.playing('item_a', 24 * 350)
}

describe('VoiceSession resuming a dropped connection', () => {
  test('a dropped socket: reconnecting, resumed with resume=<token>, and the same conversation goes on', async () => {
    fake.relay = resumingRelay({ missed: [{ type: 'hearth.memory', key: 'hobby', value: 'chess' }] })
    const { session, audio, statuses, events, errors, closed } = await connected()
    // The token stays inside the connection: event logs and pages never see it.
    expect(events.find((event) => event.type === 'hearth.resumable')).toEqual({ type: 'hearth.resumable', token: '', graceMs: 20_000 })
    fake.emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } })
    fake.emit(delta('item_a'))
    audio.frame()
    await until(() => audio.log.includes('append item_a') && fake.appends() === 1)
    await until(() => session.stats().framesSent === 1)

    fake.socket?.terminate()
    await until(() => statuses.includes('reconnecting'))
    // The assistant stops at once; nothing is sent for it (no socket).
    expect(audio.log.at(-1)).toBe('interrupt')
    await until(() => session.status === 'connected')
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected'])
    expect(fake.sockets.map((ws) => ws.data.resume)).toEqual([null, TOKEN])
    // "connected" comes with hearth.resumed; the events the relay sends after it arrive as their own messages.
    await until(() => events.filter((event) => event.type === 'hearth.session').length === 2)
    const resumedAt = events.findIndex((event) => event.type === 'hearth.resumed')
    expect(events.slice(resumedAt).map((event) => event.type)).toEqual(['hearth.resumed', 'hearth.memory', 'hearth.session'])

    // The rest of the cut-off answer is not played; the conversation goes on on the new socket.
    fake.emit(delta('item_a'))
    fake.emit(delta('item_b'))
    await until(() => audio.log.includes('append item_b'))
    expect(audio.log.filter((entry) => entry === 'append item_a')).toHaveLength(1)
    session.sendUserText('Still there?')
    audio.frame()
    await until(() => fake.sentTypes().includes('response.create') && fake.appends() === 2)
    // resp_1 was in progress at the drop: it is cancelled (the worklet had nothing left of it to truncate).
    expect(fake.sentTypes()).toEqual(['response.cancel', 'conversation.item.create', 'response.create'])
    // The audio timeline goes on where the first socket left it.
    await until(() => session.stats().framesSent === 2)

    const result = await session.disconnect()
    expect(result).toEqual({ postChat: expect.objectContaining({ status: 'done' }), error: null })
    expect(errors).toEqual([])
    expect(closed).toEqual([])
  })

  test('the answer a drop cut off is cancelled and truncated to what was heard once the same conversation is back', async () => {
    let answer: (() => void) | null = null
    const relay = resumingRelay()
    fake.relay = resumingRelay({ onResume: (ws) => (answer = () => relay.onOpen(ws)) })
    const { session, audio } = await connected()
    await answerPlaying(audio)
    fake.socket?.terminate()
    await until(() => answer !== null)
    // Nothing goes out on a dead socket, and nothing is sent before the relay has the conversation back.
    expect(fake.sentTypes()).toEqual([])
    answer!()
    await until(() => fake.received.some((event) => event.type === 'conversation.item.truncate'))
    expect(fake.received.filter((event) => event.type !== 'input_audio_buffer.append')).toEqual([
      { type: 'response.cancel' },
      { type: 'conversation.item.truncate', item_id: 'item_a', content_index: 0, audio_end_ms: 350 },
    ])
    expect(session.stats()).toMatchObject({ cancelsSent: 1, truncatesSent: 1 })
    // Only once: a second drop with nothing playing sends nothing more.
    audio.playing('', 0)
    answer = null
    fake.socket?.terminate()
    await until(() => answer !== null)
    answer!()
    await until(() => fake.sockets.length === 3 && session.status === 'connected')
    await Bun.sleep(50)
    expect(fake.sentTypes()).toEqual(['response.cancel', 'conversation.item.truncate'])
  })

  test('after a restart (grace passed) the old answer is not truncated: its items are gone', async () => {
    fake.relay = resumingRelay({ mode: 'restarted' })
    const { session, audio } = await connected()
    await answerPlaying(audio)
    fake.socket?.terminate()
    await until(() => fake.sockets.length === 2 && session.status === 'connected')
    session.sendUserText('Hello again')
    await until(() => fake.sentTypes().includes('response.create'))
    expect(fake.sentTypes()).toEqual(['conversation.item.create', 'response.create'])
  })

  test('what the person changes while reconnecting is sent once the connection is back: the latest settings and turn mode, typed turns in order', async () => {
    let answer: (() => void) | null = null
    const relay = resumingRelay()
    fake.relay = resumingRelay({ onResume: (ws) => (answer = () => relay.onOpen(ws)) })
    const { session } = await connected({ turnMode: 'manual' })
    expect(fake.sentTypes()).toEqual(['session.update'])
    fake.received = []
    fake.socket?.terminate()
    await until(() => answer !== null)
    expect(session.status).toBe('reconnecting')
    session.send({ type: 'hearth.settings', reminder: true })
    session.send({ type: 'hearth.settings', reminder: false })
    await session.setTurnMode('server_vad')
    await session.setTurnMode('manual')
    await session.setTurnMode('server_vad')
    session.sendUserText('first')
    session.sendUserText('second')
    // Of the moment, so dropped: the drop already changed what they referred to.
    session.send({ type: 'input_audio_buffer.commit' })
    session.send({ type: 'response.cancel' })
    await Bun.sleep(30)
    expect(fake.received).toEqual([])
    expect(session.turnMode).toBe('server_vad')

    answer!()
    // Two typed turns in a row: the first one is final, unanswered, and its turn-taking reported (issue 23 §4).
    const sentTypes = () => fake.sentTypes().filter((type) => type !== 'hearth.turn_taking')
    await until(() => sentTypes().length === 6)
    await Bun.sleep(50)
    const texts = fake.received
      .filter((event) => event.type === 'conversation.item.create')
      .map((event) => (event.type === 'conversation.item.create' && event.item.type === 'message' ? event.item.content[0] : null))
    expect(sentTypes()).toEqual([
      'hearth.settings',
      'session.update',
      'conversation.item.create',
      'response.create',
      'conversation.item.create',
      'response.create',
    ])
    expect(fake.received[0]).toEqual({ type: 'hearth.settings', reminder: false })
    expect(fake.received[1]).toMatchObject({ session: { audio: { input: { turn_detection: { type: 'server_vad' } } } } })
    expect(texts).toEqual([
      { type: 'input_text', text: 'first' },
      { type: 'input_text', text: 'second' },
    ])
    // Nothing is kept for later once the connection is back.
    session.send({ type: 'hearth.settings', reminder: true })
    await until(() => sentTypes().length === 7)
  })

  test('what was held while reconnecting is dropped when the conversation ends instead', async () => {
    fake.relay = resumingRelay({ graceMs: 300, onResume: (ws) => ws.terminate() })
    const { session, closed } = await connected({ resumeTiming: { marginMs: 0 } })
    fake.received = []
    fake.socket?.terminate()
    await until(() => session.status === 'reconnecting')
    session.sendUserText('lost')
    await until(() => closed.length === 1, 5_000)
    expect(fake.sentTypes()).toEqual([])
  })

  test('microphone frames while reconnecting are dropped, not queued for later', async () => {
    let answer: (() => void) | null = null
    const relay = resumingRelay()
    fake.relay = resumingRelay({ onResume: (ws) => (answer = () => relay.onOpen(Object.assign(ws, { data: { resume: TOKEN } }))) })
    const { session, audio } = await connected()
    audio.frame()
    await until(() => fake.appends() === 1)
    fake.socket?.terminate()
    await until(() => answer !== null)
    for (let i = 0; i < 5; i++) audio.frame()
    await Bun.sleep(30)
    answer!()
    await until(() => session.status === 'connected')
    await Bun.sleep(100)
    expect(fake.appends()).toBe(1)
    audio.frame()
    await until(() => fake.appends() === 2)
  })

  test('a silent socket (no pong, no event) is closed with our code and resumed', async () => {
    fake.relay = resumingRelay()
    const { session, statuses } = await connected({ resumeTiming: { pingEveryMs: 40, silenceMs: 250 } })
    await until(() => fake.pings >= 2)
    fake.silent = true
    await until(() => fake.sockets.length === 2 && session.status === 'connected', 3_000)
    expect(fake.closes[0]).toEqual({ code: PAGE_DROPPED_CODE, resume: null })
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected'])
  })

  test('the browser going offline gives the socket up at once; the reconnect resumes it', async () => {
    fake.relay = resumingRelay()
    const { session, statuses } = await connected()
    globalThis.dispatchEvent(new Event('offline'))
    await until(() => fake.sockets.length === 2 && session.status === 'connected')
    globalThis.dispatchEvent(new Event('online'))
    expect(fake.closes[0]).toEqual({ code: PAGE_DROPPED_CODE, resume: null })
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected'])
  })

  test('4005 (the session lives on another process) is tried again at once', async () => {
    let tries = 0
    const relay = resumingRelay()
    fake.relay = resumingRelay({ onResume: (ws) => (++tries < 3 ? ws.close(4005, 'elsewhere') : relay.onOpen(ws)) })
    const { session } = await connected()
    fake.socket?.terminate()
    await until(() => tries === 3 && session.status === 'connected')
    expect(fake.sockets).toHaveLength(4)
  })

  test('restarted after the grace: told once, and the new session gets the settings again', async () => {
    fake.relay = resumingRelay({ mode: 'restarted' })
    const { session, restarted, closed } = await connected({ settings: { reminder: true }, turnMode: 'manual' })
    const firstSettings = fake.sentTypes()
    expect(firstSettings).toEqual(['hearth.settings', 'session.update'])
    fake.socket?.terminate()
    await until(() => session.status === 'connected' && fake.sentTypes().length === 4)
    expect(fake.sentTypes()).toEqual([...firstSettings, ...firstSettings])
    expect(restarted).toEqual([true])
    expect(closed).toEqual([])
  })

  test('retries used up: the lost-connection path, as without resuming', async () => {
    fake.relay = resumingRelay({ graceMs: 300, onResume: (ws) => ws.terminate() })
    const { session, audio, statuses, closed } = await connected({ resumeTiming: { marginMs: 100 } })
    fake.socket?.terminate()
    await until(() => closed.length > 0, 3_000)
    expect(closed).toEqual([LOST])
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'disconnected'])
    expect(fake.sockets.length).toBeGreaterThanOrEqual(2)
    expect(audio.log).toContain('closed')
    expect(session.status).toBe('disconnected')
  })

  test('a final close (time limit, taken over, normal end) ends the conversation without a reconnect', async () => {
    for (const [code, message] of [
      [4001, 'The conversation reached its time limit.'],
      [4006, 'taken over'],
      [1000, 'Session ended'],
    ] as const) {
      fake.relay = resumingRelay()
      const { closed } = await connected()
      fake.socket?.close(code, message)
      await until(() => closed.length > 0)
      await Bun.sleep(50)
      expect(closed).toEqual([message])
      expect(fake.sockets).toHaveLength(1)
      fake.reset()
    }
  })

  test('without a resume token (the session never became resumable) a drop ends it as before', async () => {
    const { session, closed } = start()
    await session.connect()
    fake.socket?.terminate()
    await until(() => closed.length > 0)
    expect(closed).toEqual([LOST])
    await Bun.sleep(50)
    expect(fake.sockets).toHaveLength(1)
  })

  test('disconnect never reconnects: not after the end, and it stops a reconnect under way', async () => {
    fake.relay = resumingRelay()
    const ended = await connected()
    expect((await ended.session.disconnect()).error).toBeNull()
    await Bun.sleep(100)
    expect(fake.sockets).toHaveLength(1)
    fake.reset()

    // The relay takes the resume socket but never answers it: the person gives up waiting.
    fake.relay = resumingRelay({ onResume: () => undefined })
    const { session, statuses } = await connected()
    fake.socket?.terminate()
    await until(() => fake.sockets.length === 2)
    const result = await session.disconnect()
    expect(result.postChat).toBeNull()
    expect(result.error).toStartWith('The connection was lost')
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'disconnecting', 'disconnected'])
    // The socket that did reach the relay is told the conversation is over (1000), and nothing is tried after.
    await until(() => fake.closes.some((close) => close.resume === TOKEN))
    expect(fake.closes.find((close) => close.resume === TOKEN)?.code).toBe(1000)
    await Bun.sleep(600)
    expect(fake.sockets).toHaveLength(2)
  })
})
