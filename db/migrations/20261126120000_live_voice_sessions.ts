import { sql, type Kysely } from 'kysely';

// Live voice sessions of every server instance (PRODUCT §3, §8), so limits hold for the whole product rather than
// per process. A row lives while its websocket does; the instance holding it refreshes heartbeat_at, and a row
// whose heartbeat is older than 30 s (its instance crashed) no longer counts. A row references the sign-in that
// opened it: revoking a user's links, deleting the user, disabling a staff account or signing out delete that
// sign-in, the row goes with it, and the holding instance ends the session. A trigger notifies on every change
// that should end a session (LISTEN/NOTIFY), so the holding instance hears it at once; it also polls its rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_voice_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('staff_id', 'uuid')
    .addColumn('auth_session', 'text', (c) => c.notNull().references('sessions.token_hash').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set (e.g. 'replaced') when another instance ends this session; the holding instance then closes it.
    .addColumn('ended_reason', 'text')
    .execute();
  await db.schema.createIndex('live_voice_sessions_instance_idx').on('live_voice_sessions').column('instance_id').execute();
  await db.schema.createIndex('live_voice_sessions_user_idx').on('live_voice_sessions').column('user_id').execute();
  await db.schema.createIndex('live_voice_sessions_staff_idx').on('live_voice_sessions').column('staff_id').execute();
  await db.schema.createIndex('live_voice_sessions_auth_idx').on('live_voice_sessions').column('auth_session').execute();

  await sql`
    create function live_voice_sessions_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('hearth_live_voice_sessions', old.instance_id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger live_voice_sessions_ended after delete or update of ended_reason on live_voice_sessions
    for each row execute function live_voice_sessions_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_voice_sessions').ifExists().execute();
  await sql`drop function if exists live_voice_sessions_notify()`.execute(db);
}
