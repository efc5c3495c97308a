import type { AppDeps } from '../../deps';
import { issuePersonalLink } from '../../lib/personal-links';
import { log } from '../../log';
import { SendError } from '../../providers/sms';
import { fillPlaceholders, placeholderModules } from './outbox';
import {
  applyDeliveryStatus,
  claimMessage,
  finishCampaignIfDone,
  findMessageStatus,
  findUserName,
  isOptedOut,
  markDeadSendsUnknown,
  markInterrupted,
  recordAttempt,
  setSmsOptOut,
} from './repository';

export const OPTED_OUT = 'Not sent: the recipient replied STOP (opted out of SMS)';
export const INTERRUPTED = 'Outcome unknown: the send was cut off (server stopped or crashed); not retried so it cannot arrive twice';

/**
 * One attempt at sending one outbox message (the job queue's handler). Returns 'retry' when the queue
 * should try again later, 'done' otherwise. Safe to run twice for one message: only a 'queued' row is
 * claimed, and a row found 'sending' (a crash mid-send) becomes 'unknown' and is not sent again.
 */
export async function deliverMessage(
  deps: AppDeps,
  id: number,
  opts: { finalAttempt: boolean; instanceId?: string },
): Promise<'done' | 'retry'> {
  const { db } = deps;
  const row = await claimMessage(db, id, opts.instanceId ?? 'direct');
  if (!row) {
    const current = await findMessageStatus(db, id);
    if (current?.status === 'sending') {
      const marked = await markInterrupted(db, id, INTERRUPTED);
      if (marked?.campaign_id) await finishCampaignIfDone(db, marked.campaign_id);
      log.warn('message interrupted mid-send', { outboxId: id });
    }
    return 'done';
  }
  const settle = async (result: Parameters<typeof recordAttempt>[2]) => {
    const recorded = await recordAttempt(db, id, result);
    if (result.status !== 'queued' && recorded?.campaign_id) await finishCampaignIfDone(db, recorded.campaign_id);
  };

  if (row.channel === 'sms' && (await isOptedOut(db, row.to_address, row.user_id))) {
    await settle({ status: 'skipped', lastError: OPTED_OUT });
    log.info('message skipped (opted out)', { outboxId: id });
    return 'done';
  }

  const provider = row.channel === 'sms' ? deps.providers.sms : deps.providers.email;
  try {
    const filled = await fillPersonalLinks(deps, row);
    const providerMessageId =
      row.channel === 'sms'
        ? await deps.providers.sms.send({ to: row.to_address, body: filled.body })
        : await deps.providers.email.send({ to: row.to_address, subject: row.subject ?? 'Hearth', text: filled.body, html: filled.html });
    await settle({ status: 'sent', provider: provider.kind, providerMessageId });
    log.info('message sent', { outboxId: id, channel: row.channel, provider: provider.kind, attempt: row.attempts });
    return 'done';
  } catch (err) {
    const e = err instanceof SendError ? err : new SendError('Internal error while sending', true);
    if (!(err instanceof SendError)) log.error('message send crashed', { outboxId: id, name: (err as Error)?.name });
    const retry = e.retryable && !opts.finalAttempt;
    const lastError = e.retryable && !retry ? `${e.summary}; gave up after ${row.attempts} attempts` : e.summary;
    await settle({ status: retry ? 'queued' : 'failed', provider: provider.kind, lastError });
    log.warn('message attempt failed', { outboxId: id, channel: row.channel, attempt: row.attempts, error: e.summary, retry });
    return retry ? 'retry' : 'done';
  }
}

/** How long a send may be 'sending' before any instance counts it as cut off (provider calls time out at 20 s). */
export const SENDING_STALE_SECONDS = 120;

/**
 * At start (and now and then after): sends cut off by a server that stopped or crashed become 'unknown'.
 * On PGlite only this process uses the database, so every send it did not start is dead.
 */
export async function recoverDeadSends(deps: AppDeps, instanceId: string): Promise<number> {
  const rows = await markDeadSendsUnknown(deps.db, {
    instanceId,
    anyOwner: deps.dbKind === 'pglite',
    staleSeconds: SENDING_STALE_SECONDS,
    lastError: INTERRUPTED,
  });
  for (const campaignId of new Set(rows.flatMap((r) => (r.campaign_id ? [r.campaign_id] : [])))) {
    await finishCampaignIfDone(deps.db, campaignId);
  }
  if (rows.length > 0) log.warn('sends cut off by a stop or crash marked unknown', { count: rows.length });
  return rows.length;
}

/** Twilio's status callback: MessageStatus delivered / undelivered / failed moves a sent SMS; others are progress. */
export async function handleDeliveryStatus(deps: AppDeps, sid: string, status: string, errorCode: string | undefined) {
  const final = status === 'delivered' ? 'delivered' : status === 'undelivered' || status === 'failed' ? 'undelivered' : null;
  if (!final) return 0;
  const code = errorCode && /^\d{1,6}$/.test(errorCode) ? ` (error ${errorCode})` : '';
  const lastError = final === 'undelivered' ? `Twilio reported the SMS ${status}${code}` : null;
  const changed = await applyDeliveryStatus(deps.db, sid, final, lastError);
  log.info('sms delivery status', { status: final, changed });
  return changed;
}

/** Issues the recipient's personal links now (one per module) and puts them where the placeholders are. */
async function fillPersonalLinks(deps: AppDeps, row: { user_id: string | null; body: string; html: string | null }) {
  const modules = [...new Set([...placeholderModules(row.body), ...placeholderModules(row.html ?? '')])];
  if (modules.length === 0) return { body: row.body, html: row.html };
  const user = row.user_id ? await findUserName(deps.db, row.user_id) : undefined;
  if (!user) throw new SendError('The recipient no longer exists', false);
  const links = new Map<string, string>();
  for (const m of modules) links.set(m, await issuePersonalLink(deps, user.id, user.name, m));
  return {
    body: fillPlaceholders(row.body, (m) => links.get(m)!),
    html: row.html === null ? null : fillPlaceholders(row.html, (m) => escapeHtmlAttribute(links.get(m)!)),
  };
}

const escapeHtmlAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---- Inbound SMS: STOP / START (Twilio's standard keywords) ---------------------------------------------

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/**
 * Twilio counts a message as a keyword only when the whole body is the keyword (any case, surrounding
 * spaces and a final full stop or exclamation mark allowed); "stop calling me" is an ordinary reply.
 */
export function keywordOf(body: string): 'stop' | 'start' | null {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export async function handleInboundSms(deps: AppDeps, from: string, body: string): Promise<'stop' | 'start' | null> {
  const keyword = keywordOf(body);
  if (!keyword) return null;
  const changed = await setSmsOptOut(deps.db, from, keyword === 'stop');
  log.info('sms opt-out keyword', { keyword, usersChanged: changed });
  return keyword;
}
