/** Realtime audio format shared by the browser, the worklets and the server: 24 kHz mono PCM16 (SPEC §7, §9). */
export const SAMPLE_RATE = 24000;
export const CHANNEL_COUNT = 1;
export const BYTES_PER_SAMPLE = 2;

/** Capture sends 20 ms frames: short enough that framing adds no noticeable delay to a turn. */
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000;
export const FRAME_BYTES = FRAME_SAMPLES * BYTES_PER_SAMPLE;

/**
 * SPEC §9's audio chunk size. At 24 kHz PCM16 it holds ~171 ms of audio, which would add that much latency to
 * every turn, so capture sends FRAME_MS frames instead (PRODUCT §4). It stays here as the largest single
 * `input_audio_buffer.append` payload we produce, should a caller ever batch frames.
 */
export const CHUNK_SIZE_BYTES = 8192;

/** How long the browser waits for an answer (from the server or an audio worklet) before giving up. */
export const EVENT_TIMEOUT_MS = 5000;

/** Level meters update at about this rate; faster is invisible, slower looks sluggish. */
export const METER_HZ = 60;

/** Web Audio renders in fixed blocks of this many sample frames. */
export const RENDER_QUANTUM = 128;

export function samplesToMs(sampleCount: number, sampleRate: number = SAMPLE_RATE): number {
  return (sampleCount * 1000) / sampleRate;
}

export function msToSamples(ms: number, sampleRate: number = SAMPLE_RATE): number {
  return Math.round((ms * sampleRate) / 1000);
}

/** Whole PCM16 mono samples in `byteLength` bytes; a trailing odd byte is not a sample. */
export function bytesToSamples(byteLength: number): number {
  return Math.floor(byteLength / BYTES_PER_SAMPLE);
}

export function samplesToBytes(sampleCount: number): number {
  return sampleCount * BYTES_PER_SAMPLE;
}
