// Pieces the three processors share. Runs in the worklet scope; allocates only at construction.
import { LevelMeter } from './levels.ts';
import type { LevelMessage, MeterSettings } from './messages.ts';

/** Averages the channels of one input into `target`; returns the number of samples written. */
export function mixToMono(channels: Float32Array[], target: Float32Array): number {
  const count = Math.min(channels[0].length, target.length);
  const first = channels[0];
  if (channels.length === 1) {
    for (let i = 0; i < count; i++) target[i] = first[i];
    return count;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let c = 0; c < channels.length; c++) sum += channels[c][i];
    target[i] = sum * scale;
  }
  return count;
}

/** Posts a level reading whenever the meter has one. The same message object is reused (postMessage clones it). */
export class LevelReporter {
  private readonly meter: LevelMeter;
  private readonly message: LevelMessage;
  private readonly port: { postMessage(message: LevelMessage): void };

  constructor(port: { postMessage(message: LevelMessage): void }, rate: number, settings: MeterSettings = {}) {
    this.port = port;
    this.meter = new LevelMeter(rate, { barCount: settings.barCount, updateHz: settings.meterHz });
    this.message = { type: 'level', rms: 0, peak: 0, bars: this.meter.bars };
  }

  push(samples: Float32Array, sampleCount: number): void {
    if (!this.meter.push(samples, sampleCount)) return;
    this.message.rms = this.meter.rms;
    this.message.peak = this.meter.peak;
    this.port.postMessage(this.message);
  }
}

/** The id of a message that looks like a request, so an unknown one can still be answered with an error. */
export function requestId(message: unknown): number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}
