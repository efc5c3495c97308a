import { sql, type Kysely } from 'kysely';

// PRODUCT §10 test cases: conversations a sequence must handle, kept per sequence across its versions. The case
// itself (persona, seeded state, limits, expectations) is one jsonb `definition`; its name is a column so it is
// unique within the sequence.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sequence_id', 'integer', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('test_cases_sequence_name_key', ['sequence_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_cases').execute();
}
