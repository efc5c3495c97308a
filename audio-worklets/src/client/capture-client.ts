import {
  CAPTURE_PROCESSOR,
  type CaptureFrameMessage,
  type CaptureInbound,
  type CaptureOutbound,
  type CaptureProcessorOptions,
  type LevelMessage,
} from '../messages.ts';
import { type LoadableContext, loadWorkletModule, workletUrl } from './load-module.ts';
import { PortRpc } from './port-rpc.ts';
import { processorError, type WorkletNodeLike } from './worklet-node.ts';

export interface CaptureCallbacks {
  /**
   * One FRAME_MS frame of 24 kHz mono PCM16 (FRAME_BYTES bytes), and the context time (s) at which the worklet
   * posted it (see audio-clock.ts). The buffer goes back to the worklet's pool when the callback returns: encode
   * or copy it before then.
   */
  onFrame?: (frame: ArrayBuffer, sequence: number, postedAtS: number) => void;
  onLevel?: (level: LevelMessage) => void;
  /** The processor failed; no more frames will come. */
  onError?: (error: Error) => void;
  timeoutMs?: number;
}

/** Main-thread side of the capture processor: frames and levels out, mute in. */
export class CaptureClient<N extends WorkletNodeLike = AudioWorkletNode> {
  readonly node: N;
  private readonly rpc: PortRpc<CaptureInbound, CaptureOutbound>;
  private readonly callbacks: CaptureCallbacks;
  private closed = false;

  constructor(node: N, callbacks: CaptureCallbacks = {}) {
    this.node = node;
    this.callbacks = callbacks;
    this.rpc = new PortRpc<CaptureInbound, CaptureOutbound>(
      node.port,
      (event) => (event.type === 'frame' ? this.frame(event) : callbacks.onLevel?.(event)),
      callbacks.timeoutMs,
    );
    node.onprocessorerror = (event) => {
      const error = processorError(CAPTURE_PROCESSOR, event);
      this.rpc.failAll(error);
      callbacks.onError?.(error);
    };
  }

  /** While muted no frames are sent and the level reads silence. Resolves with the processor's state. */
  async setMuted(muted: boolean): Promise<boolean> {
    return (await this.rpc.request('set-muted', { muted })).muted;
  }

  /**
   * Frames go to `port` from now on (transferred to the processor), and `onFrame` is no longer called: the
   * other end receives CaptureFrameMessage and returns each buffer with `{ type: 'recycle', buffer }`.
   */
  routeFrames(port: MessagePort): void {
    this.rpc.send({ type: 'route-frames', port }, [port]);
  }

  close(): void {
    if (this.closed) return;
    this.rpc.send({ type: 'close' });
    this.closed = true;
    this.rpc.close(new Error('Audio capture is closed'));
    this.node.disconnect?.();
  }

  private frame({ buffer, sequence, postedAtS }: CaptureFrameMessage): void {
    try {
      this.callbacks.onFrame?.(buffer, sequence, postedAtS);
    } finally {
      // A callback may have transferred the buffer elsewhere (detached, length 0); then it cannot come back.
      if (!this.closed && buffer.byteLength > 0) this.rpc.send({ type: 'recycle', buffer }, [buffer]);
    }
  }
}

export interface CaptureNodeOptions extends CaptureCallbacks, CaptureProcessorOptions {
  moduleUrl?: string;
}

/**
 * Loads the capture module if needed and creates its node; connect the microphone source to `client.node`
 * (input 0) and the playback node to its input 1, the reference of the echo canceller.
 */
export async function createCaptureNode(
  context: BaseAudioContext & LoadableContext,
  options: CaptureNodeOptions = {},
): Promise<CaptureClient> {
  const { moduleUrl = workletUrl('capture'), onFrame, onLevel, onError, timeoutMs, ...processorOptions } = options;
  await loadWorkletModule(context, moduleUrl);
  const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
    numberOfInputs: 2,
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions,
  });
  return new CaptureClient(node, { onFrame, onLevel, onError, timeoutMs });
}
