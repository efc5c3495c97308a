import type { Kysely } from 'kysely';

// Indexes EXPLAIN showed missing (issue 9; `bun run bench:explain` prints the plans before and after):
// - voice_sessions(user_id, started_at): today's minutes, read at every end-user connect;
// - sessions(user_id), sessions(staff_id): signing a user or staff member out everywhere, and the cascades
//   when a user or staff member is deleted;
// - group_members(subgroup_id): the ON DELETE SET NULL check for every subgroup that assign-subgroups replaces;
// - feedback(user_id): a user's export and the cascade when a user is deleted.
// outbox(campaign_id) is not here: outbox_campaign_status_idx (campaign_id, status) already serves it.
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['voice_sessions_user_started_idx', 'voice_sessions', ['user_id', 'started_at']],
  ['sessions_user_idx', 'sessions', ['user_id']],
  ['sessions_staff_idx', 'sessions', ['staff_id']],
  ['group_members_subgroup_idx', 'group_members', ['subgroup_id']],
  ['feedback_user_idx', 'feedback', ['user_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
