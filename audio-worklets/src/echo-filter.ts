// The adaptive half of the echo canceller: an NLMS filter over the reference (the samples the playback worklet
// rendered), placed by the echo path's bulk delay, that models loudspeaker, room and reverb over `taps` samples.
// Allocates only in the constructor.

/** Relative NLMS regularisation (per tap): keeps the step bounded on very quiet reference. */
const REGULARISATION = 1e-6;
/** Smoothing of the error's recent power within a block (about 3 ms at 24 kHz). */
const RECENT_ALPHA = 1 / 64;

export interface BlockResult {
  /** Sum of squares of the error (microphone minus estimate) over the block. */
  errorSum: number;
  /** Sum of squares of the echo estimate over the block. */
  estimateSum: number;
}

export class EchoFilter {
  readonly taps: number;
  /** The error of the latest block, sample by sample. */
  readonly errors: Float32Array;
  private readonly historyLength: number;
  /** Reference samples written twice (at i and i + historyLength) so every filter window is contiguous. */
  private readonly history: Float32Array;
  private readonly weights: Float32Array;
  private readonly result: BlockResult = { errorSum: 0, estimateSum: 0 };
  private written = 0;
  /** Samples between the newest reference sample and the filter's newest tap; -1 until placed. */
  private offsetSamples = -1;

  constructor(taps: number, maxDelaySamples: number, maxBlockSamples: number) {
    this.taps = taps;
    this.historyLength = maxDelaySamples + taps + maxBlockSamples;
    this.history = new Float32Array(2 * this.historyLength);
    this.weights = new Float32Array(taps);
    this.errors = new Float32Array(maxBlockSamples);
  }

  get placed(): boolean {
    return this.offsetSamples >= 0;
  }

  get offset(): number {
    return this.offsetSamples;
  }

  /** Appends the reference block; returns its power. */
  write(ref: Float32Array, count: number): number {
    const length = this.historyLength;
    let position = this.written % length;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const sample = ref[i];
      this.history[position] = sample;
      this.history[position + length] = sample;
      position = position + 1 === length ? 0 : position + 1;
      sum += sample * sample;
    }
    this.written += count;
    return sum / count;
  }

  /** Places the window `offset` samples behind the newest reference sample, keeping the learned path's shape. */
  place(offset: number): void {
    if (offset === this.offsetSamples) return;
    if (this.offsetSamples >= 0) {
      // The window slides back by `shift`: the weight for a given reference sample moves up by as much.
      const shift = offset - this.offsetSamples;
      const taps = this.taps;
      if (Math.abs(shift) >= taps) this.weights.fill(0);
      else if (shift > 0) {
        this.weights.copyWithin(shift, 0, taps - shift);
        this.weights.fill(0, 0, shift);
      } else {
        this.weights.copyWithin(0, -shift);
        this.weights.fill(0, taps + shift);
      }
    }
    this.offsetSamples = offset;
  }

  /** Mean reference power in the window of the block's first or last microphone sample, whichever is higher. */
  windowPower(count: number): number {
    return Math.max(this.spanPower(this.written - count), this.spanPower(this.written - 1));
  }

  /**
   * Runs the filter over the block just written: errors into `errors`. With `step` > 0 the weights adapt
   * (NLMS, step in 0..1) sample by sample, the step scaled down by the share of the error's recent power
   * (starting from `errorPower`) that exceeds `echoPower`, what the echo can explain: a voice the reference
   * does not hold then barely moves the filter. With `step` 0 the block is only filtered.
   */
  run(mic: Float32Array, count: number, step = 0, echoPower = 0, errorPower = 0): BlockResult {
    const taps = this.taps;
    const history = this.history;
    const weights = this.weights;
    const errors = this.errors;
    let start = this.windowStart(this.written - count);
    let norm = 0;
    for (let j = 0; j < taps; j++) norm += history[start + j] * history[start + j];
    const regularisation = REGULARISATION * taps;
    let errorSum = 0;
    let estimateSum = 0;
    let recentPower = errorPower;
    for (let i = 0; i < count; i++) {
      let estimate = 0;
      for (let j = 0; j < taps; j++) estimate += weights[j] * history[start + j];
      const error = mic[i] - estimate;
      if (step > 0) {
        recentPower += RECENT_ALPHA * (error * error - recentPower);
        const share = recentPower > echoPower ? echoPower / recentPower : 1;
        const scaled = (share * step * error) / (norm + regularisation);
        for (let j = 0; j < taps; j++) weights[j] += scaled * history[start + j];
      }
      errors[i] = error;
      errorSum += error * error;
      estimateSum += estimate * estimate;
      // Slide the window by one sample: the oldest tap leaves, the next reference sample enters.
      const leaving = history[start];
      start = start + 1 === this.historyLength ? 0 : start + 1;
      const entering = history[start + taps - 1];
      norm = Math.max(0, norm - leaving * leaving + entering * entering);
    }
    this.result.errorSum = errorSum;
    this.result.estimateSum = estimateSum;
    return this.result;
  }

  /** Forgets the learned path (it diverged); the placement stays. */
  clearWeights(): void {
    this.weights.fill(0);
  }

  reset(): void {
    this.history.fill(0);
    this.weights.fill(0);
    this.written = 0;
    this.offsetSamples = -1;
  }

  private spanPower(time: number): number {
    const start = this.windowStart(time);
    let sum = 0;
    for (let j = 0; j < this.taps; j++) sum += this.history[start + j] * this.history[start + j];
    return sum / this.taps;
  }

  /** Index in `history` of the oldest tap's sample for the microphone sample at absolute time `time`. */
  private windowStart(time: number): number {
    const oldest = time - this.offsetSamples - this.taps + 1;
    const length = this.historyLength;
    return ((oldest % length) + length) % length;
  }
}
