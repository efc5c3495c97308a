import { sql, type Kysely } from 'kysely';

// Issue 25 item 2 (PRODUCT §12): what each voice session cost, from the usage its provider reported with every
// response, priced when the session ended (a later price change does not rewrite history). One row per session,
// whatever its page: members' conversations, staff ones (console, testing) and test-run attempts (`source`).
// Deleting a member sets user_id to null rather than deleting the row: the money was spent and the per-day and
// per-version totals must still add up to the provider's bill; what stays holds no personal link (ids of the
// session and sequence, token counts, the amount). A deleted sequence likewise keeps its rows under module_name.
// The provider's audio tokens are counted as speech_*_tokens: no column is named for audio (PRODUCT §7's check).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voice_session_costs')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('member', 'staff', 'test_run')`))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('sequence_id', 'integer', (c) => c.references('sequences.id').onDelete('set null'))
    .addColumn('module_name', 'text')
    .addColumn('version', 'integer')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('responses', 'integer', (c) => c.notNull())
    .addColumn('text_in_tokens', 'integer', (c) => c.notNull())
    .addColumn('cached_text_in_tokens', 'integer', (c) => c.notNull())
    .addColumn('speech_in_tokens', 'integer', (c) => c.notNull())
    .addColumn('cached_speech_in_tokens', 'integer', (c) => c.notNull())
    .addColumn('text_out_tokens', 'integer', (c) => c.notNull())
    .addColumn('speech_out_tokens', 'integer', (c) => c.notNull())
    .addColumn('cost_usd', 'numeric(14, 8)', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voice_session_costs_ended_idx').on('voice_session_costs').column('ended_at').execute();
  await db.schema.createIndex('voice_session_costs_sequence_idx').on('voice_session_costs').columns(['sequence_id', 'version']).execute();
  await db.schema.createIndex('voice_session_costs_user_idx').on('voice_session_costs').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voice_session_costs').execute();
}
