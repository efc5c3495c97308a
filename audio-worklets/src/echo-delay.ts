// Where the played samples come back in the microphone: the acoustic path's bulk delay (output + input latency +
// room, 10–400 ms), found by correlating the two signals' amplitude envelopes. Envelopes of speech change with
// its syllables, so their correlation peaks at the true delay whatever the loudspeaker and room do to the
// waveform; the adaptive filter then finds the fine alignment within a few blocks of it. Allocates only here.

export interface DelayEstimatorOptions {
  /** Samples per envelope value; the estimate's resolution. */
  blockSamples: number;
  /** The longest delay searched, in samples. */
  maxDelaySamples: number;
  rate: number;
}

/** How long the correlation remembers (s): long enough for a few words, short enough to follow a new device. */
const MEMORY_S = 2;
/** The envelope's slow mean is removed so that only its changes (syllables) correlate. */
const MEAN_TIME_S = 0.08;
/** Blocks between two looks for the peak. */
const EVALUATE_EVERY = 8;
/** Evaluations a new peak must hold before it is taken. */
const HOLD_EVALUATIONS = 3;
/** The peak must stand this far above the lags' RMS correlation. */
const MIN_PEAK_RATIO = 2.5;
/** Reference blocks quieter than this (RMS) do not update the correlation: nothing is playing. */
const SILENT_RMS = 1e-4;

export class DelayEstimator {
  readonly blockSamples: number;
  private readonly lagCount: number;
  private readonly decay: number;
  private readonly meanAlpha: number;
  /** Reference envelope features, newest at `refIndex`. */
  private readonly refFeatures: Float32Array;
  private readonly correlation: Float64Array;
  private refIndex = 0;
  private micSum = 0;
  private refSum = 0;
  private filled = 0;
  private micMean = 0;
  private refMean = 0;
  private blocksSinceEvaluation = 0;
  private candidate = -1;
  private candidateHeld = 0;
  private current = -1;

  constructor({ blockSamples, maxDelaySamples, rate }: DelayEstimatorOptions) {
    this.blockSamples = blockSamples;
    this.lagCount = Math.ceil(maxDelaySamples / blockSamples) + 1;
    this.decay = Math.exp(-blockSamples / (MEMORY_S * rate));
    this.meanAlpha = 1 - Math.exp(-blockSamples / (MEAN_TIME_S * rate));
    this.refFeatures = new Float32Array(this.lagCount);
    this.correlation = new Float64Array(this.lagCount);
  }

  /** The delay in samples (a multiple of blockSamples), or -1 until one is found. */
  get delaySamples(): number {
    return this.current < 0 ? -1 : this.current * this.blockSamples;
  }

  push(mic: Float32Array, ref: Float32Array, start: number, end: number): void {
    for (let i = start; i < end; i++) {
      this.micSum += mic[i] * mic[i];
      this.refSum += ref[i] * ref[i];
      if (++this.filled === this.blockSamples) this.endBlock();
    }
  }

  reset(): void {
    this.refFeatures.fill(0);
    this.correlation.fill(0);
    this.micSum = this.refSum = this.micMean = this.refMean = 0;
    this.filled = this.blocksSinceEvaluation = this.candidateHeld = 0;
    this.candidate = this.current = -1;
  }

  private endBlock(): void {
    const micEnvelope = Math.sqrt(this.micSum / this.blockSamples);
    const refEnvelope = Math.sqrt(this.refSum / this.blockSamples);
    this.micSum = this.refSum = 0;
    this.filled = 0;
    this.micMean += this.meanAlpha * (micEnvelope - this.micMean);
    this.refMean += this.meanAlpha * (refEnvelope - this.refMean);
    const micFeature = micEnvelope - this.micMean;
    this.refIndex = this.refIndex + 1 === this.lagCount ? 0 : this.refIndex + 1;
    this.refFeatures[this.refIndex] = refEnvelope - this.refMean;
    // Only while something played within the search window does the correlation learn anything.
    if (refEnvelope < SILENT_RMS && this.refMean < SILENT_RMS) return;
    const lags = this.lagCount;
    const features = this.refFeatures;
    const correlation = this.correlation;
    const decay = this.decay;
    let index = this.refIndex;
    for (let lag = 0; lag < lags; lag++) {
      correlation[lag] = decay * correlation[lag] + micFeature * features[index];
      index = index === 0 ? lags - 1 : index - 1;
    }
    if (++this.blocksSinceEvaluation >= EVALUATE_EVERY) {
      this.blocksSinceEvaluation = 0;
      this.evaluate();
    }
  }

  private evaluate(): void {
    const correlation = this.correlation;
    let best = 0;
    let squares = 0;
    for (let lag = 0; lag < this.lagCount; lag++) {
      squares += correlation[lag] * correlation[lag];
      if (correlation[lag] > correlation[best]) best = lag;
    }
    const rmsCorrelation = Math.sqrt(squares / this.lagCount);
    if (correlation[best] <= 0 || correlation[best] < MIN_PEAK_RATIO * rmsCorrelation) return;
    if (Math.abs(best - this.candidate) <= 1) this.candidateHeld++;
    else {
      this.candidate = best;
      this.candidateHeld = 1;
    }
    if (this.candidateHeld < HOLD_EVALUATIONS) return;
    if (this.current < 0 || Math.abs(best - this.current) > 1) this.current = best;
  }
}
