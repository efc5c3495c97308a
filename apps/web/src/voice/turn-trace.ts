// One turn's trace as the page sees it (PRODUCT §12): the relay's shares (hearth.turn_trace) joined with the page's
// own for the same answering item, for the console's stacked bar and, when the relay exports traces, sent back
// (hearth.turn_timing). Pure, so it is tested without audio or sockets; all figures are milliseconds.
import type { HearthTurnTiming, HearthTurnTrace } from '@hearth/protocol'

import type { TurnLatency } from '@/voice/turn-latency'

/** What the page can say about its side of the network and the microphone at the moment a turn is joined. */
export interface PageFigures {
  /** Median of frames from the capture worklet to ws.send (the socket worker's figure), null before any frame. */
  captureToSendMs: number | null
  /** The latest hearth.ping round trip, null before the first pong. */
  roundTripMs: number | null
}

/** The shares the page measured or estimated (see HearthTurnTiming for what each covers). */
export interface PageShares {
  captureMs: number
  socketMs: number
  playbackMs: number
}

export interface TurnTraceBar {
  turnId: string
  /** 1 for the session's first traced turn. */
  turn: number
  /** Capture and socket: the page's part before the relay. */
  browserMs: number
  relayMs: number
  providerMs: number
  playbackMs: number
}

/**
 * The page's shares of a turn. Capture: a spoken or push-to-talk turn's last frame waited about as long as frames
 * usually do between the capture and the socket (an estimate: the frame that held the end of speech is not
 * singled out); a typed turn has none. Socket: the up and down legs together, estimated by the ping round trip
 * (the page's and the relay's clocks are not shared, so one leg cannot be measured alone). Playback: measured,
 * from the first delta received to the worklet's first sample.
 */
export function pageShares(latency: Pick<TurnLatency, 'cause' | 'playoutMs'>, figures: PageFigures): PageShares {
  const captureMs = latency.cause === 'text' ? 0 : (figures.captureToSendMs ?? 0)
  return { captureMs: round(captureMs), socketMs: round(figures.roundTripMs ?? 0), playbackMs: round(latency.playoutMs ?? 0) }
}

/** Items remembered while their other half is awaited (a greeting's latency never gets a relay trace). */
const REMEMBERED = 16

export class TurnTraceJoin {
  private readonly relay = new Map<string, HearthTurnTrace>()
  private readonly page = new Map<string, PageShares>()
  private turns = 0

  constructor(private readonly onJoined: (bar: TurnTraceBar, timing: HearthTurnTiming | null) => void) {}

  /** The relay's shares of the turn answered by item `turnId`. */
  relayed(trace: HearthTurnTrace): void {
    const shares = this.page.get(trace.turnId)
    if (shares) return this.join(trace, shares)
    remember(this.relay, trace.turnId, trace)
  }

  /** The page's shares of the turn answered by `itemId`, once its first sample played. */
  played(itemId: string, shares: PageShares): void {
    const trace = this.relay.get(itemId)
    if (trace) return this.join(trace, shares)
    remember(this.page, itemId, shares)
  }

  reset(): void {
    this.relay.clear()
    this.page.clear()
  }

  private join(trace: HearthTurnTrace, shares: PageShares): void {
    this.relay.delete(trace.turnId)
    this.page.delete(trace.turnId)
    const bar: TurnTraceBar = {
      turnId: trace.turnId,
      turn: ++this.turns,
      browserMs: shares.captureMs + shares.socketMs,
      relayMs: trace.relayMs,
      providerMs: trace.providerMs,
      playbackMs: shares.playbackMs,
    }
    this.onJoined(bar, trace.report ? { type: 'hearth.turn_timing', turnId: trace.turnId, ...shares } : null)
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value)
  if (map.size > REMEMBERED) map.delete(map.keys().next().value as string)
}

const round = (ms: number) => Math.round(Math.max(0, ms) * 10) / 10
