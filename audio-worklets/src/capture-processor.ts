// Microphone -> 24 kHz mono PCM16 in FRAME_MS frames, transferred to the main thread or to the port the main
// thread routed them to (the voice socket's worker), plus the input level. The assistant's voice, as the playback
// node rendered it (input 1), is cancelled from the microphone first (capture-echo.ts).
import { FRAME_BYTES, FRAME_SAMPLES, RENDER_QUANTUM, SAMPLE_RATE } from '@hearth/protocol/audio';
import { CaptureEcho } from './capture-echo.ts';
import { FramePool } from './frame-pool.ts';
import { Framer } from './framer.ts';
import { CAPTURE_PROCESSOR, type CaptureInbound, type CaptureOutbound, type CaptureProcessorOptions } from './messages.ts';
import { floatToPcm16 } from './pcm.ts';
import { LevelReporter, mixToMono, ProcessorChannel } from './processor-support.ts';
import { StreamingResampler } from './resample.ts';

const DEFAULT_POOL_SIZE = 8;

export class CaptureProcessor extends AudioWorkletProcessor {
  private mono = new Float32Array(RENDER_QUANTUM);
  /** What the level meter reads while muted. */
  private silence = new Float32Array(RENDER_QUANTUM);
  private resampled: Float32Array;
  // Only when the context could not run at 24 kHz (PRODUCT §4).
  private readonly resampler: StreamingResampler | null;
  private readonly framer: Framer;
  /** Cancels the assistant's voice from the microphone, with the played samples on input 1 as reference. */
  private readonly echo: CaptureEcho | null;
  private readonly pool: FramePool;
  private readonly level: LevelReporter;
  private readonly channel: ProcessorChannel<CaptureInbound, CaptureOutbound>;
  /** Where frames go once routed (see RouteFramesMessage); the node's own port until then. */
  private framePort: MessagePort | null = null;
  private sequence = 0;
  private muted = false;

  constructor(options?: AudioWorkletNodeOptions) {
    super();
    const settings: CaptureProcessorOptions = options?.processorOptions ?? {};
    this.resampler = sampleRate === SAMPLE_RATE ? null : new StreamingResampler(sampleRate, SAMPLE_RATE);
    this.resampled = new Float32Array(this.resampler ? this.resampler.maxOutputSamples(RENDER_QUANTUM) : 0);
    this.echo = settings.echoCancellation === false ? null : new CaptureEcho(sampleRate);
    this.framer = new Framer(FRAME_SAMPLES, (frame) => this.sendFrame(frame));
    this.pool = new FramePool(FRAME_BYTES, settings.poolSize ?? DEFAULT_POOL_SIZE);
    this.level = new LevelReporter(this.port, sampleRate, settings);
    this.channel = new ProcessorChannel<CaptureInbound, CaptureOutbound>(this.port, 'capture', {
      recycle: ({ buffer }) => this.pool.give(buffer),
      'set-muted': ({ id, muted }) => this.setMuted(id, muted),
      'route-frames': ({ port }) => this.routeFrames(port),
    });
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.channel.closed) return false;
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    if (channels[0].length > this.mono.length) this.grow(channels[0].length);
    const count = mixToMono(channels, this.mono);
    this.level.push(this.muted ? this.silence : this.mono, count);
    // The played samples of this same render quantum, when the playback node is connected to input 1.
    const played = inputs[1];
    const cancelling = this.echo !== null && played !== undefined && played.length > 0;
    // While muted the canceller keeps listening, so it has not lost the echo path when the microphone opens.
    if (this.muted && !cancelling) return true;
    let samples: Float32Array = this.mono;
    let sampleCount = count;
    if (this.resampler) {
      sampleCount = this.resampler.process(this.mono, this.resampled, count);
      samples = this.resampled;
    }
    if (cancelling) this.echo?.process(samples, sampleCount, played, count);
    if (!this.muted) this.framer.push(samples, sampleCount);
    return true;
  }

  private sendFrame(frame: Float32Array): void {
    const slot = this.pool.take();
    floatToPcm16(frame, slot.samples);
    slot.message.sequence = this.sequence++;
    slot.message.postedAtS = currentFrame / sampleRate;
    slot.message.postedAtWallMs = Date.now();
    if (this.framePort) this.framePort.postMessage(slot.message, slot.transfer);
    else this.channel.post(slot.message, slot.transfer);
  }

  private routeFrames(port: MessagePort): void {
    this.framePort?.close();
    this.framePort = port;
    port.onmessage = (event: MessageEvent<{ type?: string; buffer?: unknown }>) => {
      if (event.data?.type === 'recycle' && event.data.buffer instanceof ArrayBuffer) this.pool.give(event.data.buffer);
    };
  }

  private setMuted(id: number, muted: boolean): void {
    if (muted && !this.muted) {
      this.framer.reset();
      this.resampler?.reset();
      this.echo?.resetResampler();
    }
    this.muted = muted;
    this.channel.post({ type: 'reply', id, request: 'set-muted', muted });
  }

  // Render quanta are 128 samples today; a browser honouring a larger render size gets buffers sized once here.
  private grow(sampleCount: number): void {
    this.mono = new Float32Array(sampleCount);
    this.silence = new Float32Array(sampleCount);
    if (this.resampler) this.resampled = new Float32Array(this.resampler.maxOutputSamples(sampleCount));
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
