// Turn-taking measured where the member listens (issue 23 §4): the shared meter (@hearth/protocol turn-taking.ts)
// fed by TurnWatch with the page's clock, each final turn tied to the assistant item that answered it, and the
// totals to report to the relay counted from the start of the relay's current session.
import { TurnTakingMeter, type TurnTakingObservation, type TurnTakingTotals, type TurnTakingTurn } from '@hearth/protocol'

import type { SpeechTimeline } from '@/voice/self-interruption'

/** A final turn as the staff pages show it: the item that answered it, if one played. */
export interface TurnTakingFlags extends TurnTakingTurn {
  itemId: string | null
}

export type TurnTakingReport = (turns: TurnTakingFlags[], totals: TurnTakingTotals, sinceRestart: TurnTakingTotals) => void

const NONE: TurnTakingTotals = { turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 }

/**
 * When speech stopped, on the page's clock: audio_end_ms includes the VAD's silence, so the member fell silent that
 * long before it. Never later than `nowMs`; without a timeline, `nowMs` (the event's arrival).
 */
export function speechStoppedAtMs(nowMs: number, audioEndMs: number, silenceMs: number, timeline?: SpeechTimeline): number {
  if (!timeline || !timeline.sentAtMs || !Number.isFinite(audioEndMs)) return nowMs
  const agoMs = Math.max(0, timeline.audioMs - (audioEndMs - silenceMs))
  return Math.min(nowMs, timeline.sentAtMs - agoMs)
}

export class TurnTakingFeed {
  private readonly meter = new TurnTakingMeter()
  private readonly answeredBy = new Map<number, string>()
  /** Totals already reported to an earlier relay session: a restarted one counts from here. */
  private base: TurnTakingTotals = NONE

  constructor(private readonly report: TurnTakingReport) {}

  observe(observation: TurnTakingObservation): void {
    this.emit(this.meter.observe(observation))
  }

  /** The first sample of `itemId` played at `atMs`: if it answers the open turn, the turn's flags go on that item. */
  audioStarted(itemId: string, atMs: number): void {
    this.observe({ kind: 'assistant_audio_started', atMs })
    const open = this.meter.openTurn
    if (open?.answered && !this.answeredBy.has(open.index)) this.answeredBy.set(open.index, itemId)
  }

  /** The conversation stops here (ended, or the connection dropped): an answered turn becomes final. */
  finish(atMs: number): void {
    this.emit(this.meter.finish(atMs))
  }

  /** The relay started a new session under the page: what it stores counts from now. */
  restarted(): void {
    this.base = this.meter.totals
  }

  reset(): void {
    this.meter.reset()
    this.answeredBy.clear()
    this.base = NONE
  }

  private emit(turns: TurnTakingTurn[]): void {
    if (turns.length === 0) return
    const flags = turns.map((turn) => {
      const itemId = this.answeredBy.get(turn.index) ?? null
      this.answeredBy.delete(turn.index)
      return { ...turn, itemId }
    })
    const totals = this.meter.totals
    const since = { ...totals }
    for (const key of Object.keys(since) as (keyof TurnTakingTotals)[]) since[key] -= this.base[key]
    this.report(flags, totals, since)
  }
}
