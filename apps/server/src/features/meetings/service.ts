import type { AppDeps } from '../../deps';
import type { DB } from '@hearth/db/client';
import { Invalid, NotFound } from '../../errors';
import { log } from '../../log';
import { emailOrReason, moduleFor, phoneOrReason } from '../invitations/texts';
import type { OutgoingMessage } from '../messages/outbox';
import type { AskMetBody, MetAnswerBody, MetRoundName, MetSettings } from './model';
import * as repo from './repository';
import { metEmailMessage, metSmsText } from './texts';

/** A LATER answer is asked again when due, up to this many asks of a round in all. */
export const MAX_SCHEDULED_ASKS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type Planned = { member: repo.ToldMember; channel: 'sms' | 'email'; to: string; action: 'new' | 'again' | 'later' };

/**
 * Asks the group's told, not opted-out members with a phone (SMS) or else an e-mail whether they met their current
 * subgroup (round 'met') or met again ('met_again': only those who answered yes). Once per assignment and round:
 * the met_asks row and its outbox message are written in one transaction, and the row's unique index lets only
 * one writer ask. `force` asks those already asked again (one more ask, answer cleared); `due` (the scheduler)
 * asks only those whose told time plus the group's delay has passed, and LATER answers whose time has come.
 */
export async function askMet(deps: AppDeps, groupId: string, opts: AskMetBody & { due?: boolean } = {}): Promise<{ asked: number }> {
  const group = await repo.findGroup(deps.db, groupId);
  if (!group) throw new NotFound('Group not found');
  const round: MetRoundName = opts.round ?? 'met';
  const delayMs = (round === 'met' ? group.metAskDays : group.metAgainDays) * DAY_MS;
  const now = Date.now();
  const planned: Planned[] = [];
  for (const member of await repo.toldMembers(deps.db, groupId, round)) {
    if (round === 'met_again' && member.metAnswer !== 'yes') continue;
    let action: Planned['action'] | null = null;
    if (member.askId === null) action = !opts.due || member.toldAt.getTime() + delayMs <= now ? 'new' : null;
    else if (opts.force) action = 'again';
    else if (opts.due && member.answer === 'later' && member.nextAskAt && new Date(member.nextAskAt).getTime() <= now) {
      action = (member.askCount ?? 0) < MAX_SCHEDULED_ASKS ? 'later' : null;
    }
    if (!action) continue;
    const phone = phoneOrReason(member.phone);
    const email = emailOrReason(member.email);
    if (typeof phone === 'string') planned.push({ member, channel: 'sms', to: phone, action });
    else if (typeof email === 'string') planned.push({ member, channel: 'email', to: email, action });
  }
  if (planned.length === 0) return { asked: 0 };

  const moduleName = planned.some((p) => p.channel === 'email') ? await moduleOrNull(deps, group.isolatedModule) : null;
  const texts = await Promise.all(
    planned.map(async (p) => {
      if (p.channel === 'sms') return { body: metSmsText(round, p.member.name, p.member.subgroupName, group.name) };
      if (moduleName === null) return null;
      const mail = await metEmailMessage(round, p.member.name, p.member.subgroupName, group.name, moduleName);
      return { subject: mail.subject, body: mail.text, html: mail.html };
    }),
  );

  const asked = await deps.db.transaction().execute(async (trx) => {
    const messages: OutgoingMessage[] = [];
    const campaigns = new Map<string, string>();
    for (const [i, p] of planned.entries()) {
      const text = texts[i];
      if (!text) continue;
      const ask =
        p.action === 'new'
          ? await repo.insertAsk(trx, {
              id: crypto.randomUUID(),
              groupId,
              userId: p.member.userId,
              subgroupId: p.member.subgroupId,
              round,
              channel: p.channel,
            })
          : await repo.reAsk(trx, p.member.askId!, p.channel, p.action === 'later' ? { maxAsks: MAX_SCHEDULED_ASKS } : undefined);
      if (!ask) continue;
      const kind = `met-${p.channel}`;
      const campaignId = await campaignFor(trx, campaigns, kind, groupId);
      messages.push({
        uniqueKey: `met/${ask.id}/${ask.askCount}`,
        campaignId,
        userId: p.member.userId,
        channel: p.channel,
        kind,
        to: p.to,
        ...text,
      });
    }
    if (messages.length > 0) await deps.outbox.enqueue(trx, messages);
    return messages.length;
  });
  if (asked > 0) log.info('met questions queued', { groupId, round, asked });
  return { asked };
}

/** One campaign per kind and call, so the Messages screen shows the questions under their group. */
async function campaignFor(trx: DB, campaigns: Map<string, string>, kind: string, groupId: string) {
  let id = campaigns.get(kind);
  if (!id) {
    id = crypto.randomUUID();
    await repo.insertCampaign(trx, { id, kind, groupId });
    campaigns.set(kind, id);
  }
  return id;
}

/** The module the e-mail's personal link opens: the group's isolated module, else the default; null if unpublished. */
async function moduleOrNull(deps: AppDeps, isolatedModule: string | null) {
  try {
    return await moduleFor(deps, isolatedModule);
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    log.warn('met e-mails not sent: no published module for the link', {});
    return null;
  }
}

/** The scheduler's pass: every group's members now due, for both rounds. */
export async function askDueMembers(deps: AppDeps): Promise<number> {
  let asked = 0;
  for (const groupId of await repo.allGroupIds(deps.db)) {
    for (const round of ['met', 'met_again'] as const) {
      try {
        asked += (await askMet(deps, groupId, { round, due: true })).asked;
      } catch (err) {
        // The group may have been deleted meanwhile; the others are still asked.
        if (!(err instanceof NotFound)) throw err;
      }
    }
  }
  return asked;
}

// ---- Settings --------------------------------------------------------------------------------------------

export async function metSettings(deps: AppDeps, groupId: string): Promise<MetSettings> {
  const group = await repo.findGroup(deps.db, groupId);
  if (!group) throw new NotFound('Group not found');
  return { metAskDays: group.metAskDays, metAgainDays: group.metAgainDays };
}

export async function saveMetSettings(deps: AppDeps, groupId: string, input: MetSettings): Promise<MetSettings> {
  const row = await repo.updateGroupDays(deps.db, groupId, input.metAskDays, input.metAgainDays);
  if (!row) throw new NotFound('Group not found');
  return row;
}

// ---- The user page's card --------------------------------------------------------------------------------

export async function metQuestion(deps: AppDeps, userId: string) {
  const ask = await repo.oldestOpenAsk(deps.db, userId);
  if (!ask) return { question: null };
  return {
    question: {
      askId: ask.askId,
      round: ask.round,
      groupName: ask.groupName,
      subgroupName: ask.subgroupName,
      askedAt: new Date(ask.askedAt),
    },
  };
}

/** The member's own answer; it may be changed (the card is their record). Another member's ask reads as not found. */
export async function answerMet(deps: AppDeps, userId: string, input: MetAnswerBody) {
  const ask = await repo.askOfUser(deps.db, input.askId, userId);
  if (!ask) throw new NotFound('Question not found');
  const row = await repo.recordAnswer(deps.db, ask.id, input.answer, 'card');
  if (!row?.answer) throw new NotFound('Question not found');
  log.info('met answer recorded', { askId: row.id, via: 'card' });
  return { askId: row.id, round: row.round, answer: row.answer };
}
