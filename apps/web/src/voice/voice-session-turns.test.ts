// VoiceSession's turns against a fake relay (voice/session-test-kit.ts): barge-in, manual turns with push-to-talk,
// per-turn latency and self-interruption.
import { describe, expect, test } from 'bun:test'

import { hearthSession, until, useFakeRelay } from '@/voice/session-test-kit'

const { fake, start } = useFakeRelay()

describe('VoiceSession turns', () => {
  test('speech over the assistant: playback stops, the response is cancelled and the item truncated', async () => {
    const { session, audio, errors } = start()
    await session.connect()
    fake.emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } })
    fake.emit({
      type: 'response.output_audio.delta',
      response_id: 'resp_1',
      item_id: 'item_a',
      output_index: 0,
      content_index: 0,
      delta: 'AAAA',
    })
    await until(() => audio.log.includes('append item_a'))
    audio.playing('item_a', 12_000)

    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900, item_id: 'item_u' })
    await until(() => fake.sentTypes().includes('conversation.item.truncate'))
    expect(fake.sentTypes()).toEqual(['response.cancel', 'conversation.item.truncate'])
    expect(fake.received.at(-1)).toEqual({ type: 'conversation.item.truncate', item_id: 'item_a', content_index: 0, audio_end_ms: 500 })

    // Audio of the cut-off item still in flight is dropped; SPEC §4's cancel errors are not shown.
    fake.emit({
      type: 'response.output_audio.delta',
      response_id: 'resp_1',
      item_id: 'item_a',
      output_index: 0,
      content_index: 0,
      delta: 'AAAA',
    })
    fake.emit({ type: 'error', error: { type: 'invalid_request_error', message: 'Cancellation failed: no active response found' } })
    fake.emit({ type: 'error', error: { type: 'invalid_request_error', message: 'The module does not exist' } })
    await until(() => errors.length > 0)
    expect(errors).toEqual(['The module does not exist'])
    expect(audio.log.filter((entry) => entry === 'append item_a')).toHaveLength(1)
    expect(session.stats()).toMatchObject({ interruptions: 1, truncatesSent: 1, cancelsSent: 1, samplesPlayed: 12_000 })
  })

  test("latencies start at the worklets' audio-clock stamps; impossible ones are clamped and counted", async () => {
    const { session, audio } = start()
    await session.connect()
    audio.frame(6)
    audio.frame(6)
    // Stamped after it arrived: clock error (well past the time a message takes to reach the worker).
    audio.frame(-40)
    await until(() => fake.received.filter((event) => event.type === 'input_audio_buffer.append').length === 3)
    await until(() => session.stats().framesSent === 3)
    const afterFrames = session.stats()
    expect(afterFrames).toMatchObject({ framesSent: 3, captureToSendMs: { count: 3 }, captureClockClamped: 1 })
    expect(afterFrames.captureToSendMs.maxMs).toBeGreaterThanOrEqual(6)
    expect(afterFrames.captureToSendMs.maxMs).toBeLessThan(50)

    audio.playing('item_a', 2400, 4)
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900, item_id: 'item_u' })
    await until(() => session.stats().interruptions === 1)
    audio.playing('item_b', 2400, -3) // silent before it was asked: clock error
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1900, item_id: 'item_v' })
    await until(() => session.stats().interruptions === 2)
    const { interruptToSilenceMs, silenceClockClamped } = session.stats()
    expect(silenceClockClamped).toBe(1)
    expect(interruptToSilenceMs.count).toBe(2)
    expect(interruptToSilenceMs.maxMs).toBeGreaterThanOrEqual(4)
    expect(interruptToSilenceMs.maxMs).toBeLessThan(50)
  })

  test('speech right as the assistant starts, three times: push-to-talk is offered once', async () => {
    const { session, audio, selfInterruptions } = start()
    await session.connect()
    for (const [index, item] of ['item_a', 'item_b', 'item_c', 'item_d'].entries()) {
      audio.started(item, 100)
      fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 900 * index, item_id: `user_${index}` })
      await Bun.sleep(20)
    }
    expect(selfInterruptions).toHaveLength(1)
  })

  test('speech long after the assistant started is a person answering, not an echo', async () => {
    const { session, audio, selfInterruptions } = start()
    await session.connect()
    for (const item of ['item_a', 'item_b', 'item_c']) {
      audio.started(item, 1_000)
      fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: `user_${item}` })
      await Bun.sleep(20)
    }
    expect(selfInterruptions).toEqual([])
  })

  test('speech with nothing playing sends neither truncate nor cancel', async () => {
    const { session, audio } = start()
    await session.connect()
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_u' })
    await until(() => audio.log.includes('interrupt'))
    await Bun.sleep(20)
    expect(fake.sentTypes()).toEqual([])
  })

  test('manual turns: the microphone is sent only while push-to-talk is held, then committed', async () => {
    const { session, audio } = start({ turnMode: 'manual' })
    await session.connect()
    await until(() => fake.received.length === 1)
    expect(fake.received[0]).toEqual({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } })
    audio.frame()
    await session.startTalking()
    // Frames reach the worker on the worklet's port and the gate on the page's, in no set order between the
    // two: the stand-in streams as a microphone does until the first one is sent.
    await until(() => {
      audio.frame()
      return fake.received.some((event) => event.type === 'input_audio_buffer.append')
    })
    await session.stopTalking()
    audio.frame()
    await until(() => fake.sentTypes().includes('response.create'))
    // Consecutive appends as one: how many frames went out while held depends on the threads' timing.
    expect(fake.received.map((event) => event.type).filter((type, i, all) => type !== all[i - 1])).toEqual([
      'session.update',
      'input_audio_buffer.clear',
      'input_audio_buffer.append',
      'input_audio_buffer.commit',
      'response.create',
    ])
    expect(audio.log.filter((entry) => entry.startsWith('muted'))).toEqual(['muted true', 'muted false', 'muted true'])

    const sentBefore = fake.received.length
    await session.setTurnMode('server_vad')
    await until(() => fake.received.length === sentBefore + 1)
    expect(fake.received.at(-1)).toEqual({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: hearthSession.turnDetection } } },
    })
  })

  test('per-turn latency: from the greeting, speech_stopped, push-to-talk or typed text to the first sample played', async () => {
    const { session, audio, latencies } = start()
    await session.connect()
    const delta = (itemId: string) =>
      fake.emit({
        type: 'response.output_audio.delta',
        response_id: 'r',
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: 'AAAA',
      })

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
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: 'u1' })
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 1200, item_id: 'u2' })
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2000, item_id: 'u2' })
    delta('item_b')
    await until(() => audio.log.includes('append item_b'))
    audio.started('item_b')
    expect(latencies.map((latency) => latency.cause)).toEqual(['greeting', 'speech'])

    // Typed text (the testing page's second model) is a turn too.
    session.sendUserText('I am well, thanks.')
    await until(() => fake.sentTypes().includes('response.create'))
    expect(fake.received.filter((event) => event.type !== 'input_audio_buffer.append')).toContainEqual({
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
