// Acoustic echo cancellation in the capture path, with the samples the playback worklet rendered as reference:
// over speakers the assistant's voice comes back into the microphone, and the server's voice-activity detection
// would take it for the member speaking and cut the answer off. Per render quantum:
// - the echo path's bulk delay (echo-delay.ts) places an adaptive filter on the reference (echo-filter.ts), whose
//   estimate of the echo is subtracted;
// - a double-talk detector freezes the filter while the member speaks louder than the echo could be, and the
//   step shrinks with the share of the error the echo cannot explain, so a quieter voice barely moves it either
//   (echo-filter.ts);
// - a residual-echo suppressor scales down what the filter leaves while only the assistant is audible.
// The member's speech over the assistant passes almost untouched, so barge-in keeps working.
// Nothing is allocated after construction.
import { DelayEstimator } from './echo-delay.ts';
import { type BlockResult, EchoFilter } from './echo-filter.ts';

export interface EchoCancellerOptions {
  rate?: number;
  /** Adaptive filter length: the echo path's spread after its bulk delay (reverb). */
  taps?: number;
  /** Longest echo delay handled. */
  maxDelayMs?: number;
  /** Largest block passed to process(). */
  maxBlockSamples?: number;
}

export interface EchoCancellerStats {
  /** The echo path's bulk delay in samples, or -1 while it is unknown. */
  delaySamples: number;
  /** What the adaptive filter removes (dB, learned over echo-only audio), before residual suppression. */
  filterErleDb: number;
  /** The member's speech was detected over the assistant's in the latest block. */
  doubleTalk: boolean;
  /** Gain applied to the latest block by the residual suppressor (1 = untouched). */
  gain: number;
}

const DELAY_BLOCK_SAMPLES = 32;
/** Taps placed before the estimated delay: the envelope estimate's resolution and its scatter under reverb. */
const LEAD_SAMPLES = 8 * DELAY_BLOCK_SAMPLES;
const STEP = 0.5;
/** Below this power (about -70 dBFS) the reference is silence. */
const SILENT_POWER = 1e-7;
/** Microphone power this far above the echo the path could produce is the member (6 dB). */
const DOUBLE_TALK_RATIO = 4;
/** Blocks double-talk is kept after the member's speech falls back (about 100 ms at 128 samples). */
const DOUBLE_TALK_HANGOVER = 20;
/** The suppressor subtracts this many times the estimated residual echo. */
const OVER_SUBTRACTION = 6;
/** Lowest suppressor gain (-30 dB). */
const MIN_GAIN = 0.03;
/** Smoothing of the powers behind each decision (s). */
const POWER_TIME_S = 0.02;
/** How long played audio counts as "recently played" while the delay is unknown (s). */
const HOLD_TIME_S = 0.5;
/** Time constant of the learned echo loss and filter gain (s). */
const LEARN_TIME_S = 1;
/** Share of the way a falling filter gain moves per block (seconds to settle), so brief double-talk the
 * detector missed does not make the suppressor think the filter failed. */
const ERLE_FALL = 0.0013;
/** From this filter gain (10 dB) small changes of the delay estimate no longer move the filter. */
const CONVERGED_ERLE = 10;
/**
 * The step's budget for unexplained error assumes the filter removes at most 18 dB: beyond that, passages the
 * filter has not learned yet (a vowel it has not heard) would otherwise slow it down as if the member spoke.
 */
const MAX_STEP_ERLE = 10 ** (18 / 10);

export class EchoCanceller {
  private readonly filter: EchoFilter;
  private readonly delay: DelayEstimator;
  private readonly powerAlpha: number;
  private readonly holdDecay: number;
  private readonly learnAlpha: number;
  private readonly blockSeconds: number;
  private micPower = 0;
  private errorPower = 0;
  private estimatePower = 0;
  private refPeakPower = 0;
  /** Echo power / reference power, learned while only the assistant is audible; starts pessimistic (0 dB). */
  private erl = 1;
  /** Microphone power / error power after the filter, learned likewise. */
  private erle = 1;
  private echoMicPower = 0;
  private echoRefPower = 0;
  private echoErrorPower = 0;
  private learnedBlocks = 0;
  private hangover = 0;
  private gain = 1;
  private readonly passThrough: BlockResult = { errorSum: 0, estimateSum: 0 };

  constructor(options: EchoCancellerOptions = {}) {
    const rate = options.rate ?? 24000;
    const maxDelaySamples = Math.round(((options.maxDelayMs ?? 400) * rate) / 1000);
    const maxBlock = options.maxBlockSamples ?? 128;
    this.filter = new EchoFilter(options.taps ?? 1024, maxDelaySamples, maxBlock);
    this.delay = new DelayEstimator({ blockSamples: DELAY_BLOCK_SAMPLES, maxDelaySamples, rate });
    const blocksPerSecond = rate / maxBlock;
    this.powerAlpha = 1 - Math.exp(-1 / (POWER_TIME_S * blocksPerSecond));
    this.holdDecay = Math.exp(-1 / (HOLD_TIME_S * blocksPerSecond));
    this.learnAlpha = 1 - Math.exp(-1 / (LEARN_TIME_S * blocksPerSecond));
    this.blockSeconds = 1 / blocksPerSecond;
  }

  /** Writes the microphone block with the echo of `ref` (the same block of played samples) removed to `out`. */
  process(mic: Float32Array, ref: Float32Array, out: Float32Array, count: number): void {
    const filter = this.filter;
    const blockRefPower = filter.write(ref, count);
    this.refPeakPower = Math.max(blockRefPower, this.refPeakPower * this.holdDecay);
    this.delay.push(mic, ref, 0, count);
    this.followDelay();
    const placed = filter.placed;
    const refPower = placed ? filter.windowPower(count) : this.refPeakPower;
    this.micPower += this.powerAlpha * (blockPower(mic, count) - this.micPower);
    const farActive = refPower > SILENT_POWER;

    const pathEcho = this.erl * refPower;
    const louder = this.micPower > DOUBLE_TALK_RATIO * Math.max(pathEcho, this.estimatePower);
    this.hangover = farActive && louder ? DOUBLE_TALK_HANGOVER : Math.max(0, this.hangover - 1);
    const doubleTalk = this.hangover > 0;
    let result: BlockResult;
    if (!placed) result = this.bypass(mic, count);
    else if (!farActive || doubleTalk) result = filter.run(mic, count);
    else {
      result = filter.run(mic, count, STEP, pathEcho / Math.min(this.erle, MAX_STEP_ERLE), this.errorPower);
      if (!Number.isFinite(result.errorSum) || result.errorSum > 16 * this.micPower * count + 1) {
        // Diverged (or fed garbage): start the path over rather than add to the echo.
        filter.clearWeights();
        result = this.bypass(mic, count);
        this.erle = 1;
        this.echoErrorPower = this.echoMicPower;
      }
    }
    const { errorSum, estimateSum } = result;
    const predictedEcho = Math.max(pathEcho, estimateSum / count, this.estimatePower);
    this.errorPower += this.powerAlpha * (errorSum / count - this.errorPower);
    this.estimatePower += this.powerAlpha * (estimateSum / count - this.estimatePower);
    if (placed && farActive && !doubleTalk && this.micPower > SILENT_POWER) this.learn(refPower);
    this.suppress(out, count, farActive, predictedEcho);
  }

  get stats(): EchoCancellerStats {
    return {
      delaySamples: this.filter.placed ? this.delay.delaySamples : -1,
      filterErleDb: 10 * Math.log10(this.erle),
      doubleTalk: this.hangover > 0,
      gain: this.gain,
    };
  }

  reset(): void {
    this.filter.reset();
    this.delay.reset();
    this.micPower = this.errorPower = this.estimatePower = this.refPeakPower = 0;
    this.erl = this.erle = 1;
    this.echoMicPower = this.echoRefPower = this.echoErrorPower = 0;
    this.learnedBlocks = this.hangover = 0;
    this.gain = 1;
  }

  /** Without a filter yet, the error is the microphone. */
  private bypass(mic: Float32Array, count: number): BlockResult {
    const errors = this.filter.errors;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      errors[i] = mic[i];
      sum += mic[i] * mic[i];
    }
    this.passThrough.errorSum = sum;
    return this.passThrough;
  }

  private followDelay(): void {
    const delaySamples = this.delay.delaySamples;
    if (delaySamples < 0) return;
    const offset = Math.max(0, delaySamples - LEAD_SAMPLES);
    // A converged filter already holds the path; reverb makes the envelope estimate wander by a few blocks.
    const small = Math.abs(offset - this.filter.offset) < this.filter.taps / 4;
    if (this.filter.placed && small && this.erle > CONVERGED_ERLE) return;
    this.filter.place(offset);
  }

  /** Long-term, energy-weighted powers while only the assistant is audible: loud passages count most. */
  private learn(refPower: number): void {
    const alpha = this.learnAlpha;
    this.echoMicPower += alpha * (this.micPower - this.echoMicPower);
    this.echoRefPower += alpha * (refPower - this.echoRefPower);
    this.echoErrorPower += alpha * (this.errorPower - this.echoErrorPower);
    this.learnedBlocks++;
    // Until a second of echo has been heard the loss stays at its pessimistic start.
    if (this.learnedBlocks * this.blockSeconds < LEARN_TIME_S) return;
    this.erl = this.echoMicPower / this.echoRefPower;
    const erle = Math.max(1, this.echoMicPower / Math.max(this.echoErrorPower, 1e-12));
    this.erle = erle >= this.erle ? erle : this.erle + ERLE_FALL * (erle - this.erle);
  }

  private suppress(out: Float32Array, count: number, farActive: boolean, predictedEcho: number): void {
    let target = 1;
    if (farActive && this.errorPower > 0) {
      const residual = predictedEcho / this.erle;
      target = Math.max(MIN_GAIN, 1 - (OVER_SUBTRACTION * residual) / this.errorPower);
    }
    const from = this.gain;
    // Down at once (echo must not leak), up a little slower (no flicker on residual peaks).
    const to = target < from ? target : from + 0.5 * (target - from);
    const step = (to - from) / count;
    const errors = this.filter.errors;
    for (let i = 0; i < count; i++) out[i] = errors[i] * (from + step * (i + 1));
    this.gain = to;
  }
}

function blockPower(samples: Float32Array, count: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += samples[i] * samples[i];
  return sum / count;
}
