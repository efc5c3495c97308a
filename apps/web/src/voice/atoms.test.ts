// The connect action downloads the voice engine first: what happens while it does.
import { describe, expect, test } from 'bun:test'
import { createStore } from 'jotai'

import { connectionStatusAtom, connectVoiceAtom, disconnectVoiceAtom } from '@/voice/atoms'

// No audio and no server are reached: the connect is stopped before the session starts.
const noAudio = () => Promise.reject(new Error('no audio in this test'))

describe('connectVoiceAtom while the engine downloads', () => {
  test('shows connecting at once; a disconnect then stops it and it ends disconnected', async () => {
    const store = createStore()
    const statuses: string[] = []
    store.sub(connectionStatusAtom, () => statuses.push(store.get(connectionStatusAtom)))
    const connecting = store.set(connectVoiceAtom, { page: 'user', openAudio: noAudio })
    expect(store.get(connectionStatusAtom)).toBe('connecting')

    await expect(store.set(connectVoiceAtom, { page: 'user', openAudio: noAudio })).rejects.toThrow('A conversation is already running.')
    expect(await store.set(disconnectVoiceAtom)).toMatchObject({ postChat: null, error: null, transcript: '' })
    await expect(connecting).rejects.toThrow('The conversation was stopped before it started.')
    expect(statuses).toEqual(['connecting', 'disconnected'])
  })

  test('after the download the session starts (and here fails on audio, back to disconnected)', async () => {
    const store = createStore()
    await expect(store.set(connectVoiceAtom, { page: 'user', openAudio: noAudio })).rejects.toThrow('no audio in this test')
    expect(store.get(connectionStatusAtom)).toBe('disconnected')
  })
})
