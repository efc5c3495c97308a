import type { AppDeps } from '../../deps';
import { personalLinkUrl } from '../auth/personal-links';
import { hashToken, newToken } from '../../plugins/auth';
import { log } from '../../log';
import { SendError } from '../../providers/send-error';
import { handleMetReply } from '../meetings/replies';
import { fillPlaceholders, placeholderModules } from './outbox';
import {
  applyDeliveryStatus,
  claimMessages,
  finishCampaignIfDone,
  insertLinkTokens,
  releaseClaims,
  markDeadSendsUnknown,
  markInterrupted,
  recordAttempt,
  setSmsOptOut,
} from './repository';

export const OPTED_OUT = 'Not sent: the recipient replied STOP (opted out of SMS)';
export const INTERRUPTED = 'Outcome unknown: the send was cut off (server stopped or crashed); not retried so it cannot arrive twice';

type Claimed = Awaited<ReturnType<typeof claimMessages>>[number];
type Outcome = 'done' | 'retry';

/**
 * One attempt at sending each of a batch of outbox messages (the job queue's handler), sent concurrently.
 * Returns each id's outcome: 'retry' when the queue should try again later, 'done' otherwise. Safe to run twice
 * for a message: only a 'queued' row is claimed, and a row found 'sending' (an attempt cut off by a crash)
 * becomes 'unknown' and is not sent again. Campaigns whose last message this settled are marked finished.
 */
export async function deliverMessages(
  deps: AppDeps,
  attempts: Array<{ id: number; finalAttempt: boolean }>,
  instanceId = 'direct',
): Promise<Map<number, Outcome>> {
  const ids = attempts.map((a) => a.id);
  const claimed = await claimMessages(deps.db, ids, instanceId);
  const taken = new Set(claimed.map((r) => r.id));
  const interrupted = await markInterrupted(
    deps.db,
    ids.filter((id) => !taken.has(id)),
    INTERRUPTED,
  );
  for (const r of interrupted) log.warn('message interrupted mid-send', { outboxId: r.id });

  const final = new Map(attempts.map((a) => [a.id, a.finalAttempt]));
  let links: Map<number, Map<string, string>>;
  try {
    links = await issueLinks(deps, claimed);
  } catch (err) {
    // Nothing was sent yet: give the messages back to the queue for its retry (else they would read as cut off).
    await releaseClaims(deps.db, [...taken], instanceId);
    throw err;
  }
  const results = await Promise.all(claimed.map((row) => sendOne(deps, row, links.get(row.id), final.get(row.id) ?? false)));
  const outcomes = new Map<number, Outcome>(ids.map((id) => [id, 'done']));
  const settledCampaigns = interrupted.map((r) => r.campaign_id);
  for (const r of results) {
    outcomes.set(r.id, r.outcome);
    if (r.outcome === 'done') settledCampaigns.push(r.campaignId);
  }
  await finishCampaigns(deps, settledCampaigns);
  return outcomes;
}

/** One message, for tests and callers outside the queue. */
export async function deliverMessage(deps: AppDeps, id: number, opts: { finalAttempt: boolean; instanceId?: string }) {
  const outcomes = await deliverMessages(deps, [{ id, finalAttempt: opts.finalAttempt }], opts.instanceId);
  return { outcome: outcomes.get(id) ?? ('done' as const) };
}

/** Sends one claimed message and records the attempt at once (so a crash leaves as few sends unknown as can be). */
async function sendOne(deps: AppDeps, row: Claimed, links: Map<string, string> | undefined, finalAttempt: boolean) {
  const { db } = deps;
  const settle = async (result: Parameters<typeof recordAttempt>[2]) => {
    const recorded = await recordAttempt(db, row.id, result);
    return {
      id: row.id,
      outcome: result.status === 'queued' ? ('retry' as const) : ('done' as const),
      campaignId: recorded?.campaign_id ?? null,
    };
  };

  if (row.opted_out) {
    log.info('message skipped (opted out)', { outboxId: row.id });
    return settle({ status: 'skipped', lastError: OPTED_OUT });
  }
  const provider = row.channel === 'sms' ? deps.providers.sms : deps.providers.email;
  try {
    const filled = fillPersonalLinks(row, links);
    const providerMessageId =
      row.channel === 'sms'
        ? await deps.providers.sms.send({ to: row.to_address, body: filled.body })
        : await deps.providers.email.send({ to: row.to_address, subject: row.subject ?? 'Hearth', text: filled.body, html: filled.html });
    // The outbox-only provider (no Twilio / SMTP configured) sends nothing: the message is kept, not sent.
    const status = provider.kind === 'outbox' ? ('kept' as const) : ('sent' as const);
    log.info(status === 'kept' ? 'message kept in the outbox' : 'message sent', {
      outboxId: row.id,
      channel: row.channel,
      provider: provider.kind,
      attempt: row.attempts,
    });
    return settle({ status, provider: provider.kind, providerMessageId });
  } catch (err) {
    const e = err instanceof SendError ? err : new SendError('Internal error while sending', true);
    if (!(err instanceof SendError)) log.error('message send crashed', { outboxId: row.id, name: (err as Error)?.name });
    const retry = e.retryable && !finalAttempt;
    const lastError = e.retryable && !retry ? `${e.summary}; gave up after ${row.attempts} attempts` : e.summary;
    log.warn('message attempt failed', { outboxId: row.id, channel: row.channel, attempt: row.attempts, error: e.summary, retry });
    return settle({ status: retry ? 'queued' : 'failed', provider: provider.kind, lastError });
  }
}

/** Marks each campaign finished whose last message a batch settled (one statement per campaign, not per message). */
export async function finishCampaigns(deps: AppDeps, campaignIds: Iterable<string | null>) {
  for (const id of new Set(campaignIds)) if (id) await finishCampaignIfDone(deps.db, id);
}

/** How long a send may be 'sending' before any instance counts it as cut off (provider calls time out at 20 s). */
export const SENDING_STALE_SECONDS = 120;

/** The job queue's connections are named this plus the instance's id (jobs.ts): a live instance is a connected one. */
export const SEND_WORKER_APP_PREFIX = 'hearth-jobs:';

/**
 * At start (and now and then after): sends cut off by a server that stopped or crashed become 'unknown'.
 * On PGlite only this process uses the database, so every send it did not start is dead. On PostgreSQL a send
 * is dead when the instance that claimed it has no connection left (a crashed process's connections close with
 * it), or when it has been sending for longer than any provider call takes; so a restart shows it at once,
 * not 120 s later.
 */
export async function recoverDeadSends(deps: AppDeps, instanceId: string): Promise<number> {
  const rows = await markDeadSendsUnknown(deps.db, {
    instanceId,
    anyOwner: deps.dbKind === 'pglite',
    liveInstancePrefix: SEND_WORKER_APP_PREFIX,
    staleSeconds: SENDING_STALE_SECONDS,
    lastError: INTERRUPTED,
  });
  await finishCampaigns(
    deps,
    rows.map((r) => r.campaign_id),
  );
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

/**
 * Issues the personal links of a batch of messages now, in one statement (one per recipient and module; only
 * the tokens' hashes are stored, PRODUCT §3), keyed by message id and module.
 */
async function issueLinks(deps: AppDeps, rows: Claimed[]): Promise<Map<number, Map<string, string>>> {
  const wanted = rows.flatMap((row) => {
    if (row.opted_out || !row.user_id || row.user_name === null) return [];
    const modules = new Set([...placeholderModules(row.body), ...placeholderModules(row.html ?? '')]);
    return [...modules].map((moduleName) => ({ row, moduleName, token: newToken() }));
  });
  await insertLinkTokens(
    deps.db,
    wanted.map((w) => ({ tokenHash: hashToken(w.token), userId: w.row.user_id!, moduleName: w.moduleName })),
  );
  const links = new Map<number, Map<string, string>>();
  for (const w of wanted) {
    const mine = links.get(w.row.id) ?? new Map<string, string>();
    mine.set(w.moduleName, personalLinkUrl(deps.config.publicUrl, w.row.user_name!, w.moduleName, w.token));
    links.set(w.row.id, mine);
  }
  return links;
}

/** The stored body with the issued links where the placeholders are. */
function fillPersonalLinks(row: Claimed, links: Map<string, string> | undefined) {
  const modules = [...placeholderModules(row.body), ...placeholderModules(row.html ?? '')];
  if (modules.length === 0) return { body: row.body, html: row.html };
  if (!links || modules.some((m) => !links.has(m))) throw new SendError('The recipient no longer exists', false);
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
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/**
 * STOP/START keep their meaning first; any other reply may answer the sender's open "did you meet your group?"
 * question (the meetings feature; nothing happens without one).
 */
export async function handleInboundSms(deps: AppDeps, from: string, body: string): Promise<'stop' | 'start' | null> {
  const keyword = keywordOf(body);
  if (!keyword) {
    await handleMetReply(deps, from, body);
    return null;
  }
  const changed = await setSmsOptOut(deps.db, from, keyword === 'stop');
  log.info('sms opt-out keyword', { keyword, usersChanged: changed });
  return keyword;
}
