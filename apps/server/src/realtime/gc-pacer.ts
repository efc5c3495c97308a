/**
 * Keeps the young generation small while audio streams. JavaScriptCore sizes the room it lets fill between
 * young collections by the whole heap, and the embedded database's memory (about 400 MB) counts in it: the
 * relay's frame strings then went on into fresh memory for seconds at a time, with 0.5–0.9 page faults and
 * 10–20% more CPU per frame than when something collected every 100 ms (bench:relay, issue 10). So a frame count
 * is kept on the hot path (one increment) and, while frames flow, a timer asks for a collection once enough
 * have gone by: about every 100 ms at 200 streams, every 10 s or so for one, never when nothing streams.
 */
export class GcPacer {
  /** Frames relayed since the last collection. */
  frames = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly opts: { intervalMs: number; framesPerCollection: number; collect: () => void } = {
      intervalMs: 100,
      framesPerCollection: 1000,
      collect: () => Bun.gc(false),
    },
  ) {}

  /** The timer runs only while sessions are live: an idle server is never woken. */
  setActive(active: boolean) {
    if (active && !this.timer) {
      this.timer = setInterval(() => this.tick(), this.opts.intervalMs);
      this.timer.unref?.();
    } else if (!active && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.frames = 0;
    }
  }

  get active(): boolean {
    return this.timer !== null;
  }

  private tick() {
    if (this.frames < this.opts.framesPerCollection) return;
    this.frames = 0;
    this.opts.collect();
  }
}
