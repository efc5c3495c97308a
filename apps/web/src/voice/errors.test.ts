import { describe, expect, test } from 'bun:test'

import { describeSocketClose, MIC_DENIED_MESSAGE, MicrophoneDeniedError, microphoneError } from '@/voice/errors'

describe('microphoneError', () => {
  test('a refusal becomes the SPEC alert text; other failures say what to do', () => {
    const denied = microphoneError(new DOMException('Permission denied', 'NotAllowedError'))
    expect(denied).toBeInstanceOf(MicrophoneDeniedError)
    expect(denied.message).toBe(MIC_DENIED_MESSAGE)
    expect(microphoneError(new DOMException('x', 'NotFoundError')).message).toBe('No microphone was found. Connect one and try again.')
    expect(microphoneError(new DOMException('x', 'NotReadableError')).message).toContain('in use by another app')
    expect(microphoneError(new TypeError('getUserMedia is not a function')).message).toBe(
      'The microphone could not start: getUserMedia is not a function',
    )
  })
})

describe('describeSocketClose', () => {
  test('each close code of the relay has its own message', () => {
    expect(describeSocketClose(1013, 'Too many live sessions')).toContain('busy')
    expect(describeSocketClose(4000, '')).toContain('another tab')
    expect(describeSocketClose(4001, '')).toContain('time limit')
    expect(describeSocketClose(4002, '')).toContain('voice minutes')
    expect(describeSocketClose(4003, 'Signed out: this sign-in is no longer valid')).toContain('signed out')
    expect(describeSocketClose(4004, '')).toContain('End one and try again')
    expect(describeSocketClose(1008, 'Frame too large')).toBe('The voice session was refused: Frame too large')
    expect(describeSocketClose(1006, '')).toContain('connection to the voice server was lost')
    expect(describeSocketClose(4999, 'Odd')).toBe('Odd')
  })
})
