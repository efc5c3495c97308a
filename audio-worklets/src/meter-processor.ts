// Level and frequency bars of whatever is connected to the node; passes the audio through if it has an output.
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { METER_PROCESSOR, type MeterInbound, type MeterOutbound, type MeterProcessorOptions } from './messages.ts';
import { LevelReporter, mixToMono, ProcessorChannel } from './processor-support.ts';

export class MeterProcessor extends AudioWorkletProcessor {
  private mono = new Float32Array(RENDER_QUANTUM);
  private readonly level: LevelReporter;
  private readonly channel: ProcessorChannel<MeterInbound, MeterOutbound>;
  private enabled = true;

  constructor(options?: AudioWorkletNodeOptions) {
    super();
    const settings: MeterProcessorOptions = options?.processorOptions ?? {};
    this.level = new LevelReporter(this.port, sampleRate, settings);
    this.channel = new ProcessorChannel<MeterInbound, MeterOutbound>(this.port, 'meter', {
      'set-enabled': ({ id, enabled }) => {
        this.enabled = enabled;
        this.channel.post({ type: 'reply', id, request: 'set-enabled', enabled });
      },
    });
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (this.channel.closed) return false;
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
}

registerProcessor(METER_PROCESSOR, MeterProcessor);
