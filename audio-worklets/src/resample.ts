import { RENDER_QUANTUM } from '@hearth/protocol/audio';

// Band-limited interpolation (windowed sinc, the method of Smith's resample and libsamplerate's sinc converters):
// each output sample is a weighted sum of nearby input samples, with the sinc stretched to the lower of the two
// Nyquist rates so that it is also the anti-alias low-pass. The kernel is tabulated once; a call only reads it.

const TABLE_STEPS_PER_SAMPLE = 512;
/** Sinc lobes on each side of the centre: more is a steeper low-pass and more work per sample. */
const ZERO_CROSSINGS = 12;
/** Passband edge as a fraction of the lower Nyquist rate; the rest is transition band. */
const ROLLOFF = 0.88;
const KAISER_BETA = 7;

/**
 * Converts a mono stream from `inputRate` to `outputRate` block by block, keeping the filter history between
 * calls. After construction nothing is allocated; `process` accepts any block size.
 */
export class StreamingResampler {
  readonly inputRate: number;
  readonly outputRate: number;
  /** Delay through the filter, in output samples. */
  readonly latencySamples: number;
  private readonly maxInputSamples: number;
  // The input position of the next output is position + fraction / stepDenominator (exact rational steps, so
  // the output count never drifts however long the stream runs).
  private readonly stepNumerator: number;
  private readonly stepDenominator: number;
  private readonly reach: number;
  private readonly halfWidth: number;
  private readonly kernel: Float32Array;
  private readonly history: Float32Array;
  private historyLength = 0;
  private position = 0;
  private fraction = 0;

  constructor(inputRate: number, outputRate: number, maxInputSamples: number = RENDER_QUANTUM) {
    if (!(inputRate > 0 && outputRate > 0)) {
      throw new RangeError(`Sample rates must be positive, got ${inputRate} -> ${outputRate}`);
    }
    this.inputRate = inputRate;
    this.outputRate = outputRate;
    this.maxInputSamples = maxInputSamples;
    const inRate = Math.round(inputRate);
    const outRate = Math.round(outputRate);
    const divisor = gcd(inRate, outRate);
    this.stepNumerator = inRate / divisor;
    this.stepDenominator = outRate / divisor;

    const cutoff = 0.5 * Math.min(1, outRate / inRate) * ROLLOFF;
    this.halfWidth = ZERO_CROSSINGS / (2 * cutoff);
    this.reach = Math.ceil(this.halfWidth);
    this.kernel = buildKernel(cutoff, this.halfWidth);
    this.history = new Float32Array(2 * this.reach + maxInputSamples + 2);
    this.latencySamples = inRate === outRate ? 0 : Math.ceil((this.reach * outRate) / inRate);
    this.reset();
  }

  /** The most output samples one `process` call can produce for `inputCount` input samples. */
  maxOutputSamples(inputCount: number = this.maxInputSamples): number {
    if (this.stepNumerator === this.stepDenominator) return inputCount;
    const chunks = Math.ceil(inputCount / this.maxInputSamples);
    return Math.ceil((inputCount * this.stepDenominator) / this.stepNumerator) + chunks;
  }

  /** Resamples `inputCount` samples of `input` into `output`; returns the number of output samples written. */
  process(input: Float32Array, output: Float32Array, inputCount: number = input.length): number {
    if (output.length < this.maxOutputSamples(inputCount)) {
      throw new RangeError(
        `Resampler output holds ${output.length} samples; ${inputCount} input samples may need ` + `${this.maxOutputSamples(inputCount)}`,
      );
    }
    if (this.stepNumerator === this.stepDenominator) {
      for (let i = 0; i < inputCount; i++) output[i] = input[i];
      return inputCount;
    }
    let written = 0;
    for (let start = 0; start < inputCount; start += this.maxInputSamples) {
      const count = Math.min(this.maxInputSamples, inputCount - start);
      for (let i = 0; i < count; i++) this.history[this.historyLength + i] = input[start + i];
      this.historyLength += count;
      written = this.drain(output, written);
    }
    return written;
  }

  reset(): void {
    // History starts with `reach` samples of silence so the first output is centred on the first input sample.
    this.history.fill(0);
    this.historyLength = this.reach;
    this.position = this.reach;
    this.fraction = 0;
  }

  private drain(output: Float32Array, written: number): number {
    const { history, kernel, reach } = this;
    const kernelEnd = this.halfWidth * TABLE_STEPS_PER_SAMPLE;
    while (this.position + reach < this.historyLength) {
      const centre = this.position + this.fraction / this.stepDenominator;
      let sum = 0;
      let weightSum = 0;
      for (let j = this.position - reach; j <= this.position + reach; j++) {
        const distance = Math.abs(j - centre) * TABLE_STEPS_PER_SAMPLE;
        if (distance >= kernelEnd) continue;
        const index = distance | 0;
        const weight = kernel[index] + (distance - index) * (kernel[index + 1] - kernel[index]);
        sum += weight * history[j];
        weightSum += weight;
      }
      output[written++] = sum / weightSum;
      this.fraction += this.stepNumerator;
      this.position += Math.floor(this.fraction / this.stepDenominator);
      this.fraction %= this.stepDenominator;
    }
    const discard = Math.min(this.position - reach, this.historyLength);
    if (discard > 0) {
      history.copyWithin(0, discard, this.historyLength);
      this.historyLength -= discard;
      this.position -= discard;
    }
    return written;
  }
}

function buildKernel(cutoff: number, halfWidth: number): Float32Array {
  const length = Math.ceil(halfWidth * TABLE_STEPS_PER_SAMPLE) + 2;
  const kernel = new Float32Array(length);
  const windowNorm = besselI0(KAISER_BETA);
  for (let i = 0; i < length; i++) {
    const x = i / TABLE_STEPS_PER_SAMPLE;
    if (x >= halfWidth) break;
    const u = 2 * cutoff * x;
    const sinc = u === 0 ? 1 : Math.sin(Math.PI * u) / (Math.PI * u);
    const r = x / halfWidth;
    const window = besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / windowNorm;
    kernel[i] = 2 * cutoff * sinc * window;
  }
  return kernel;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const quarterSquare = (x * x) / 4;
  for (let k = 1; k < 50 && term > sum * 1e-12; k++) {
    term *= quarterSquare / (k * k);
    sum += term;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
