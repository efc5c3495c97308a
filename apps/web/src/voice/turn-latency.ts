// Per-turn latency measured where the listener is (issue 7 §3): from the end of the person's turn to the first
// assistant sample the playback worklet rendered. Pure, so it is tested without audio; times are
// performance.now() milliseconds.
import { quantile } from '@/voice/latency-stats'

/** What ended the turn: the server's first 'Hi.', speech_stopped, a push-to-talk release, or injected text. */
export type TurnEnd = 'greeting' | 'speech' | 'push-to-talk' | 'text'

export interface TurnLatency {
  /** The assistant item that answered. */
  itemId: string
  cause: TurnEnd
  /** Turn end -> the item's first sample rendered by the playback worklet. */
  totalMs: number
  /** Turn end -> the item's first audio delta arrived (relay, model and network). */
  toFirstAudioMs: number | null
  /** First audio delta arrived -> first sample rendered (decoding, queueing, the worklet). */
  playoutMs: number | null
}

export interface TurnLatencySummary {
  count: number
  p50Ms: number | null
  p95Ms: number | null
}

/** First-delta times are kept for this many recent items only. */
const REMEMBERED_ITEMS = 32

export class TurnLatencyTracker {
  private pending: { atMs: number; cause: TurnEnd } | null = null
  private readonly firstAudioMs = new Map<string, number>()

  /** The person's turn ended: the next assistant item to start playing answers it. A later end replaces it. */
  turnEnded(atMs: number, cause: TurnEnd): void {
    this.pending = { atMs, cause }
  }

  /** The person speaks again before any answer played: that turn is not over yet. */
  turnResumed(): void {
    this.pending = null
  }

  /** An audio delta of `itemId` arrived; only the first one per item counts. */
  audioReceived(itemId: string, atMs: number): void {
    if (this.firstAudioMs.has(itemId)) return
    this.firstAudioMs.set(itemId, atMs)
    if (this.firstAudioMs.size > REMEMBERED_ITEMS) this.firstAudioMs.delete(this.firstAudioMs.keys().next().value as string)
  }

  /**
   * The playback worklet rendered the first sample of `itemId` at `atMs`. Returns the figure when the item
   * answers a pending turn; an item whose audio was already arriving before the turn ended answers nothing.
   */
  audioPlayed(itemId: string, atMs: number): TurnLatency | null {
    const pending = this.pending
    if (!pending) return null
    const receivedMs = this.firstAudioMs.get(itemId) ?? null
    if (receivedMs !== null && receivedMs < pending.atMs) return null
    this.pending = null
    const playedMs = Math.max(atMs, receivedMs ?? pending.atMs, pending.atMs)
    return {
      itemId,
      cause: pending.cause,
      totalMs: playedMs - pending.atMs,
      toFirstAudioMs: receivedMs === null ? null : receivedMs - pending.atMs,
      playoutMs: receivedMs === null ? null : playedMs - receivedMs,
    }
  }

  reset(): void {
    this.pending = null
    this.firstAudioMs.clear()
  }
}

/** Median and p95 of a session's turns. */
export function summarizeTurnLatency(figures: readonly Pick<TurnLatency, 'totalMs'>[]): TurnLatencySummary {
  if (figures.length === 0) return { count: 0, p50Ms: null, p95Ms: null }
  const sorted = figures.map((figure) => figure.totalMs).sort((a, b) => a - b)
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95) }
}
