import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { OutboxStatus } from '@hearth/db/schema';

/** Takes a queued message for one attempt: only one worker can, and only while it is queued. */
export async function claimMessage(db: DB, id: number) {
  return db
    .updateTable('outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

export async function findMessageStatus(db: DB, id: number) {
  return db.selectFrom('outbox').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Opted out by the user's own flag, or by any user holding that number (a STOP is about the phone). */
export async function isOptedOut(db: DB, phone: string, userId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('sms_opt_out', '=', true)
    .where((eb) => (userId ? eb.or([eb('phone_number', '=', phone), eb('id', '=', userId)]) : eb('phone_number', '=', phone)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserName(db: DB, userId: string) {
  return db.selectFrom('users').select(['id', 'name']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Records the end of an attempt. Only a message still 'sending' is touched, so a late answer cannot
 * overwrite what another attempt recorded.
 */
export async function recordAttempt(
  db: DB,
  id: number,
  result: { status: OutboxStatus; provider?: string | null; providerMessageId?: string | null; lastError?: string | null },
) {
  await db
    .updateTable('outbox')
    .set({
      status: result.status,
      ...(result.provider !== undefined ? { provider: result.provider } : {}),
      provider_message_id: result.providerMessageId ?? null,
      last_error: result.lastError ?? null,
      ...(result.status === 'sent' ? { sent_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** A message found 'sending' when a new attempt starts: the earlier attempt was cut off mid-send. */
export async function markInterrupted(db: DB, id: number, lastError: string) {
  await db.updateTable('outbox').set({ status: 'failed', last_error: lastError }).where('id', '=', id).where('status', '=', 'sending').execute();
}

export async function listMessages(db: DB, opts: { limit: number; status?: OutboxStatus; beforeId?: number; userId?: string }) {
  let q = db
    .selectFrom('outbox')
    .select([
      'id', 'channel', 'to_address', 'kind', 'status', 'created_at', 'sent_at', 'attempts', 'last_error', 'provider',
      'provider_message_id', 'campaign_id', 'user_id',
    ])
    .orderBy('id', 'desc')
    .limit(opts.limit);
  if (opts.status) q = q.where('status', '=', opts.status);
  if (opts.beforeId !== undefined) q = q.where('id', '<', opts.beforeId);
  if (opts.userId) q = q.where('user_id', '=', opts.userId);
  return q.execute();
}

/** STOP / START from a phone: every user with that number. Returns how many users changed. */
export async function setSmsOptOut(db: DB, phone: string, optOut: boolean): Promise<number> {
  const rows = await db
    .updateTable('users')
    .set({ sms_opt_out: optOut })
    .where('phone_number', '=', phone)
    .where('sms_opt_out', '=', !optOut)
    .returning('id')
    .execute();
  return rows.length;
}
