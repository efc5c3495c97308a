import { sql, type Kysely } from 'kysely';

// Issue 23 §4: a voice session's turn-taking totals as its page measured them (cut-offs, premature commits, dead
// air, self-interruptions), one row per session that reported any, stored by the relay when the session ends.
// sequence_id follows a rename; module_name keeps the name the session ran under.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('turn_taking_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('sequence_id', 'integer', (c) => c.references('sequences.id').onDelete('cascade'))
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('turn_detection', 'text', (c) => c.notNull())
    .addColumn('turns', 'integer', (c) => c.notNull())
    .addColumn('cut_offs', 'integer', (c) => c.notNull())
    .addColumn('premature_commits', 'integer', (c) => c.notNull())
    .addColumn('dead_airs', 'integer', (c) => c.notNull())
    .addColumn('self_interruptions', 'integer', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('turn_taking_sessions_sequence_idx').on('turn_taking_sessions').columns(['sequence_id', 'version']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('turn_taking_sessions').execute();
}
