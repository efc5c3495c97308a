import { METER_HZ } from '@hearth/protocol/audio';

export interface LevelMeterOptions {
  /** Frequency bars for the visualiser (log-spaced). */
  barCount?: number;
  /** Readings per second; the meter counts samples, so this holds whatever the block size. */
  updateHz?: number;
  minFrequencyHz?: number;
  maxFrequencyHz?: number;
  /** Level shown as an empty bar; 0 dBFS is a full one. */
  minDb?: number;
}

const FFT_SIZE = 512;

/**
 * RMS and peak (linear, 0..1) of the samples since the last reading, and `bars` (0..1, dB-scaled) from an FFT of
 * the latest FFT_SIZE samples. All buffers are allocated in the constructor; the same `bars` array is updated.
 */
export class LevelMeter {
  readonly bars: Float32Array;
  readonly intervalSamples: number;
  rms = 0;
  peak = 0;
  private readonly minDb: number;
  private readonly history = new Float32Array(FFT_SIZE);
  private historyIndex = 0;
  private readonly window = new Float32Array(FFT_SIZE);
  private readonly real = new Float32Array(FFT_SIZE);
  private readonly imag = new Float32Array(FFT_SIZE);
  private readonly cos = new Float32Array(FFT_SIZE / 2);
  private readonly sin = new Float32Array(FFT_SIZE / 2);
  private readonly reversed = new Uint16Array(FFT_SIZE);
  private readonly bandStart: Uint16Array;
  private readonly bandEnd: Uint16Array;
  private sumSquares = 0;
  private peakSoFar = 0;
  private counted = 0;

  constructor(sampleRate: number, options: LevelMeterOptions = {}) {
    const barCount = options.barCount ?? 8;
    this.intervalSamples = Math.max(1, Math.round(sampleRate / (options.updateHz ?? METER_HZ)));
    this.minDb = options.minDb ?? -60;
    this.bars = new Float32Array(barCount);

    const bits = Math.log2(FFT_SIZE);
    for (let i = 0; i < FFT_SIZE; i++) {
      this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE);
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
    for (let i = 0; i < FFT_SIZE / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / FFT_SIZE);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / FFT_SIZE);
    }

    const low = options.minFrequencyHz ?? 100;
    const high = Math.min(options.maxFrequencyHz ?? 8000, sampleRate / 2);
    const binHz = sampleRate / FFT_SIZE;
    this.bandStart = new Uint16Array(barCount);
    this.bandEnd = new Uint16Array(barCount);
    for (let b = 0; b < barCount; b++) {
      const from = low * Math.pow(high / low, b / barCount);
      const to = low * Math.pow(high / low, (b + 1) / barCount);
      const start = Math.min(FFT_SIZE / 2 - 1, Math.max(1, Math.round(from / binHz)));
      this.bandStart[b] = start;
      this.bandEnd[b] = Math.min(FFT_SIZE / 2, Math.max(start + 1, Math.round(to / binHz)));
    }
  }

  /** Adds samples; returns true when a new reading (rms, peak, bars) is ready. */
  push(samples: Float32Array, sampleCount: number = samples.length, offset = 0): boolean {
    let ready = false;
    for (let i = offset; i < offset + sampleCount; i++) {
      const value = samples[i];
      this.sumSquares += value * value;
      const magnitude = value < 0 ? -value : value;
      if (magnitude > this.peakSoFar) this.peakSoFar = magnitude;
      this.history[this.historyIndex] = value;
      this.historyIndex = (this.historyIndex + 1) % FFT_SIZE;
      if (++this.counted === this.intervalSamples) {
        this.rms = Math.sqrt(this.sumSquares / this.counted);
        this.peak = this.peakSoFar;
        this.sumSquares = 0;
        this.peakSoFar = 0;
        this.counted = 0;
        ready = true;
      }
    }
    if (ready) this.updateBars();
    return ready;
  }

  reset(): void {
    this.history.fill(0);
    this.bars.fill(0);
    this.rms = this.peak = this.sumSquares = this.peakSoFar = this.counted = 0;
  }

  private updateBars(): void {
    const { real, imag } = this;
    for (let i = 0; i < FFT_SIZE; i++) {
      const target = this.reversed[i];
      real[target] = this.history[(this.historyIndex + i) % FFT_SIZE] * this.window[i];
      imag[target] = 0;
    }
    this.fft();
    // A full-scale sine through a Hann window peaks at FFT_SIZE / 4.
    const scale = 4 / FFT_SIZE;
    for (let b = 0; b < this.bars.length; b++) {
      let loudest = 0;
      for (let k = this.bandStart[b]; k < this.bandEnd[b]; k++) {
        const power = real[k] * real[k] + imag[k] * imag[k];
        if (power > loudest) loudest = power;
      }
      const db = 20 * Math.log10(Math.sqrt(loudest) * scale + 1e-12);
      this.bars[b] = Math.min(1, Math.max(0, 1 - db / this.minDb));
    }
  }

  /** In-place iterative radix-2 FFT of bit-reversed input. */
  private fft(): void {
    const { real, imag } = this;
    for (let size = 2; size <= FFT_SIZE; size <<= 1) {
      const half = size >> 1;
      const step = FFT_SIZE / size;
      for (let start = 0; start < FFT_SIZE; start += size) {
        for (let k = 0; k < half; k++) {
          const c = this.cos[k * step];
          const s = this.sin[k * step];
          const a = start + k;
          const b = a + half;
          const tr = real[b] * c - imag[b] * s;
          const ti = real[b] * s + imag[b] * c;
          real[b] = real[a] - tr;
          imag[b] = imag[a] - ti;
          real[a] += tr;
          imag[a] += ti;
        }
      }
    }
  }
}
