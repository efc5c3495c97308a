import { sql, type Kysely } from 'kysely';

// A voice session that a page resumed with another sign-in of the same person (issue 21) is tied to that sign-in
// too: withdrawing any sign-in a session was opened or resumed with ends it. live_voice_sessions.auth_session
// keeps the sign-in that opened it; this table holds those it was resumed with. A row goes with its session or
// with its sign-in; when it goes because its sign-in was withdrawn, the trigger deletes the session's live row,
// which ends the session as a withdrawn opening sign-in does (the live row's own trigger notifies its instance).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_voice_sign_ins')
    .addColumn('live_id', 'text', (c) => c.notNull().references('live_voice_sessions.id').onDelete('cascade'))
    .addColumn('auth_session', 'text', (c) => c.notNull().references('sessions.token_hash').onDelete('cascade'))
    .addPrimaryKeyConstraint('live_voice_sign_ins_pkey', ['live_id', 'auth_session'])
    .execute();
  await db.schema.createIndex('live_voice_sign_ins_auth_idx').on('live_voice_sign_ins').column('auth_session').execute();

  await sql`
    create function live_voice_sign_in_withdrawn() returns trigger language plpgsql as $$
    begin
      delete from live_voice_sessions where id = old.live_id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger live_voice_sign_in_withdrawn after delete on live_voice_sign_ins
    for each row execute function live_voice_sign_in_withdrawn()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_voice_sign_ins').ifExists().execute();
  await sql`drop function if exists live_voice_sign_in_withdrawn()`.execute(db);
}
