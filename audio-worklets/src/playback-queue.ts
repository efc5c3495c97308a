import { pcm16SampleToFloat } from './pcm.ts';

export interface InterruptResult {
  /** The item that was audible when interrupted; null when nothing was playing. */
  itemId: string | null;
  /** Samples of that item rendered before the interruption (becomes `audio_end_ms` of the truncate). */
  sampleCount: number;
}

export interface PlaybackQueueEvents {
  onItemStarted?: (itemId: string) => void;
  /** The item's audio is complete (`endItem` or a following item) and every queued sample has been rendered. */
  onItemEnded?: (itemId: string, sampleCount: number) => void;
}

interface ItemState {
  readonly itemId: string;
  playedSamples: number;
  queuedSamples: number;
  complete: boolean;
  started: boolean;
  ended: boolean;
}

interface Segment {
  readonly item: ItemState;
  readonly samples: Int16Array;
}

/** Items remembered for lookups and for dropping late deltas; older ones are forgotten. */
const REMEMBERED_ITEMS = 64;

/**
 * PCM16 audio queued per conversation item, played in arrival order. `render` fills an output block without
 * allocating; queueing happens when deltas arrive, outside the render callback.
 */
export class PlaybackQueue {
  private readonly events: PlaybackQueueEvents;
  private readonly items = new Map<string, ItemState>();
  private readonly interrupted = new Set<string>();
  private readonly segments: Segment[] = [];
  private head = 0;
  private offset = 0;
  private current: ItemState | null = null;

  constructor(events: PlaybackQueueEvents = {}) {
    this.events = events;
  }

  /** Queues a delta. Returns false (and drops it) when the item was interrupted or already ended. */
  append(itemId: string, samples: Int16Array): boolean {
    if (this.interrupted.has(itemId)) return false;
    const item = this.itemState(itemId);
    if (item.ended || item.complete) return false;
    if (samples.length === 0) return true;
    item.queuedSamples += samples.length;
    this.segments.push({ item, samples });
    return true;
  }

  /** No more audio will come for this item; it ends once its queued samples have played. */
  endItem(itemId: string): void {
    const item = this.items.get(itemId);
    if (!item || item.ended) return;
    item.complete = true;
    if (item.started && item.queuedSamples === 0) this.finish(item);
  }

  /** Fills `sampleCount` samples of `output` from `offset`, with silence once the queue runs dry. */
  render(output: Float32Array, offset = 0, sampleCount: number = output.length - offset): number {
    let written = 0;
    while (written < sampleCount && this.head < this.segments.length) {
      const segment = this.segments[this.head];
      const item = segment.item;
      if (item !== this.current) this.start(item);
      const take = Math.min(sampleCount - written, segment.samples.length - this.offset);
      for (let i = 0; i < take; i++) {
        output[offset + written + i] = pcm16SampleToFloat(segment.samples[this.offset + i]);
      }
      written += take;
      this.offset += take;
      item.playedSamples += take;
      item.queuedSamples -= take;
      if (this.offset === segment.samples.length) {
        this.offset = 0;
        this.head++;
        if (item.complete && item.queuedSamples === 0) this.finish(item);
      }
    }
    output.fill(0, offset + written, offset + sampleCount);
    if (this.head === this.segments.length && this.head > 0) {
      this.segments.length = 0;
      this.head = 0;
    }
    return written;
  }

  /**
   * Stops at once: the next rendered sample is silence. Everything queued is dropped, and deltas that arrive
   * later for any of the dropped items are ignored.
   */
  interrupt(): InterruptResult {
    const playing = this.current !== null && !this.current.ended ? this.current : null;
    const result: InterruptResult = {
      itemId: playing ? playing.itemId : null,
      sampleCount: playing ? playing.playedSamples : 0,
    };
    if (playing) this.markInterrupted(playing);
    for (let i = this.head; i < this.segments.length; i++) this.markInterrupted(this.segments[i].item);
    this.segments.length = 0;
    this.head = 0;
    this.offset = 0;
    this.current = null;
    return result;
  }

  /** Samples of the item rendered so far (0 for an unknown or forgotten item). */
  samplesPlayed(itemId: string): number {
    return this.items.get(itemId)?.playedSamples ?? 0;
  }

  /** Samples queued and not yet rendered, across all items. */
  get queuedSamples(): number {
    let total = 0;
    for (let i = this.head; i < this.segments.length; i++) total += this.segments[i].samples.length;
    return total - this.offset;
  }

  /** The item whose audio is playing or paused by an underrun, if any. */
  get currentItemId(): string | null {
    return this.current && !this.current.ended ? this.current.itemId : null;
  }

  private start(item: ItemState): void {
    // Audio of a new item means the previous one has no more to come.
    const previous = this.current;
    if (previous && !previous.ended) this.finish(previous);
    this.current = item;
    if (!item.started) {
      item.started = true;
      this.events.onItemStarted?.(item.itemId);
    }
  }

  private finish(item: ItemState): void {
    item.complete = true;
    item.ended = true;
    this.events.onItemEnded?.(item.itemId, item.playedSamples);
  }

  private markInterrupted(item: ItemState): void {
    item.ended = true;
    item.complete = true;
    if (this.interrupted.has(item.itemId)) return;
    this.interrupted.add(item.itemId);
    if (this.interrupted.size > REMEMBERED_ITEMS) {
      this.interrupted.delete(this.interrupted.values().next().value as string);
    }
  }

  private itemState(itemId: string): ItemState {
    let item = this.items.get(itemId);
    if (!item) {
      item = { itemId, playedSamples: 0, queuedSamples: 0, complete: false, started: false, ended: false };
      this.items.set(itemId, item);
      if (this.items.size > REMEMBERED_ITEMS) this.items.delete(this.items.keys().next().value as string);
    }
    return item;
  }
}
