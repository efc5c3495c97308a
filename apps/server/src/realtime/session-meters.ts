import type { HearthTurnTaking, HearthTurnTiming } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import { TurnTimer } from '../metrics/turn-timer';
import { TurnTraces } from '../metrics/turn-trace';
import { SessionTurnTaking, type TurnTakingOwner } from './session-turn-taking';
import { SessionUsage, type CostOwner } from './session-usage';
import type { Upstream, UpstreamHandlers } from './upstream';

/** What a voice session offers its meters (realtime/voice-session.ts). */
type MeteredSession = TurnTakingOwner & CostOwner & Parameters<typeof TurnTraces.forSession>[0];

/**
 * What a voice session measures of itself, around its seams and never per audio frame: the timing and trace of each
 * turn (metrics/), the turn-taking totals its page reports (issue 23 §4) and the usage its provider reports (cost,
 * PRODUCT §12). The session hands them its upstream handlers, the page's reports and the end.
 */
export class SessionMeters {
  private readonly usage: SessionUsage;
  private readonly turnTaking = new SessionTurnTaking();
  private readonly traces: TurnTraces;
  private readonly turns: TurnTimer;

  constructor(
    private readonly session: MeteredSession,
    upstream: () => Upstream,
    live: () => boolean,
    opts: { testRun?: boolean; config: AppDeps['config'] },
  ) {
    this.usage = new SessionUsage(opts.testRun);
    this.traces = TurnTraces.forSession(session, () => upstream().kind, opts.config.traceExport);
    this.turns = new TurnTimer(live, this.traces);
  }

  wrap(handlers: UpstreamHandlers): UpstreamHandlers {
    return this.turns.wrap(handlers);
  }

  /** The page's own measurements: turn-taking totals and its shares of a traced turn. */
  pageReported(event: HearthTurnTaking | HearthTurnTiming) {
    if (event.type === 'hearth.turn_taking') this.turnTaking.report(event);
    else this.traces.pageReported(event);
  }

  /** A page event that ends a member's turn (push-to-talk commit, a typed turn's response.create) starts its timing. */
  clientEnded(type: string) {
    this.turns.clientEnded(type);
  }

  responseDone(response: unknown) {
    this.usage.add(response);
  }

  cost(upstream: Upstream, config: AppDeps['config']) {
    return this.usage.priced(upstream, config);
  }

  /** The last turns' traces go out; the totals and the cost are stored. Never throws: the session is ending. */
  async finish(endedAt: Date) {
    this.traces.finish();
    await this.turnTaking.store(this.session, endedAt);
    await this.usage.store(this.session, endedAt);
  }
}
