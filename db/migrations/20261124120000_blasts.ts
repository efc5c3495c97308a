import { sql, type Kysely } from 'kysely';

// Blasts that are sent once and seen (PRODUCT §6):
// - outbox states for a send cut off by a crash ('unknown', never retried) and for Twilio's delivery callbacks
//   ('delivered', 'undelivered'); who is sending a message since when, so a restart can tell a dead send from a live one;
// - campaigns know whether they are a group blast or a single message, and when they finished;
// - the SPEC §7 assignment notices are kinds 'assignment-sms' / 'assignment-email', like the blast API's.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
    check (status in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'))`.execute(db);
  await db.schema
    .alterTable('outbox')
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('status_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_campaign_status_idx').on('outbox').columns(['campaign_id', 'status']).execute();
  await db.schema
    .createIndex('outbox_provider_message_idx')
    .on('outbox')
    .column('provider_message_id')
    .where(sql.ref('provider_message_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('outbox_sending_idx').on('outbox').column('locked_at').where(sql.ref('status'), '=', 'sending').execute();

  await db.schema
    .alterTable('campaigns')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('message').check(sql`scope in ('blast', 'message')`))
    .addColumn('module_name', 'text')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('campaigns_group_kind_idx').on('campaigns').columns(['group_id', 'kind', 'created_at']).execute();

  for (const [from, to] of [['subgroup-sms', 'assignment-sms'], ['subgroup-email', 'assignment-email']]) {
    await sql`update outbox set kind = ${to} where kind = ${from}`.execute(db);
    await sql`update campaigns set kind = ${to} where kind = ${from}`.execute(db);
  }
  // Sends the old code recorded as failed after a crash mid-send: their outcome is unknown.
  await sql`update outbox set status = 'unknown' where status = 'failed' and last_error like 'Outcome unknown:%'`.execute(db);
  await sql`update campaigns c set finished_at = coalesce(
      (select max(coalesce(o.sent_at, o.created_at)) from outbox o where o.campaign_id = c.id), c.created_at)
    where not exists (select 1 from outbox o where o.campaign_id = c.id and o.status in ('queued', 'sending'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [from, to] of [['subgroup-sms', 'assignment-sms'], ['subgroup-email', 'assignment-email']]) {
    await sql`update outbox set kind = ${from} where kind = ${to}`.execute(db);
    await sql`update campaigns set kind = ${from} where kind = ${to}`.execute(db);
  }
  await sql`update outbox set status = 'failed' where status = 'unknown'`.execute(db);
  await sql`update outbox set status = 'sent' where status in ('delivered', 'undelivered')`.execute(db);
  await db.schema.dropIndex('campaigns_group_kind_idx').execute();
  await db.schema.alterTable('campaigns').dropColumn('finished_at').dropColumn('module_name').dropColumn('scope').execute();
  await db.schema.dropIndex('outbox_sending_idx').execute();
  await db.schema.dropIndex('outbox_provider_message_idx').execute();
  await db.schema.dropIndex('outbox_campaign_status_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('status_at').dropColumn('locked_at').dropColumn('locked_by').execute();
  await sql`alter table outbox drop constraint if exists outbox_status_check`.execute(db);
  await sql`alter table outbox add constraint outbox_status_check
    check (status in ('queued', 'sending', 'sent', 'failed', 'skipped'))`.execute(db);
}
