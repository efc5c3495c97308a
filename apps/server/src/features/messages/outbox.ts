import type { DB } from '@hearth/db/client';
import type { OutboxChannel, OutboxStatus } from '@hearth/db/schema';
import * as repo from './repository';

/**
 * The outbox (PRODUCT §6): every SMS and e-mail is a row first, then sent by the job queue (jobs.ts).
 * This file is the messages feature's public surface; other features reach it through `deps.outbox`.
 */

export { PRIVATE_BODY_KINDS } from './repository';
export { alreadySentAnswer, type AlreadySent } from './model';

export interface OutgoingMessage {
  /** One message per (campaign, user, kind): a retry or a double click never sends twice. */
  uniqueKey: string;
  campaignId?: string | null;
  userId?: string | null;
  channel: OutboxChannel;
  kind: string;
  to: string;
  subject?: string | null;
  /** Written by the server. May hold `personalLinkPlaceholder(...)`, filled in only at send time. */
  body: string;
  html?: string | null;
}

/** Where a message stands. `retrying`: an attempt failed and the queue will try again later. */
export interface MessageOutcome {
  id: number;
  userId: string | null;
  channel: OutboxChannel;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  provider: string | null;
  retrying: boolean;
}

export interface Outbox {
  /**
   * Writes the messages and schedules their sending, in one transaction (inside `db` when it already is
   * one). A unique key that exists already is skipped. Returns the ids of the new rows.
   */
  enqueue(db: DB, messages: OutgoingMessage[]): Promise<number[]>;
  /** Waits at most `timeoutMs` until every message is settled (see `isSettled`); returns where each stands. */
  waitForOutcome(db: DB, ids: number[], timeoutMs: number): Promise<MessageOutcome[]>;
}

export async function insertOutboxRows(db: DB, messages: OutgoingMessage[]): Promise<number[]> {
  return (await insertOutboxRowsWithKeys(db, messages)).map((r) => r.id);
}

const toRow = (m: OutgoingMessage) => ({
  unique_key: m.uniqueKey,
  campaign_id: m.campaignId ?? null,
  user_id: m.userId ?? null,
  channel: m.channel,
  kind: m.kind,
  to_address: m.to,
  subject: m.subject ?? null,
  body: m.body,
  html: m.html ?? null,
});

export async function insertOutboxRowsWithKeys(db: DB, messages: OutgoingMessage[]) {
  return repo.insertOutboxRowsWithKeys(db, messages.map(toRow));
}

/** Members a blast leaves out (no address, opted out, no subgroup): a 'skipped' row each, so progress adds up. */
export async function insertSkippedMessages(
  db: DB,
  messages: Array<Omit<OutgoingMessage, 'body' | 'subject' | 'html'> & { reason: string }>,
): Promise<void> {
  await repo.insertOutboxRowsWithKeys(
    db,
    messages.map((m) => ({
      unique_key: m.uniqueKey,
      campaign_id: m.campaignId ?? null,
      user_id: m.userId ?? null,
      channel: m.channel,
      kind: m.kind,
      to_address: m.to,
      body: '',
      status: 'skipped' as const,
      last_error: m.reason,
    })),
  );
}

/** Keeps messages in the outbox only (before the job queue starts, and in tests of other features). */
export const outboxOnly: Outbox = {
  enqueue: insertOutboxRows,
  waitForOutcome: (db, ids) => readOutcomes(db, ids),
};

export async function readOutcomes(db: DB, ids: number[]): Promise<MessageOutcome[]> {
  if (ids.length === 0) return [];
  const rows = await repo.outboxRowsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        userId: r.user_id,
        channel: r.channel,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        provider: r.provider,
        retrying: r.status === 'queued' && r.attempts > 0,
      },
    ];
  });
}

/** Neither queued nor being sent: nothing will happen to it unless a provider reports on its delivery. */
export const isFinal = (status: OutboxStatus) => status !== 'queued' && status !== 'sending';

/** Sent (or further), kept, failed for good, skipped, unknown, or failed once and waiting for a retry: nothing more to wait for now. */
export const isSettled = (o: MessageOutcome) => isFinal(o.status) || o.retrying;

/**
 * Statuses of a message that went out, may have gone out (cut off), or was kept in the outbox in place of being
 * sent: the ones PRODUCT §6 counts as "already sent", so a repeat needs `force`.
 */
export const ALREADY_SENT: OutboxStatus[] = ['sent', 'delivered', 'unknown', 'kept'];

/**
 * Polls until every message is settled or `timeoutMs` passes. `wake` (the local worker) cuts the wait short;
 * the poll covers a worker on another server instance.
 */
export async function waitForOutcome(
  db: DB,
  ids: number[],
  timeoutMs: number,
  wake?: { once(event: 'settled', fn: () => void): unknown; off(event: 'settled', fn: () => void): unknown },
): Promise<MessageOutcome[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcomes = await readOutcomes(db, ids);
    const left = deadline - Date.now();
    if (outcomes.every(isSettled) || left <= 0) return outcomes;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake?.off('settled', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(250, left));
      wake?.once('settled', done);
    });
  }
}

// ---- Sending once: campaigns and double clicks -------------------------------------------------------

/** How long a sent message keeps an identical one (same user, kind, address and text) from going out again. */
export const DUPLICATE_WINDOW_SECONDS = 60;

export interface CampaignInput {
  kind: string;
  groupId?: string | null;
  createdBy?: string | null;
}

export interface QueuedMessage {
  id: number;
  userId: string | null;
  /** True when an identical message was already on its way or just sent, and that one is answered. */
  duplicate: boolean;
}

/**
 * Queues `messages` (all of one kind) as a new campaign, except where the same user already has the same
 * message (kind, address and text) in flight (queued, sending, waiting for a retry) or sent/skipped in the
 * last DUPLICATE_WINDOW_SECONDS: that message is answered instead. This is what makes a double click, a
 * client retry after a lost answer, or an "Assign SMS" right after the blast send once. A transaction-scoped
 * advisory lock per kind makes the check-then-insert safe between concurrent requests and server instances.
 * One message per user; each one's `uniqueKey` is set here: `${campaignId}/${userId}/${kind}`.
 */
export async function enqueueOnce(
  outbox: Outbox,
  db: DB,
  campaign: CampaignInput,
  messages: Array<Omit<OutgoingMessage, 'uniqueKey' | 'campaignId' | 'kind'> & { userId: string }>,
): Promise<QueuedMessage[]> {
  if (messages.length === 0) return [];
  if (new Set(messages.map((m) => m.userId)).size !== messages.length) throw new Error('enqueueOnce: one message per user');
  const inTransaction = <T>(fn: (trx: DB) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    await repo.lockOutboxKind(trx, campaign.kind);
    const recent = await repo.recentMessagesOfKind(
      trx,
      campaign.kind,
      messages.map((m) => m.userId),
      DUPLICATE_WINDOW_SECONDS,
    );
    // Same user, address and text: a changed text (another module, a new subgroup) is a new message.
    const sameAs = (m: { userId: string | null; to: string; subject?: string | null; body: string }) =>
      JSON.stringify([m.userId, m.to, m.subject ?? null, m.body]);
    const inFlight = new Map<string, number>();
    for (const r of recent) {
      const key = sameAs({ userId: r.user_id, to: r.to_address, subject: r.subject, body: r.body });
      if (!inFlight.has(key)) inFlight.set(key, r.id);
    }
    const fresh = messages.filter((m) => !inFlight.has(sameAs(m)));
    const keyOf = (m: { userId: string }, campaignId: string) => `${campaignId}/${m.userId}/${campaign.kind}`;
    const created = new Map<string, number>();
    if (fresh.length > 0) {
      const campaignId = crypto.randomUUID();
      await repo.insertCampaign(trx, {
        id: campaignId,
        kind: campaign.kind,
        groupId: campaign.groupId ?? null,
        createdBy: campaign.createdBy ?? null,
      });
      await outbox.enqueue(
        trx,
        fresh.map((m) => ({ ...m, kind: campaign.kind, campaignId, uniqueKey: keyOf(m, campaignId) })),
      );
      for (const r of await repo.campaignMessageIds(trx, campaignId)) created.set(r.user_id!, r.id);
    }
    return messages.map((m) => {
      const existing = inFlight.get(sameAs(m));
      return { id: existing ?? created.get(m.userId)!, userId: m.userId, duplicate: existing !== undefined };
    });
  });
}

// ---- Personal links in message bodies -----------------------------------------------------------------

const LINK_PLACEHOLDER = /\{\{personal_link:([^}]*)\}\}/g;

/**
 * Stands for the recipient's personal link in a stored body. The link's token is issued only when the
 * message is sent, so it exists nowhere but in the sent message (PRODUCT §3: tokens are stored hashed).
 */
export const personalLinkPlaceholder = (moduleName: string) => `{{personal_link:${encodeURIComponent(moduleName)}}}`;

/** Module names of the placeholders in `text`. */
export const placeholderModules = (text: string) => [...text.matchAll(LINK_PLACEHOLDER)].map((m) => decodeURIComponent(m[1]));

export const fillPlaceholders = (text: string, link: (moduleName: string) => string) =>
  text.replace(LINK_PLACEHOLDER, (_, encoded: string) => link(decodeURIComponent(encoded)));

/** The text as staff may read it: each personal link named ("[personal link to <module>]"), never issued. */
export const namedPlaceholders = (text: string) => fillPlaceholders(text, (moduleName) => `[personal link to ${moduleName}]`);
