// Test signals and measurements shared by the DSP and processor tests.

export function sine(rate: number, frequencyHz: number, amplitude: number, sampleCount: number, startIndex = 0) {
  const samples = new Float32Array(sampleCount);
  for (let i = 0; i < sampleCount; i++) {
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequencyHz * (startIndex + i)) / rate);
  }
  return samples;
}

/** Consecutive blocks of `size` samples (the last may be shorter), as a render loop would deliver them. */
export function* blocks(samples: Float32Array, size = 128): Generator<Float32Array> {
  for (let start = 0; start < samples.length; start += size) yield samples.slice(start, start + size);
}

/** Frequency from the spacing of rising zero crossings (interpolated between samples). */
export function zeroCrossingHz(samples: ArrayLike<number>, rate: number): number {
  let first = -1;
  let last = -1;
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (a < 0 && b >= 0) {
      const time = i - 1 + a / (a - b);
      if (first < 0) first = time;
      last = time;
      crossings++;
    }
  }
  if (crossings < 2) return 0;
  return ((crossings - 1) * rate) / (last - first);
}

export function rms(samples: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

export function peak(samples: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < samples.length; i++) max = Math.max(max, Math.abs(samples[i]));
  return max;
}

export function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
