import type { CaptureFrameMessage } from './messages.ts';

/** A frame buffer with the message and transfer list that post it, built once per buffer. */
export interface FrameSlot {
  readonly samples: Int16Array;
  readonly message: CaptureFrameMessage;
  readonly transfer: [ArrayBuffer];
}

/**
 * Buffers for outgoing frames. A posted buffer is transferred (detached here) and comes back from the main thread
 * through `give`; only if none has come back yet is a new one allocated.
 */
export class FramePool {
  readonly frameBytes: number;
  private readonly maxSize: number;
  private readonly free: FrameSlot[] = [];
  private allocated = 0;

  constructor(frameBytes: number, initialSize: number, maxSize = initialSize * 4) {
    this.frameBytes = frameBytes;
    this.maxSize = Math.max(1, maxSize);
    for (let i = 0; i < initialSize; i++) this.free.push(this.slot(new ArrayBuffer(frameBytes)));
    this.allocated = initialSize;
  }

  /** Buffers allocated so far, including the initial ones; growth means the main thread keeps them too long. */
  get allocatedCount(): number {
    return this.allocated;
  }

  get freeCount(): number {
    return this.free.length;
  }

  take(): FrameSlot {
    const slot = this.free.pop();
    if (slot) return slot;
    this.allocated++;
    return this.slot(new ArrayBuffer(this.frameBytes));
  }

  /** Takes back a returned buffer; buffers of the wrong size, or beyond the pool's cap, are left to the GC. */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength !== this.frameBytes || this.free.length >= this.maxSize) return;
    this.free.push(this.slot(buffer));
  }

  private slot(buffer: ArrayBuffer): FrameSlot {
    const message: CaptureFrameMessage = { type: 'frame', buffer, sequence: 0, postedAtS: 0, postedAtWallMs: 0 };
    return { samples: new Int16Array(buffer), message, transfer: [buffer] };
  }
}
