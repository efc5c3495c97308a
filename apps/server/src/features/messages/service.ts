import type { AppDeps } from '../../deps';
import { issuePersonalLink } from '../../lib/personal-links';
import { log } from '../../log';
import { SendError } from '../../providers/sms';
import { fillPlaceholders, placeholderModules } from './outbox';
import { claimMessage, findMessageStatus, findUserName, isOptedOut, markInterrupted, recordAttempt, setSmsOptOut } from './repository';

export const OPTED_OUT = 'Not sent: the recipient replied STOP (opted out of SMS)';
export const INTERRUPTED = 'Outcome unknown: an earlier attempt was cut off while sending; not retried so it cannot arrive twice';

/**
 * One attempt at sending one outbox message (the job queue's handler). Returns 'retry' when the queue
 * should try again later, 'done' otherwise. Safe to run twice for one message: only a 'queued' row is
 * claimed, and a row found 'sending' (a crash mid-send) is not sent again.
 */
export async function deliverMessage(deps: AppDeps, id: number, opts: { finalAttempt: boolean }): Promise<'done' | 'retry'> {
  const { db } = deps;
  const row = await claimMessage(db, id);
  if (!row) {
    const current = await findMessageStatus(db, id);
    if (current?.status === 'sending') {
      await markInterrupted(db, id, INTERRUPTED);
      log.warn('message interrupted mid-send', { outboxId: id });
    }
    return 'done';
  }

  if (row.channel === 'sms' && (await isOptedOut(db, row.to_address, row.user_id))) {
    await recordAttempt(db, id, { status: 'skipped', lastError: OPTED_OUT });
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
    await recordAttempt(db, id, { status: 'sent', provider: provider.kind, providerMessageId });
    log.info('message sent', { outboxId: id, channel: row.channel, provider: provider.kind, attempt: row.attempts });
    return 'done';
  } catch (err) {
    const e = err instanceof SendError ? err : new SendError('Internal error while sending', true);
    if (!(err instanceof SendError)) log.error('message send crashed', { outboxId: id, name: (err as Error)?.name });
    const retry = e.retryable && !opts.finalAttempt;
    const lastError = e.retryable && !retry ? `${e.summary}; gave up after ${row.attempts} attempts` : e.summary;
    await recordAttempt(db, id, { status: retry ? 'queued' : 'failed', provider: provider.kind, lastError });
    log.warn('message attempt failed', { outboxId: id, channel: row.channel, attempt: row.attempts, error: e.summary, retry });
    return retry ? 'retry' : 'done';
  }
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
