// Float32 <-> PCM16 conversion and base64 for the realtime websocket payloads. Runs in an AudioWorkletGlobalScope
// (no Buffer, no atob/btoa there) as well as on the main thread and in Bun.

/**
 * Writes `sampleCount` samples of `input` (from `inputOffset`) into `output` (from `outputOffset`) as PCM16,
 * clamping to [-1, 1]; NaN becomes silence. Returns the number of samples written.
 */
export function floatToPcm16(
  input: Float32Array,
  output: Int16Array,
  sampleCount: number = Math.min(input.length, output.length),
  inputOffset = 0,
  outputOffset = 0,
): number {
  for (let i = 0; i < sampleCount; i++) {
    const value = input[inputOffset + i];
    let sample: number;
    if (value >= 1) sample = 0x7fff;
    else if (value <= -1) sample = -0x8000;
    else if (value >= 0) sample = Math.round(value * 0x7fff);
    else if (value < 0) sample = Math.round(value * 0x8000);
    else sample = 0;
    output[outputOffset + i] = sample;
  }
  return sampleCount;
}

/** The inverse of floatToPcm16: PCM16 into floats in [-1, 1]. Returns the number of samples written. */
export function pcm16ToFloat(
  input: Int16Array,
  output: Float32Array,
  sampleCount: number = Math.min(input.length, output.length),
  inputOffset = 0,
  outputOffset = 0,
): number {
  for (let i = 0; i < sampleCount; i++) {
    output[outputOffset + i] = pcm16SampleToFloat(input[inputOffset + i]);
  }
  return sampleCount;
}

export function pcm16SampleToFloat(sample: number): number {
  return sample < 0 ? sample / 0x8000 : sample / 0x7fff;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ENCODE = new Uint8Array(64);
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = ALPHABET.charCodeAt(i);
  DECODE[ALPHABET.charCodeAt(i)] = i;
}
const PAD = 61; // '='
const STRING_CHUNK = 0x2000; // keeps String.fromCharCode.apply under engines' argument limits

export function encodeBase64(bytes: Uint8Array): string {
  const ascii = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let out = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const triple = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    ascii[out++] = ENCODE[triple >> 18];
    ascii[out++] = ENCODE[(triple >> 12) & 63];
    ascii[out++] = ENCODE[(triple >> 6) & 63];
    ascii[out++] = ENCODE[triple & 63];
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const triple = (bytes[i] << 16) | (rest === 2 ? bytes[i + 1] << 8 : 0);
    ascii[out++] = ENCODE[triple >> 18];
    ascii[out++] = ENCODE[(triple >> 12) & 63];
    ascii[out++] = rest === 2 ? ENCODE[(triple >> 6) & 63] : PAD;
    ascii[out++] = PAD;
  }
  let text = '';
  for (let start = 0; start < ascii.length; start += STRING_CHUNK) {
    text += String.fromCharCode.apply(null, ascii.subarray(start, start + STRING_CHUNK) as unknown as number[]);
  }
  return text;
}

/** Decodes standard base64 (padding optional). Throws on characters outside the alphabet. */
export function decodeBase64(base64: string): Uint8Array {
  let end = base64.length;
  while (end > 0 && base64.charCodeAt(end - 1) === PAD) end--;
  if (end % 4 === 1) throw new Error('Invalid base64: truncated input');
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let out = 0;
  let bits = 0;
  let bitCount = 0;
  for (let i = 0; i < end; i++) {
    const code = base64.charCodeAt(i);
    const value = code < 128 ? DECODE[code] : -1;
    if (value < 0) throw new Error(`Invalid base64 character at position ${i}`);
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes[out++] = (bits >> bitCount) & 0xff;
    }
  }
  return bytes;
}

/** PCM16 samples as the base64 `audio` of `input_audio_buffer.append` (little-endian, like every browser). */
export function pcm16ToBase64(samples: Int16Array): string {
  return encodeBase64(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
}

/** The base64 `delta` of `response.output_audio.delta` as PCM16 samples; a trailing odd byte is dropped. */
export function base64ToPcm16(base64: string): Int16Array {
  const bytes = decodeBase64(base64);
  const sampleCount = bytes.length >> 1;
  if (bytes.byteLength === sampleCount * 2) return new Int16Array(bytes.buffer, 0, sampleCount);
  return new Int16Array(bytes.buffer.slice(0, sampleCount * 2));
}
