import { expect, test } from 'bun:test'

import { encodeWav, wavDurationMs } from '@/voice/wav'

test('a WAV header that says 24 kHz mono 16-bit, followed by the samples little-endian', () => {
  const wav = encodeWav([Int16Array.from([1, -2]), Int16Array.from([0x7fff, -0x8000])])
  const view = new DataView(wav.buffer)
  const text = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4))
  expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data'])
  expect(view.getUint32(4, true)).toBe(36 + 8)
  expect(view.getUint16(20, true)).toBe(1)
  expect(view.getUint16(22, true)).toBe(1)
  expect(view.getUint32(24, true)).toBe(24000)
  expect(view.getUint32(28, true)).toBe(48000)
  expect(view.getUint16(34, true)).toBe(16)
  expect(view.getUint32(40, true)).toBe(8)
  expect(Array.from(new Int16Array(wav.buffer.slice(44)))).toEqual([1, -2, 0x7fff, -0x8000])
})

test('duration follows the sample count', () => {
  expect(wavDurationMs(encodeWav([new Int16Array(12000)]))).toBe(500)
  expect(wavDurationMs(encodeWav([]))).toBe(0)
})
