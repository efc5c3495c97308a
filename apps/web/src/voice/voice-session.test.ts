// VoiceSession's life against a fake relay (voice/session-test-kit.ts): connect, frames, device changes, the end
// and the ways it can fail. Turns and barge-in: voice-session-turns.test.ts; resuming: voice-session-resume.test.ts.
import { describe, expect, test } from 'bun:test'

import { VoiceConnectError } from '@/voice/errors'
import { hearthSession, until, useFakeRelay } from '@/voice/session-test-kit'

const { fake, start } = useFakeRelay()

describe('VoiceSession', () => {
  test('connects once the relay announces the session, then streams microphone frames', async () => {
    const { session, audio, statuses } = start({ settings: { reminder: true } })
    audio.frame() // before the session is live nothing is sent
    const info = await session.connect()
    expect(info.module).toBe('Get to Know You')
    expect(statuses).toEqual(['connecting', 'connected'])
    audio.frame()
    audio.frame()
    await until(() => fake.received.filter((event) => event.type === 'input_audio_buffer.append').length === 2)
    const append = fake.received.find((event) => event.type === 'input_audio_buffer.append')
    expect(append).toEqual({ type: 'input_audio_buffer.append', audio: expect.stringMatching(/^6AP/) })
    expect(fake.sentTypes()).toEqual(['hearth.settings'])
    expect(fake.received[0]).toEqual({ type: 'hearth.settings', reminder: true })
    // The worker reports its figures a few times a second.
    await until(() => session.stats().framesSent === 2)
    expect(session.stats()).toMatchObject({ framesSent: 2, captureToSendMs: { count: 2 } })
  })

  test('audio rebuilt after a device change: the conversation goes on and frames flow from the new audio', async () => {
    const { session, audio, statuses } = start()
    await session.connect()
    audio.frame()
    await until(() => fake.received.filter((event) => event.type === 'input_audio_buffer.append').length === 1)
    audio.rebuild()
    await until(() => audio.log.includes('muted false'))
    expect(audio.opens()).toBe(2)
    // The old audio closed before the new one opened; the microphone is live again (server VAD, not muted).
    expect(audio.log.slice(audio.log.indexOf('closed'))).toEqual(['closed', 'muted false'])
    await until(() => {
      audio.frame()
      return fake.received.filter((event) => event.type === 'input_audio_buffer.append').length >= 2
    })
    expect(session.status).toBe('connected')
    expect(statuses).toEqual(['connecting', 'connected'])
  })

  test('disconnect: microphone off, playback silenced, end_session, then the post-chat result', async () => {
    const { session, audio, statuses } = start()
    await session.connect()
    const result = await session.disconnect()
    expect(result.error).toBeNull()
    expect(result.postChat).toMatchObject({ type: 'hearth.post_chat', status: 'done', did: { profile: true } })
    expect(fake.sentTypes()).toEqual(['hearth.end_session'])
    expect(audio.log).toEqual(['microphone off', 'interrupt', 'closed'])
    expect(statuses).toEqual(['connecting', 'connected', 'disconnecting', 'disconnected'])
  })

  test('a post-chat error and a server that never confirms both come back as the error to show', async () => {
    fake.relay = {
      onOpen: () => fake.emit(hearthSession),
      onMessage: (_ws, event) => {
        if (event.type === 'hearth.end_session')
          fake.emit({ type: 'hearth.post_chat', status: 'error', did: {}, error: 'Profile update failed' })
      },
    }
    const failing = start()
    await failing.session.connect()
    expect((await failing.session.disconnect()).error).toBe('Profile update failed')

    fake.relay = { onOpen: () => fake.emit(hearthSession), onMessage: () => undefined }
    const silent = start({ postChatTimeoutMs: 50 })
    await silent.session.connect()
    expect(await silent.session.disconnect()).toEqual({
      postChat: null,
      error: 'The server did not confirm the end of the conversation within 1 s.',
    })
    expect(silent.statuses.at(-1)).toBe('disconnected')
  })

  test('no hearth.session in time: connect fails clearly and releases the audio', async () => {
    fake.relay = { onOpen: () => undefined, onMessage: () => undefined }
    // Long enough for the local socket to open on a busy machine (the same timeout guards the open): what must
    // run out is the wait for hearth.session.
    const { session, audio, statuses } = start({ timeoutMs: 500 })
    await expect(session.connect()).rejects.toThrow(
      'Could not connect to the voice service: the voice session did not start in time. Please try again.',
    )
    expect(audio.log).toContain('closed')
    expect(statuses).toEqual(['connecting', 'disconnected'])
  })

  test('a refused upgrade, or a close before the session is ready, is a failed connect that says so', async () => {
    const refused = start({ socketUrl: `ws://127.0.0.1:${fake.port}/refused` })
    const error = (await refused.session.connect().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(VoiceConnectError)
    expect(error.message).toStartWith('Could not connect to the voice service: the server refused the connection')
    expect(refused.audio.log).toContain('closed')
    expect(refused.statuses).toEqual(['connecting', 'disconnected'])

    fake.relay = { onOpen: (ws) => ws.close(1013, 'Too many live sessions'), onMessage: () => undefined }
    const busy = start()
    await expect(busy.session.connect()).rejects.toThrow('Could not connect to the voice service: Hearth is busy right now.')
    expect(busy.closed).toEqual([])
  })

  test('the server ending the session (time limit) releases everything and says why', async () => {
    const { session, audio, closed, statuses } = start()
    await session.connect()
    fake.socket?.close(4001, 'Session time limit reached')
    await until(() => closed.length > 0)
    expect(closed).toEqual(['The conversation reached its time limit.'])
    expect(statuses.at(-1)).toBe('disconnected')
    expect(audio.log).toContain('closed')
  })
})
