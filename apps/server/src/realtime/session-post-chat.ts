import type { HearthPostChat } from '@hearth/protocol';
import { runPostChat, type TranscriptLine } from '../features/post-chat/run';
import { log } from '../log';
import { postChatReport } from './post-chat-report';
import { markVoiceSessionEnded } from './repository';
import type { AppDeps } from '../deps';
import type { ModuleState } from './module-state';

interface Ended {
  id: string;
  deps: AppDeps;
  userId: string | null;
  startedAt: Date;
  modules: Pick<ModuleState, 'moduleName'>;
}

/**
 * A session's post-chat work, run once when it really ends (PRODUCT §4), and what the page is told of it.
 * Staff sessions have none; a withdrawn sign-in (`skip`) only closes the session's row.
 */
export async function sessionPostChat(
  session: Ended,
  opts: { endedAt: Date; transcript: TranscriptLine[]; reminder: boolean; skip: boolean },
): Promise<HearthPostChat> {
  const { deps, id, userId } = session;
  if (!userId) return { type: 'hearth.post_chat', status: 'skipped', did: {} };
  if (opts.skip) {
    await markVoiceSessionEnded(deps.db, id, opts.endedAt).catch(() => {});
    return { type: 'hearth.post_chat', status: 'skipped', did: {} };
  }
  try {
    await markVoiceSessionEnded(deps.db, id, opts.endedAt);
    const result = await runPostChat(deps, {
      voiceSessionId: id,
      userId,
      moduleName: session.modules.moduleName,
      startTime: session.startedAt,
      endTime: opts.endedAt,
      transcript: opts.transcript,
      reminder: opts.reminder,
    });
    const report = await postChatReport(deps, result);
    // 'partial' is not 'done': the report says which step failed (SPEC §8); below the thresholds nothing ran.
    return result.ran && result.status !== 'below-threshold' ? report : { type: 'hearth.post_chat', status: 'skipped', did: report.did };
  } catch (err) {
    log.error('post-chat failed', { sessionId: id, userId, error: (err as Error)?.name });
    return { type: 'hearth.post_chat', status: 'error', did: {}, error: (err as Error)?.message || 'Unknown error' };
  }
}
