import type { HearthTurnTiming, HearthTurnTrace } from '@hearth/protocol';
import type { RelayTurn } from './turn-timer';
import { layoutTurn, type PageShares, type RelayTimes } from './turn-layout';
import { exportTurn, type TurnAttributes } from './trace-export';

/** Where a session's turns are traced from (voice-session.ts): what the page is told, and what the spans say. */
export interface TurnTraceHost {
  send(event: HearthTurnTrace): void;
  /** The step the turn ran in, read as its answer starts. */
  step(): { sequence: string; prompt: string; version: number };
  page: string;
  provider(): string;
}

/** What a voice session offers its traces (realtime/voice-session.ts). */
interface TracedSession {
  page: string;
  modules: { moduleName: string; promptName: string; version: number };
  sendClient(event: HearthTurnTrace): void;
}

interface Waiting {
  relay: RelayTimes;
  attributes: Omit<TurnAttributes, 'hearth.browser.reported'>;
  timer: ReturnType<typeof setTimeout>;
}

/** At most this many turns wait for their page's shares; past it the oldest goes out without them. */
const MAX_WAITING = 16;

/**
 * One trace per answered turn (PRODUCT §12). The page always hears the relay's shares (`hearth.turn_trace`, for the
 * console's bar). With export on (`reportWaitMs` set) the turn waits a little for the page's shares
 * (`hearth.turn_timing`) and is exported with them, or without them once the wait is over or the session ends.
 * Runs once per turn, after the first audio went out: nothing here is on the per-frame path.
 */
export class TurnTraces {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly host: TurnTraceHost,
    private readonly exporter: { reportWaitMs: number; exportTurn: typeof exportTurn } | null,
  ) {}

  /** `traceExport`: the configuration's (config.ts); unset, turns are only told to the page. */
  static forSession(session: TracedSession, provider: () => string, traceExport: { reportWaitMs: number } | undefined) {
    const host: TurnTraceHost = {
      send: (event) => session.sendClient(event),
      step: () => ({ sequence: session.modules.moduleName, prompt: session.modules.promptName, version: session.modules.version }),
      // The member's own page is 'user' on the socket; the trace says whose side of the product it was.
      page: session.page === 'user' ? 'member' : session.page,
      provider,
    };
    return new TurnTraces(host, traceExport ? { reportWaitMs: traceExport.reportWaitMs, exportTurn } : null);
  }

  relayed(turn: RelayTurn) {
    const { sequence, prompt, version } = this.host.step();
    const relayMs = round(turn.sentAt - turn.receivedAt);
    const providerMs = round(turn.receivedAt - turn.turnEndedAt);
    const report = this.exporter !== null && turn.turnId !== '';
    this.host.send({ type: 'hearth.turn_trace', turnId: turn.turnId, relayMs, providerMs, promptName: prompt, version, report });
    if (!this.exporter) return;
    const origin = performance.timeOrigin;
    const relay = { turnEndedMs: origin + turn.turnEndedAt, receivedMs: origin + turn.receivedAt, sentMs: origin + turn.sentAt };
    const attributes = {
      'hearth.prompt': prompt,
      'hearth.sequence': sequence,
      'hearth.sequence.version': version,
      'hearth.page': this.host.page,
      'hearth.provider': this.host.provider(),
    };
    if (!report) return this.export({ relay, attributes }, null);
    this.take(turn.turnId);
    if (this.waiting.size >= MAX_WAITING) this.flushOldest();
    const timer = setTimeout(() => this.export(this.take(turn.turnId), null), this.exporter.reportWaitMs);
    this.waiting.set(turn.turnId, { relay, attributes, timer });
  }

  /** The page's shares of a turn it was asked about; anything else (late, unknown, invalid) is ignored. */
  pageReported(timing: HearthTurnTiming) {
    const turn = this.take(timing.turnId);
    if (turn) this.export(turn, timing);
  }

  /** The session ended: turns still waiting go out without the page's shares. */
  finish() {
    for (const id of [...this.waiting.keys()]) this.export(this.take(id), null);
  }

  private take(turnId: string): Waiting | undefined {
    const turn = this.waiting.get(turnId);
    if (!turn) return undefined;
    clearTimeout(turn.timer);
    this.waiting.delete(turnId);
    return turn;
  }

  private flushOldest() {
    const oldest = this.waiting.keys().next().value;
    if (oldest !== undefined) this.export(this.take(oldest), null);
  }

  private export(turn: Pick<Waiting, 'relay' | 'attributes'> | undefined, page: PageShares | null) {
    if (!turn || !this.exporter) return;
    this.exporter.exportTurn(layoutTurn(turn.relay, page), { ...turn.attributes, 'hearth.browser.reported': page !== null });
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
