import { sql, type Kysely } from 'kysely';

// PRODUCT §10 test runs: a run plays a version's test cases `repeats` times each; every (case, repeat) is an
// attempt, run as one job of the job queue. An attempt is claimed atomically (claimed_by: the instance running it)
// and never run again once finished; `tries` counts its executions. The case is snapshotted into the attempt, so
// editing a case later does not change a run's meaning. Scratch members (users.scratch) are the simulated members
// of attempts: they live only while their attempt runs and never show in admin screens.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('test_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sequence_id', 'integer', (c) => c.notNull().references('sequences.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('judge', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('case_ids', 'jsonb', (c) => c.notNull())
    .addColumn('repeats', 'integer')
    .execute();
  await db.schema.createIndex('test_runs_sequence_idx').on('test_runs').columns(['sequence_id', 'version', 'created_at']).execute();

  await db.schema
    .createTable('test_run_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull().references('test_runs.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('case_name', 'text', (c) => c.notNull())
    .addColumn('case_snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('repeat', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('claimed_by', 'text')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'jsonb')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('test_run_attempts_case_repeat_key', ['run_id', 'case_id', 'repeat'])
    .execute();
  await db.schema.createIndex('test_run_attempts_status_idx').on('test_run_attempts').columns(['status', 'claimed_by']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('scratch', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('scratch').execute();
  await db.schema.dropTable('test_run_attempts').execute();
  await db.schema.dropTable('test_runs').execute();
}
