// The capture worklet's echo canceller: the playback worklet's output arrives on the capture node's second input,
// rendered in the same render quantum as the microphone samples on its first, so both share the context's
// timeline; the acoustic delay between them is the canceller's to find. The played samples are mixed and brought to
// 24 kHz exactly as the microphone is (a resampler of the same kind, fed the same counts), so the two streams stay
// sample-aligned whatever the context's rate. Allocates only in the constructor.
import { RENDER_QUANTUM, SAMPLE_RATE } from '@hearth/protocol/audio';
import { EchoCanceller, type EchoCancellerStats } from './echo-canceller.ts';
import { mixToMono } from './processor-support.ts';
import { StreamingResampler } from './resample.ts';

export class CaptureEcho {
  private readonly canceller: EchoCanceller;
  private readonly resampler: StreamingResampler | null;
  private mono: Float32Array;
  private resampled: Float32Array;
  private readonly micBlock = new Float32Array(RENDER_QUANTUM);
  private readonly refBlock = new Float32Array(RENDER_QUANTUM);

  /** `rate`: the context's sample rate; `maxQuantum`: the largest render quantum expected. */
  constructor(rate: number, maxQuantum = RENDER_QUANTUM) {
    this.resampler = rate === SAMPLE_RATE ? null : new StreamingResampler(rate, SAMPLE_RATE);
    this.mono = new Float32Array(maxQuantum);
    this.resampled = new Float32Array(this.resampler ? this.resampler.maxOutputSamples(maxQuantum) : 0);
    this.canceller = new EchoCanceller({ rate: SAMPLE_RATE, maxBlockSamples: RENDER_QUANTUM });
  }

  get stats(): EchoCancellerStats {
    return this.canceller.stats;
  }

  /**
   * Removes the echo of `played` (one render quantum of `quantumCount` samples at the context's rate) from `mic`
   * (the same quantum's microphone, already at 24 kHz: `micCount` samples), in place.
   */
  process(mic: Float32Array, micCount: number, played: Float32Array[], quantumCount: number): void {
    if (quantumCount > this.mono.length) this.grow(quantumCount);
    const count = mixToMono(played, this.mono);
    let reference = this.mono;
    let referenceCount = count;
    if (this.resampler) {
      referenceCount = this.resampler.process(this.mono, this.resampled, count);
      reference = this.resampled;
    }
    // Both resamplers see the same counts from the same state, so the counts match; should they not, the
    // missing played samples count as silence.
    for (let i = referenceCount; i < micCount; i++) reference[i] = 0;
    if (micCount <= RENDER_QUANTUM) {
      this.canceller.process(mic, reference, mic, micCount);
      return;
    }
    // A device slower than 24 kHz yields more than a quantum of 24 kHz samples: blocks through scratch buffers
    // (no views made per quantum).
    for (let start = 0; start < micCount; start += RENDER_QUANTUM) {
      const blockCount = Math.min(RENDER_QUANTUM, micCount - start);
      for (let i = 0; i < blockCount; i++) {
        this.micBlock[i] = mic[start + i];
        this.refBlock[i] = reference[start + i];
      }
      this.canceller.process(this.micBlock, this.refBlock, this.micBlock, blockCount);
      for (let i = 0; i < blockCount; i++) mic[start + i] = this.micBlock[i];
    }
  }

  /** The microphone's resampler was reset (mute): this one is too, so the two stay in step. */
  resetResampler(): void {
    this.resampler?.reset();
  }

  // Render quanta are 128 samples today; a browser honouring a larger render size gets buffers sized once here.
  private grow(sampleCount: number): void {
    this.mono = new Float32Array(sampleCount);
    if (this.resampler) this.resampled = new Float32Array(this.resampler.maxOutputSamples(sampleCount));
  }
}
