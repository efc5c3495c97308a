// Queued 24 kHz PCM16 per conversation item -> speakers, with interruption, per-item progress and output level.
import { RENDER_QUANTUM, SAMPLE_RATE } from '@hearth/protocol/audio';
import { PLAYBACK_PROCESSOR, type PlaybackInbound, type PlaybackOutbound, type PlaybackProcessorOptions } from './messages.ts';
import { type InterruptResult, PlaybackQueue } from './playback-queue.ts';
import { LevelReporter, ProcessorChannel } from './processor-support.ts';
import { StreamingResampler } from './resample.ts';
import { RingBuffer } from './ring-buffer.ts';

/** 24 kHz samples pulled from the queue at a time when the context runs at another rate. */
const SOURCE_BLOCK = 32;

export class PlaybackProcessor extends AudioWorkletProcessor {
  private readonly queue: PlaybackQueue;
  private readonly level: LevelReporter;
  private readonly channel: ProcessorChannel<PlaybackInbound, PlaybackOutbound>;
  // Only when the context is not at 24 kHz: the queue is rendered in small 24 kHz blocks and resampled.
  private readonly resampler: StreamingResampler | null;
  private readonly source = new Float32Array(SOURCE_BLOCK);
  private readonly resampled: Float32Array;
  private readonly pending: RingBuffer<Float32Array>;
  /** Where the next render quantum starts: after an interrupt, the first silent sample. */
  private nextFrame = currentFrame;

  constructor(options?: AudioWorkletNodeOptions) {
    super();
    const settings: PlaybackProcessorOptions = options?.processorOptions ?? {};
    this.queue = new PlaybackQueue({
      // Called while a quantum renders, so `currentFrame` is that quantum's first frame.
      onItemStarted: (itemId) => this.channel.post({ type: 'item-started', itemId, startedAtS: currentFrame / sampleRate }),
      onItemEnded: (itemId, sampleCount) => this.channel.post({ type: 'item-ended', itemId, sampleCount }),
    });
    this.level = new LevelReporter(this.port, sampleRate, settings);
    this.resampler = sampleRate === SAMPLE_RATE ? null : new StreamingResampler(SAMPLE_RATE, sampleRate, SOURCE_BLOCK);
    this.resampled = new Float32Array(this.resampler ? this.resampler.maxOutputSamples(SOURCE_BLOCK) : 0);
    this.pending = RingBuffer.float32(this.resampled.length + RENDER_QUANTUM);
    this.channel = new ProcessorChannel<PlaybackInbound, PlaybackOutbound>(this.port, 'playback', {
      append: ({ itemId, buffer }) => this.queue.append(itemId, new Int16Array(buffer, 0, buffer.byteLength >> 1)),
      'end-item': ({ itemId }) => this.queue.endItem(itemId),
      interrupt: ({ id }) => {
        const { itemId, sampleCount } = this.interrupt();
        const silentFromS = this.nextFrame / sampleRate;
        this.channel.post({ type: 'reply', id, request: 'interrupt', itemId, sampleCount, silentFromS });
      },
      'samples-played': ({ id, itemId }) => {
        const sampleCount = this.queue.samplesPlayed(itemId);
        this.channel.post({ type: 'reply', id, request: 'samples-played', itemId, sampleCount });
      },
    });
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (this.channel.closed) return false;
    const channels = outputs[0];
    if (!channels || channels.length === 0) return true;
    const output = channels[0];
    if (this.resampler) this.renderResampled(output, this.resampler);
    else this.queue.render(output);
    for (let c = 1; c < channels.length; c++) channels[c].set(output);
    this.level.push(output, output.length);
    this.nextFrame = currentFrame + output.length;
    return true;
  }

  private renderResampled(output: Float32Array, resampler: StreamingResampler): void {
    let filled = 0;
    while (filled < output.length) {
      if (this.pending.availableRead === 0) {
        this.queue.render(this.source);
        this.pending.write(this.resampled, 0, resampler.process(this.source, this.resampled));
      }
      filled += this.pending.read(output, filled, output.length - filled);
    }
  }

  private interrupt(): InterruptResult {
    const result = this.queue.interrupt();
    if (this.resampler) {
      // The queue counts samples handed to the resampler; those still inside it or in `pending` were never heard.
      const unheard = ((this.pending.availableRead + this.resampler.latencySamples) * SAMPLE_RATE) / sampleRate;
      result.sampleCount = Math.max(0, result.sampleCount - Math.round(unheard));
      this.pending.clear();
      this.resampler.reset();
    }
    return result;
  }
}

registerProcessor(PLAYBACK_PROCESSOR, PlaybackProcessor);
