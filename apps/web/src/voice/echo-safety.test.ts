import { describe, expect, test } from 'bun:test'

import { echoCancellationConstraint, microphoneConstraints } from '@/voice/echo-safety'

describe('echo cancellation constraint', () => {
  test('"all" where the browser knows echoCancellation, true otherwise', () => {
    expect(echoCancellationConstraint({ echoCancellation: true })).toBe('all')
    expect(echoCancellationConstraint({ echoCancellation: false })).toBe(true)
    expect(echoCancellationConstraint({})).toBe(true)
    expect(echoCancellationConstraint(undefined)).toBe(true)
  })

  test('the microphone keeps mono, noise suppression and gain control', () => {
    expect(microphoneConstraints({ echoCancellation: true })).toEqual({
      channelCount: 1,
      echoCancellation: 'all' as unknown as boolean,
      noiseSuppression: true,
      autoGainControl: true,
    })
  })
})
