export type SampleArray = Float32Array | Int16Array;

/**
 * Fixed-capacity FIFO of samples over one preallocated array. Reads and writes copy sample by sample, so nothing is
 * allocated after construction (no subarray views).
 */
export class RingBuffer<T extends SampleArray> {
  private readonly storage: T;
  private readIndex = 0;
  private count = 0;

  constructor(storage: T) {
    if (storage.length === 0) throw new RangeError('RingBuffer needs a capacity of at least one sample');
    this.storage = storage;
  }

  static float32(capacity: number): RingBuffer<Float32Array> {
    return new RingBuffer(new Float32Array(capacity));
  }

  static int16(capacity: number): RingBuffer<Int16Array> {
    return new RingBuffer(new Int16Array(capacity));
  }

  get capacity(): number {
    return this.storage.length;
  }

  get availableRead(): number {
    return this.count;
  }

  get availableWrite(): number {
    return this.storage.length - this.count;
  }

  /** Appends up to `sampleCount` samples; returns how many fitted. */
  write(source: T, sourceOffset = 0, sampleCount: number = source.length - sourceOffset): number {
    const written = Math.min(sampleCount, this.availableWrite);
    const capacity = this.storage.length;
    let index = (this.readIndex + this.count) % capacity;
    for (let i = 0; i < written; i++) {
      this.storage[index] = source[sourceOffset + i];
      index = index + 1 === capacity ? 0 : index + 1;
    }
    this.count += written;
    return written;
  }

  /** Moves up to `sampleCount` of the oldest samples into `target`; returns how many were read. */
  read(target: T, targetOffset = 0, sampleCount: number = target.length - targetOffset): number {
    const taken = Math.min(sampleCount, this.count);
    const capacity = this.storage.length;
    let index = this.readIndex;
    for (let i = 0; i < taken; i++) {
      target[targetOffset + i] = this.storage[index];
      index = index + 1 === capacity ? 0 : index + 1;
    }
    this.readIndex = index;
    this.count -= taken;
    return taken;
  }

  /** Drops up to `sampleCount` of the oldest samples; returns how many were dropped. */
  skip(sampleCount: number): number {
    const skipped = Math.min(sampleCount, this.count);
    this.readIndex = (this.readIndex + skipped) % this.storage.length;
    this.count -= skipped;
    return skipped;
  }

  clear(): void {
    this.readIndex = 0;
    this.count = 0;
  }
}
