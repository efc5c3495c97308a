// Context time (the worklets' clock, currentFrame / sampleRate) -> performance.now() time on the main thread.
//
// The graph does not render in real time but in bursts: at each device callback it renders whole render
// quanta until it is one callback ahead of the device, then waits for the next callback. So every quantum of a
// burst leaves the worklets at the callback's time, and a linear map from context time is up to one callback
// (~10 ms in Chromium) wrong for a single event. getOutputTimestamp() gives that callback's time
// (performanceTime); its contextTime is the sample the device was playing then, some baseLatency +
// outputLatency (~40 ms) behind what the worklets had rendered, so mapping a worklet's time through it would
// put the event in the future.
import { RENDER_QUANTUM } from '@hearth/protocol/audio';

export interface AudioClockReading {
  /** getOutputTimestamp().performanceTime: when the latest device callback ran (performance.now() ms). */
  callbackAtMs: number;
  /** context.currentTime then (s): the graph had rendered every sample before it. */
  renderedToS: number;
  /** Audio the graph renders per device callback (s); context.baseLatency in Chromium. */
  callbackS: number;
  quantumS: number;
}

// Context times are whole frames divided by the sample rate; this absorbs the rounding of that division.
const EPSILON = 1e-6;

/**
 * When the sample at context time `contextTimeS` left the worklets: with its render quantum, in the burst of
 * the device callback that rendered that quantum. Samples rendered since the reading's callback map to that
 * callback; later ones to the callbacks still to come, one `callbackS` apart (both clocks run in real time).
 */
export function renderedAtMs(contextTimeS: number, clock: AudioClockReading): number {
  const quantumEndS = (Math.floor(contextTimeS / clock.quantumS + EPSILON) + 1) * clock.quantumS;
  const callbacks = Math.ceil((quantumEndS - clock.renderedToS) / clock.callbackS - EPSILON);
  return clock.callbackAtMs + callbacks * clock.callbackS * 1000;
}

/**
 * Reads the clocks of a running context into `reading` (reused, so reading per frame allocates nothing of
 * ours). Null before the first device callback or where the browser has no getOutputTimestamp().
 */
export function readAudioClock(
  context: Pick<AudioContext, 'getOutputTimestamp' | 'currentTime' | 'sampleRate' | 'baseLatency'>,
  reading: AudioClockReading,
): AudioClockReading | null {
  if (typeof context.getOutputTimestamp !== 'function') return null;
  // The timestamp first: a callback landing between the two reads then makes the estimate early, never late.
  const { performanceTime } = context.getOutputTimestamp();
  if (!performanceTime) return null;
  reading.callbackAtMs = performanceTime;
  reading.renderedToS = context.currentTime;
  reading.quantumS = RENDER_QUANTUM / context.sampleRate;
  reading.callbackS = context.baseLatency || reading.quantumS;
  return reading;
}
