import type { Kysely } from 'kysely';

// Issue 23: a sequence may choose how its members' turns end (`{ type: 'server_vad' }` or `{ type: 'semantic_vad',
// eagerness }`); null keeps the page's server VAD, as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sequences').addColumn('turn_detection', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sequences').dropColumn('turn_detection').execute();
}
