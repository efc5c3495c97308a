import { samplesToMs } from '@hearth/protocol/audio';
import {
  type LevelMessage,
  PLAYBACK_PROCESSOR,
  type PlaybackInbound,
  type PlaybackOutbound,
  type PlaybackProcessorOptions,
} from '../messages.ts';
import { base64ToPcm16 } from '../pcm.ts';
import { type LoadableContext, loadWorkletModule, workletUrl } from './load-module.ts';
import { PortRpc } from './port-rpc.ts';
import { processorError, type WorkletNodeLike } from './worklet-node.ts';

export interface PlaybackCallbacks {
  onLevel?: (level: LevelMessage) => void;
  /** The item's first sample was rendered in the quantum starting at context time `startedAtS`. */
  onItemStarted?: (itemId: string, startedAtS: number) => void;
  /** Every sample of the item has been rendered. */
  onItemEnded?: (itemId: string, sampleCount: number) => void;
  onError?: (error: Error) => void;
  timeoutMs?: number;
}

export interface InterruptedItem {
  /** The item that was playing, or null if none was: then there is nothing to truncate. */
  itemId: string | null;
  sampleCount: number;
  /** `audio_end_ms` for `conversation.item.truncate`. */
  audioEndMs: number;
  /** Context time (s) of the first silent sample (see audio-clock.ts). */
  silentFromS: number;
}

/** Main-thread side of the playback processor. */
export class PlaybackClient<N extends WorkletNodeLike = AudioWorkletNode> {
  readonly node: N;
  private readonly rpc: PortRpc<PlaybackInbound, PlaybackOutbound>;
  private closed = false;

  constructor(node: N, callbacks: PlaybackCallbacks = {}) {
    this.node = node;
    this.rpc = new PortRpc<PlaybackInbound, PlaybackOutbound>(
      node.port,
      (event) => {
        if (event.type === 'level') callbacks.onLevel?.(event);
        else if (event.type === 'item-started') callbacks.onItemStarted?.(event.itemId, event.startedAtS);
        else callbacks.onItemEnded?.(event.itemId, event.sampleCount);
      },
      callbacks.timeoutMs,
    );
    node.onprocessorerror = (event) => {
      const error = processorError(PLAYBACK_PROCESSOR, event);
      this.rpc.failAll(error);
      callbacks.onError?.(error);
    };
  }

  /** Queues 24 kHz PCM16 for the item. The samples' buffer is transferred when it holds exactly them. */
  append(itemId: string, audio: Int16Array | ArrayBuffer): void {
    const buffer = audio instanceof ArrayBuffer ? audio : ownBuffer(audio);
    this.rpc.send({ type: 'append', itemId, buffer }, [buffer]);
  }

  /** Queues the base64 `delta` of a `response.output_audio.delta`. */
  appendBase64(itemId: string, base64Audio: string): void {
    this.append(itemId, base64ToPcm16(base64Audio));
  }

  /** The item's audio is complete (`response.output_audio.done`). */
  endItem(itemId: string): void {
    this.rpc.send({ type: 'end-item', itemId });
  }

  /** Silences playback at once, drops what is queued, and says how far the playing item got. */
  async interrupt(): Promise<InterruptedItem> {
    const { itemId, sampleCount, silentFromS } = await this.rpc.request('interrupt', {});
    return { itemId, sampleCount, audioEndMs: Math.floor(samplesToMs(sampleCount)), silentFromS };
  }

  async samplesPlayed(itemId: string): Promise<number> {
    return (await this.rpc.request('samples-played', { itemId })).sampleCount;
  }

  close(): void {
    if (this.closed) return;
    this.rpc.send({ type: 'close' });
    this.closed = true;
    this.rpc.close(new Error('Audio playback is closed'));
    this.node.disconnect?.();
  }
}

function ownBuffer(samples: Int16Array): ArrayBuffer {
  const { buffer } = samples;
  if (buffer instanceof ArrayBuffer && samples.byteOffset === 0 && samples.byteLength === buffer.byteLength) {
    return buffer;
  }
  return new Int16Array(samples).buffer;
}

export interface PlaybackNodeOptions extends PlaybackCallbacks, PlaybackProcessorOptions {
  moduleUrl?: string;
}

/** Loads the playback module if needed and creates its node; connect `client.node` to the destination. */
export async function createPlaybackNode(
  context: BaseAudioContext & LoadableContext,
  options: PlaybackNodeOptions = {},
): Promise<PlaybackClient> {
  const { moduleUrl = workletUrl('playback'), timeoutMs, ...rest } = options;
  const { onLevel, onItemStarted, onItemEnded, onError, ...processorOptions } = rest;
  await loadWorkletModule(context, moduleUrl);
  const node = new AudioWorkletNode(context, PLAYBACK_PROCESSOR, {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    processorOptions,
  });
  return new PlaybackClient(node, { onLevel, onItemStarted, onItemEnded, onError, timeoutMs });
}
