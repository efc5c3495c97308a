import { sql, type Kysely } from 'kysely';

// Frozen once landed. timestamptz only; no column holds audio, and none holds a transcript
// except feedback.last_conversation, which is written only with the user's explicit consent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('operator', 'admin')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text') // E.164
    .addColumn('memory_document', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_for_group', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sms_opt_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_test_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin table pages by these orders (ties broken by id).
  await db.schema.createIndex('users_name_idx').on('users').expression(sql`lower(name), id`).execute();
  await db.schema.createIndex('users_email_idx').on('users').expression(sql`lower(email), id`).execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone_number').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'uuid', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('sessions_one_identity', sql`(staff_id is null) <> (user_id is null)`)
    .execute();

  await db.schema
    .createTable('user_link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_link_tokens_user_idx').on('user_link_tokens').column('user_id').execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('isolated_module', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('groups_name_unique').on('groups').expression(sql`lower(name)`).unique().execute();

  await db.schema
    .createTable('subgroups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subgroups_group_idx').on('subgroups').column('group_id').execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subgroup_id', 'text', (c) => c.references('subgroups.id').onDelete('set null'))
    .addColumn('user_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('sequences')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique()) // without ".json"
    .addColumn('is_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sequence_versions')
    .addColumn('sequence_id', 'integer', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('module_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('global_prompt', 'text')
    // [{ name, description, prompt, trigger_condition, next_prompt, archived? }]
    .addColumn('sequential_prompts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sequence_versions_pk', ['sequence_id', 'version'])
    .execute();

  // The system prompt of the testing page's second model ("Edit gpt4o prompt").
  await db.schema
    .createTable('system_prompt')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The named prompts of /system-prompts used by the text tasks.
  await db.schema
    .createTable('prompts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('section_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('voice_session_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('section_records_user_idx').on('section_records').columns(['user_id', 'end_time']).execute();

  // Per-user summary of section records, kept by statement-level triggers, so the admin table can sort by
  // analytics without aggregating every section record on each page.
  await db.schema
    .createTable('user_stats')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_conversation_at', 'timestamptz')
    .addColumn('last_module_used', 'text')
    .addColumn('total_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('user_stats_total_idx').on('user_stats').column('total_seconds').execute();
  await db.schema.createIndex('user_stats_last_idx').on('user_stats').column('last_conversation_at').execute();
  await db.schema.createIndex('user_stats_module_idx').on('user_stats').expression(sql`lower(last_module_used)`).execute();
  await sql`
    create function user_stats_refresh(ids text[]) returns void language sql as $$
      insert into user_stats (user_id, last_conversation_at, last_module_used, total_seconds)
      select u.id,
        (select max(s.end_time) from section_records s where s.user_id = u.id),
        (select s.module_name from section_records s where s.user_id = u.id order by s.end_time desc limit 1),
        coalesce((select sum(greatest(extract(epoch from (s.end_time - s.start_time)), 0))
          from section_records s where s.user_id = u.id), 0)
      from users u where u.id = any(ids)
      on conflict (user_id) do update set
        last_conversation_at = excluded.last_conversation_at,
        last_module_used = excluded.last_module_used,
        total_seconds = excluded.total_seconds
    $$`.execute(db);
  for (const [op, tables, ids] of [
    ['insert', 'new table as changed', 'select distinct user_id from changed'],
    ['delete', 'old table as changed', 'select distinct user_id from changed'],
    ['update', 'old table as before_rows new table as changed', 'select user_id from before_rows union select user_id from changed'],
  ] as const) {
    await sql
      .raw(
        `create function section_records_after_${op}() returns trigger language plpgsql as $$
          begin perform user_stats_refresh(array(${ids})); return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger section_records_stats_${op} after ${op} on section_records
          referencing ${tables} for each statement execute function section_records_after_${op}()`,
      )
      .execute(db);
  }

  await db.schema
    .createTable('quiz_summaries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quiz_summaries_user_idx').on('quiz_summaries').column('user_id').execute();

  await db.schema
    .createTable('memory_entries')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memory_entries_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('mood_entries')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value between -3 and 3`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mood_entries_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('staff_id', 'uuid', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('selected_sequence', 'text')
    .addColumn('selected_version', 'text')
    // Only with the explicit "Include conversation in feedback" consent.
    .addColumn('last_conversation', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('unique_key', 'text', (c) => c.notNull().unique()) // campaign/user/kind
    .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
  await db.schema.createIndex('outbox_user_idx').on('outbox').column('user_id').execute();

  // Fixed-window counters for rate limits, shared by every server instance.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  // Post-chat work runs once per voice session: this row is the idempotency key.
  await db.schema
    .createTable('voice_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('staff_id', 'uuid', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('post_chat_status', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists user_stats_refresh(text[]) cascade`.execute(db);
  for (const t of [
    'voice_sessions', 'rate_limits', 'outbox', 'campaigns', 'feedback', 'mood_entries', 'memory_entries', 'quiz_summaries',
    'user_stats', 'section_records', 'prompts', 'system_prompt', 'sequence_versions', 'sequences', 'group_members',
    'subgroups', 'groups', 'user_link_tokens', 'sessions', 'users', 'staff',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
