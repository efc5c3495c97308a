import { sql, type Kysely } from 'kysely';

// A message handled by the outbox-only provider (no Twilio or SMTP configured) went to nobody: it gets its own
// state, 'kept', instead of 'sent' (issue 21, item 4). Rows the old code recorded as sent by the outbox move over;
// the time they were kept is their status_at (sent_at stays empty: nothing left the server).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
    check (status in ('queued', 'sending', 'sent', 'kept', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'))`.execute(db);
  await sql`update outbox set status = 'kept', status_at = coalesce(status_at, sent_at), sent_at = null
    where status = 'sent' and provider = 'outbox'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update outbox set status = 'sent', sent_at = coalesce(sent_at, status_at) where status = 'kept'`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
    check (status in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'))`.execute(db);
}
