import type { HearthTurnTaking, TurnTakingTotals } from '@hearth/protocol';
import { log } from '../log';
import { insertTurnTakingSession } from './repository';
import type { VoiceSession } from './voice-session';

/**
 * The turn-taking totals a page reports for its session (`hearth.turn_taking`, issue 23 §4): the relay keeps the
 * latest and stores them once, when the session ends, under the module, version and turn detection it ended with.
 */
export class SessionTurnTaking {
  private latest: TurnTakingTotals | null = null;

  /** Totals are cumulative: a later report replaces an earlier one, and never goes back. */
  report(event: HearthTurnTaking) {
    if (this.latest && event.turns < this.latest.turns) return;
    const { turns, cutOffs, prematureCommits, deadAirs, selfInterruptions } = event;
    this.latest = { turns, cutOffs, prematureCommits, deadAirs, selfInterruptions };
  }

  /** Stores the session's row, if its page measured any turn on a module. Never throws: the session is ending. */
  async store(session: VoiceSession, endedAt: Date): Promise<void> {
    const totals = this.latest;
    const moduleName = session.modules.moduleName;
    if (!totals || totals.turns === 0 || !moduleName) return;
    try {
      await insertTurnTakingSession(session.deps.db, {
        sessionId: session.id,
        moduleName,
        version: session.modules.version,
        page: session.settings.page,
        turnDetection: session.settings.turnDetection?.type ?? 'manual',
        totals,
        endedAt,
      });
    } catch (error) {
      log.error('turn-taking totals not stored', { sessionId: session.id, error: (error as Error)?.name });
    }
  }
}
