import { expect, test } from 'bun:test'

import { voiceSocketUrl } from '@/voice/ws-url'

test('the socket is on the same origin, secure when the page is, with the page, module and version in the query', () => {
  expect(voiceSocketUrl({ protocol: 'http:', host: '127.0.0.1:3917' }, { page: 'user' })).toBe('ws://127.0.0.1:3917/ws?page=user')
  expect(voiceSocketUrl({ protocol: 'https:', host: 'hearth.example' }, { page: 'user', module: 'Get to Know You', version: 2 })).toBe(
    'wss://hearth.example/ws?page=user&module=Get+to+Know+You&version=2',
  )
  expect(
    voiceSocketUrl(
      { protocol: 'https:', host: 'hearth.example' },
      { page: 'console', module: null, version: null, voice: 'ash', temperature: 0.8 },
    ),
  ).toBe('wss://hearth.example/ws?page=console&voice=ash&temperature=0.8')
})
