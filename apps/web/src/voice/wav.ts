// PCM16 mono -> a RIFF/WAVE file in memory (spoken feedback is sent as audio.wav and never stored).
import { BYTES_PER_SAMPLE, SAMPLE_RATE } from '@hearth/protocol/audio'

const HEADER_BYTES = 44

/** One WAV file from consecutive chunks of 16-bit mono samples. */
export function encodeWav(chunks: readonly Int16Array[], sampleRate: number = SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const sampleCount = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  const dataBytes = sampleCount * BYTES_PER_SAMPLE
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes)
  const view = new DataView(bytes.buffer)
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true) // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true) // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true) // bits per sample
  ascii(36, 'data')
  view.setUint32(40, dataBytes, true)
  let offset = HEADER_BYTES
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++, offset += BYTES_PER_SAMPLE) view.setInt16(offset, chunk[i], true)
  }
  return bytes
}

export function wavDurationMs(wav: Uint8Array): number {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  const byteRate = view.getUint32(28, true)
  return byteRate > 0 ? (view.getUint32(40, true) * 1000) / byteRate : 0
}
