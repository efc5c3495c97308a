import type { DB } from '@hearth/db/client';
import type { OutboxChannel } from '@hearth/db/schema';

export interface OutgoingMessage {
  /** One message per (campaign, user, kind): a retry or a double click never sends twice. */
  uniqueKey: string;
  campaignId?: string | null;
  userId?: string | null;
  channel: OutboxChannel;
  kind: string;
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
}

export interface Outbox {
  /** Writes the messages (inside `trx` when given) and schedules their sending. Returns the ids of new rows. */
  enqueue(db: DB, messages: OutgoingMessage[]): Promise<number[]>;
}

export async function insertOutboxRows(db: DB, messages: OutgoingMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('outbox')
    .values(
      messages.map((m) => ({
        unique_key: m.uniqueKey,
        campaign_id: m.campaignId ?? null,
        user_id: m.userId ?? null,
        channel: m.channel,
        kind: m.kind,
        to_address: m.to,
        subject: m.subject ?? null,
        body: m.body,
        html: m.html ?? null,
      })),
    )
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Keeps messages in the outbox only; the job queue that sends them replaces this at start. */
export const outboxOnly: Outbox = { enqueue: insertOutboxRows };
