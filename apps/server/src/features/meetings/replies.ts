import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { parseMetReply } from './reply-parser';
import * as repo from './repository';
import { clarifySmsText } from './texts';

/**
 * An SMS reply that is not a STOP/START keyword (the messages feature handles those first), read as the answer to
 * the sender's latest open SMS question (PRODUCT §11). This is the meetings feature's public file: the Twilio
 * inbound webhook calls it. The reply's words are read and dropped: only the one-word answer is stored, and the
 * log carries ids only. Returns what the reply was taken as, or null when the sender has no open question.
 */
export async function handleMetReply(deps: AppDeps, from: string, body: string) {
  const ask = await repo.latestOpenSmsAsk(deps.db, from);
  if (!ask) return null;
  const reply = parseMetReply(body);
  if (reply === 'stop') {
    const changed = await repo.optOutPhone(deps.db, from);
    log.info('met reply asked to stop texting', { askId: ask.askId, usersChanged: changed });
    return reply;
  }
  if (reply === 'unclear') {
    // One clarifying SMS per ask: a second unclear reply gets none.
    const clarified = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.markClarified(trx, ask.askId))) return false;
      const campaignId = crypto.randomUUID();
      await repo.insertCampaign(trx, { id: campaignId, kind: 'met-sms', groupId: ask.groupId });
      await deps.outbox.enqueue(trx, [
        {
          uniqueKey: `met/${ask.askId}/${ask.askCount}/clarify`,
          campaignId,
          userId: ask.userId,
          channel: 'sms',
          kind: 'met-sms',
          to: from,
          body: clarifySmsText(ask.round),
        },
      ]);
      return true;
    });
    log.info('met reply unclear', { askId: ask.askId, clarified });
    return reply;
  }
  await repo.recordAnswer(deps.db, ask.askId, reply, 'sms');
  log.info('met answer recorded', { askId: ask.askId, via: 'sms' });
  return reply;
}
