// Level and frequency bars of whatever is connected to the node; passes the audio through if it has an output.
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { METER_PROCESSOR, type MeterInbound, type MeterOutbound, type MeterProcessorOptions } from './messages.ts';
import { LevelReporter, mixToMono, requestId } from './processor-support.ts';

export class MeterProcessor extends AudioWorkletProcessor {
  private mono = new Float32Array(RENDER_QUANTUM);
  private readonly level: LevelReporter;
  private enabled = true;
  private closed = false;

  constructor(options?: AudioWorkletNodeOptions) {
    super();
    const settings: MeterProcessorOptions = options?.processorOptions ?? {};
    this.level = new LevelReporter(this.port, sampleRate, settings);
    this.port.onmessage = (event: MessageEvent<MeterInbound>) => this.receive(event.data);
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (this.closed) return false;
    const channels = inputs[0];
    const through = outputs[0];
    if (channels && through) {
      for (let c = 0; c < through.length; c++) {
        const source = channels[Math.min(c, channels.length - 1)];
        if (source) through[c].set(source);
      }
    }
    if (!this.enabled || !channels || channels.length === 0) return true;
    if (channels[0].length > this.mono.length) this.mono = new Float32Array(channels[0].length);
    this.level.push(this.mono, mixToMono(channels, this.mono));
    return true;
  }

  private receive(message: MeterInbound): void {
    switch (message.type) {
      case 'set-enabled':
        this.enabled = message.enabled;
        this.post({ type: 'reply', id: message.id, request: 'set-enabled', enabled: this.enabled });
        return;
      case 'close':
        this.closed = true;
        return;
      default: {
        const id = requestId(message);
        const type = String((message as { type?: unknown }).type);
        if (id !== null) this.post({ type: 'error', id, message: `Unknown meter request '${type}'` });
      }
    }
  }

  private post(message: MeterOutbound): void {
    this.port.postMessage(message);
  }
}

registerProcessor(METER_PROCESSOR, MeterProcessor);
