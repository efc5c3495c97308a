import type { Kysely } from 'kysely';

// Issue 25 item 5 (resume from any instance): each live session row says where its instance can be reached by the
// other instances (INTERNAL_URL), so a page reconnecting to another instance is bridged there on its first attempt.
// Null for rows written before this column existed (or by an instance that has no address): those resume as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_voice_sessions').addColumn('internal_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_voice_sessions').dropColumn('internal_url').execute();
}
