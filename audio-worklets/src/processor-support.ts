// Pieces the three processors share. Runs in the worklet scope; allocates only at construction.
import { LevelMeter } from './levels.ts';
import type { CloseMessage, ErrorReply, LevelMessage, MeterSettings } from './messages.ts';

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

/** One handler per inbound message type but `close`, which the channel handles itself. */
export type MessageHandlers<In extends { type: string }> = {
  [T in Exclude<In, CloseMessage>['type']]: (message: Extract<In, { type: T }>) => void;
};

/**
 * A processor's end of its port. Each message goes to the handler of its type; `close` marks the channel closed
 * (process() then returns false); a request of an unknown type is answered with an error carrying its id, so
 * the main thread's promise settles at once instead of timing out.
 */
export class ProcessorChannel<In extends { type: string }, Out> {
  private readonly port: MessagePort;
  private isClosed = false;

  constructor(port: MessagePort, processorKind: string, handlers: MessageHandlers<In>) {
    this.port = port;
    port.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      const type = (message as { type?: unknown } | null)?.type;
      if (type === 'close') {
        this.isClosed = true;
        return;
      }
      if (typeof type === 'string' && Object.hasOwn(handlers, type)) {
        (handlers as Record<string, (message: unknown) => void>)[type](message);
        return;
      }
      const id = requestId(message);
      if (id === null) return;
      const error: ErrorReply = { type: 'error', id, message: `Unknown ${processorKind} request '${String(type)}'` };
      port.postMessage(error);
    };
  }

  get closed(): boolean {
    return this.isClosed;
  }

  post(message: Out, transfer?: Transferable[]): void {
    if (transfer) this.port.postMessage(message, transfer);
    else this.port.postMessage(message);
  }
}

/** The id of a message that looks like a request, so an unknown one can still be answered with an error. */
function requestId(message: unknown): number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : null;
}
