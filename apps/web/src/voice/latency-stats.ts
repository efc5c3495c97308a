// Rolling latency samples (milliseconds) with median and p95, for the voice benchmark and the test hook.

export interface LatencySummary {
  count: number
  medianMs: number | null
  p95Ms: number | null
  maxMs: number | null
}

/** Keeps the last `capacity` samples in a fixed array: recording one allocates nothing. */
export class LatencyStats {
  private readonly samples: Float64Array
  private next = 0
  private filled = 0
  private total = 0

  constructor(capacity = 2048) {
    this.samples = new Float64Array(capacity)
  }

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return
    this.samples[this.next] = ms
    this.next = (this.next + 1) % this.samples.length
    if (this.filled < this.samples.length) this.filled++
    this.total++
  }

  reset(): void {
    this.next = this.filled = this.total = 0
  }

  summary(): LatencySummary {
    if (this.filled === 0) return { count: 0, medianMs: null, p95Ms: null, maxMs: null }
    const sorted = Array.from(this.samples.subarray(0, this.filled)).sort((a, b) => a - b)
    return {
      count: this.total,
      medianMs: quantile(sorted, 0.5),
      p95Ms: quantile(sorted, 0.95),
      maxMs: sorted[sorted.length - 1],
    }
  }
}

/** Linear interpolation between the two nearest ranks of a sorted list. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q))
  const lower = Math.floor(position)
  const upper = Math.ceil(position)
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower)
}
