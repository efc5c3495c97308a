import { sql, type Kysely } from 'kysely';

// Issue 24 (PRODUCT §11), the community loop:
// - users: when each step of the funnel first happened for the member (invited = a personal link was first issued,
//   by an invitation or "Generate URL"; opened = a personal link first exchanged for a session; talked = a first
//   voice session; profiled = a profile for the group first written). Kept as first times, never moved back.
// - group_members.assigned_at: when the member's current subgroup was set (a new assignment moves it).
// - groups: after how many days a told member is asked whether they met, and whether they met again.
// - met_asks: one question of the loop per (member, subgroup, round); an answer is one word, never their reply.
// - wellbeing_answers: the three-item UCLA loneliness scale as the member answered it by voice, with consent.
// - sequences.wellbeing: the module offers the assistant the tool that records that scale.
// Existing rows are filled from what the database already knows, so the funnel has a past from the first start.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('invited_at', 'timestamptz')
    .addColumn('link_opened_at', 'timestamptz')
    .addColumn('talked_at', 'timestamptz')
    .addColumn('profiled_at', 'timestamptz')
    .execute();
  await sql`update users u set
      invited_at = (select min(t.created_at) from user_link_tokens t where t.user_id = u.id),
      link_opened_at = (select min(t.last_used_at) from user_link_tokens t where t.user_id = u.id),
      talked_at = (select min(v.started_at) from voice_sessions v where v.user_id = u.id),
      profiled_at = case when btrim(u.profile_for_group) <> '' then u.created_at end`.execute(db);

  await db.schema.alterTable('group_members').addColumn('assigned_at', 'timestamptz').execute();
  await sql`update group_members gm set assigned_at = s.created_at from subgroups s where s.id = gm.subgroup_id`.execute(db);

  await db.schema
    .alterTable('groups')
    .addColumn('met_ask_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('met_again_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();

  await db.schema
    .createTable('met_asks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A later assignment deletes the old subgroups: their questions stay, no longer about a current assignment.
    .addColumn('subgroup_id', 'text', (c) => c.references('subgroups.id').onDelete('set null'))
    .addColumn('round', 'text', (c) => c.notNull().check(sql`round in ('met', 'met_again')`))
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_asked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ask_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email', 'card')`))
    .addColumn('answer', 'text', (c) => c.check(sql`answer in ('yes', 'no', 'later')`))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_via', 'text', (c) => c.check(sql`answered_via in ('sms', 'card')`))
    .addColumn('clarified_at', 'timestamptz')
    .addColumn('next_ask_at', 'timestamptz')
    .execute();
  // Once per assignment and round; a null subgroup (the assignment was replaced) never collides.
  await db.schema.createIndex('met_asks_assignment_idx').on('met_asks').columns(['user_id', 'subgroup_id', 'round']).unique().execute();
  await db.schema.createIndex('met_asks_subgroup_idx').on('met_asks').column('subgroup_id').execute();
  await db.schema.createIndex('met_asks_group_idx').on('met_asks').columns(['group_id', 'round']).execute();
  await db.schema.createIndex('met_asks_next_idx').on('met_asks').column('next_ask_at').where('next_ask_at', 'is not', null).execute();

  await db.schema
    .createTable('wellbeing_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull().check(sql`phase in ('intake', 'later')`))
    // Each item answered 1 = hardly ever, 2 = some of the time, 3 = often; score = their sum (3–9).
    .addColumn('lack_companionship', 'smallint', (c) => c.notNull().check(sql`lack_companionship between 1 and 3`))
    .addColumn('left_out', 'smallint', (c) => c.notNull().check(sql`left_out between 1 and 3`))
    .addColumn('isolated', 'smallint', (c) => c.notNull().check(sql`isolated between 1 and 3`))
    .addColumn('score', 'smallint', (c) => c.notNull().check(sql`score between 3 and 9`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('wellbeing_answers_user_idx').on('wellbeing_answers').columns(['user_id', 'recorded_at']).execute();

  await db.schema
    .alterTable('sequences')
    .addColumn('wellbeing', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sequences').dropColumn('wellbeing').execute();
  await db.schema.dropTable('wellbeing_answers').execute();
  await db.schema.dropTable('met_asks').execute();
  await db.schema.alterTable('groups').dropColumn('met_ask_days').dropColumn('met_again_days').execute();
  await db.schema.alterTable('group_members').dropColumn('assigned_at').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('invited_at')
    .dropColumn('link_opened_at')
    .dropColumn('talked_at')
    .dropColumn('profiled_at')
    .execute();
}
