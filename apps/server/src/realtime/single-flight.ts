/**
 * Identical reads asked for while one is running share it (single flight). Nothing is kept once the read is
 * done, so nothing can be stale: a read asked for afterwards queries again. Sessions starting together (a
 * group told to open their links now) need the same module version, module list and global prompt; with this,
 * one query each serves them all instead of one per session.
 */
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, read: () => Promise<T>): Promise<T> {
    const shared = this.running.get(key);
    if (shared) return shared as Promise<T>;
    const started = read().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** Reads running now (tests). */
  get size(): number {
    return this.running.size;
  }
}
