import { sql, type Kysely } from 'kysely';

// PRODUCT §10: members get a sequence's *published* version, not its highest; Save makes drafts. Each sequence
// keeps the version members get (`published_version`, null = unpublished) and whether publishing needs a passing
// test run (`require_tests`); every publish is a history row (who, when, whether an admin forced it). Existing
// sequences keep what members got before: their highest non-archived version is published, by nobody
// (published_by null reads "at the migration"). global_prompt is not a module and is not published.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sequences')
    .addColumn('published_version', 'integer')
    .addColumn('require_tests', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('sequence_publications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sequence_id', 'integer', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('forced', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sequence_publications_sequence_idx').on('sequence_publications').columns(['sequence_id', 'id']).execute();
  await sql`update sequences s set published_version = (
      select max(v.version) from sequence_versions v where v.sequence_id = s.id and not v.archived)
    where not s.is_global`.execute(db);
  await sql`insert into sequence_publications (sequence_id, version)
    select id, published_version from sequences where published_version is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sequence_publications').execute();
  await db.schema.alterTable('sequences').dropColumn('published_version').dropColumn('require_tests').execute();
}
