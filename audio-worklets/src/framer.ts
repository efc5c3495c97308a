/**
 * Cuts a stream of arbitrarily sized blocks (render quanta, resampler output) into frames of exactly
 * `frameSamples` samples. `onFrame` receives the same reused array each time: copy or convert it before returning.
 */
export class Framer {
  readonly frameSamples: number;
  private readonly frame: Float32Array;
  private readonly onFrame: (frame: Float32Array) => void;
  private filled = 0;

  constructor(frameSamples: number, onFrame: (frame: Float32Array) => void) {
    if (!Number.isInteger(frameSamples) || frameSamples <= 0) {
      throw new RangeError(`Frame size must be a positive integer, got ${frameSamples}`);
    }
    this.frameSamples = frameSamples;
    this.frame = new Float32Array(frameSamples);
    this.onFrame = onFrame;
  }

  /** Samples waiting for the next frame. */
  get bufferedSamples(): number {
    return this.filled;
  }

  push(samples: Float32Array, sampleCount: number = samples.length, offset = 0): void {
    let read = offset;
    const end = offset + sampleCount;
    while (read < end) {
      const take = Math.min(end - read, this.frameSamples - this.filled);
      for (let i = 0; i < take; i++) this.frame[this.filled + i] = samples[read + i];
      this.filled += take;
      read += take;
      if (this.filled === this.frameSamples) {
        this.filled = 0;
        this.onFrame(this.frame);
      }
    }
  }

  /** Drops a partly filled frame, e.g. when capture is muted. */
  reset(): void {
    this.filled = 0;
  }
}
