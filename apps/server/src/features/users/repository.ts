import { sql, type RawBuilder } from 'kysely';
import type { DB } from '@hearth/db/client';
import { adminUserViews, allAdminUserViews, isoUtc } from './lookup';
import type { SortKey } from './model';

export const listUserNames = (db: DB) =>
  db.selectFrom('users').select(['id', 'name']).where('scratch', '=', false).orderBy(sql`lower(name)`).orderBy('id').execute();

export const allAdminUsers = (db: DB) => allAdminUserViews(db);

export interface UsersPageQuery {
  limit: number;
  offset: number;
  /** Lower-cased search text, matched against the name, the e-mail and (when it reads as one) the phone number. */
  q: string | null;
  /** null: by relevance to `q`, then by name. */
  sort: SortKey | null;
  descending: boolean;
}

// Each key: the expression sorted on and whether it can be null (nulls always sort last). Analytics keys read
// user_stats, which triggers on section_records keep current, so no page aggregates every section record.
const stats = sql`left join user_stats st on st.user_id = u.id`;

const sortSql: Record<SortKey, { key: RawBuilder<unknown>; nullable: boolean; join?: RawBuilder<unknown> }> = {
  name: { key: sql`lower(u.name)`, nullable: false },
  email: { key: sql`lower(u.email)`, nullable: true },
  phone_number: { key: sql`u.phone_number`, nullable: true },
  lastModuleUsed: { key: sql`lower(st.last_module_used)`, nullable: true, join: stats },
  lastConversationDate: { key: sql`st.last_conversation_at`, nullable: true, join: stats },
  totalDurationOfAllSections: { key: sql`coalesce(st.total_seconds, 0)`, nullable: false, join: stats },
  costUsd: {
    key: sql`coalesce((select sum(c.cost_usd) from voice_session_costs c where c.user_id = u.id), 0)`,
    nullable: false,
  },
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Text a person types for a phone number: digits with an optional plus, spaces, dashes, dots and brackets. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

/**
 * Which users a search finds, and how well each matches: the name (its start first), then the e-mail, then the
 * phone. Only a text that reads as a phone number is matched against phones, by its digits: "Member 100" must not
 * bring up every phone with 100 in it and bury Member 100 among them.
 */
function searchSql(q: string | null): { where: RawBuilder<unknown>; rank: RawBuilder<unknown> } {
  // Scratch members (test runs' simulated members, PRODUCT §10) are never shown.
  if (!q) return { where: sql`not u.scratch`, rank: sql`0::int` };
  const text = likeEscape(q);
  const byName = sql`lower(u.name) like ${`%${text}%`}`;
  const byEmail = sql`lower(u.email) like ${`%${text}%`}`;
  const digits = PHONE_TEXT.test(q) ? q.replace(/\D/g, '') : '';
  const byPhone = digits ? sql`u.phone_number like ${`%${digits}%`}` : sql`false`;
  return {
    where: sql`(not u.scratch and (${byName} or ${byEmail} or ${byPhone}))`,
    rank: sql`case when lower(u.name) like ${`${text}%`} then 0 when ${byName} then 1 when ${byEmail} then 2 else 3 end`,
  };
}

/** One page of the admin users table: the page is chosen first, then only its users are aggregated. */
export async function adminUsersPage(db: DB, p: UsersPageQuery) {
  // Without a chosen order, the best matches come first (by name among equals).
  const s = sortSql[p.sort ?? 'name'];
  const dir = sql.raw(p.descending ? 'desc' : 'asc');
  const nulls = sql.raw(s.nullable ? 'nulls last' : '');
  const { where, rank } = searchSql(p.q);
  // A cast, not a bare 0, which ORDER BY would read as a column position.
  const relevance = p.sort === null ? rank : sql`0::int`;
  const scope = sql`
    select p.id, row_number() over (order by p.rank, p.sort_key ${dir} ${nulls}, p.id) as ord
    from (
      select u.id, ${relevance} as rank, ${s.key} as sort_key from users u ${s.join ?? sql``}
      where ${where}
      order by ${relevance}, ${s.key} ${dir} ${nulls}, u.id
      limit ${p.limit} offset ${p.offset}
    ) p`;
  const [users, total] = await Promise.all([
    adminUserViews(db, scope, { withCost: true }),
    sql<{ n: number }>`select count(*)::int as n from users u where ${where}`.execute(db),
  ]);
  return { users, total: total.rows[0]?.n ?? 0 };
}

/** Users whose name is `name`, case-insensitively (at most `limit`). */
export const usersNamed = (db: DB, name: string, limit = 10) =>
  db
    .selectFrom('users')
    .select(['name', 'file_name as fileName', 'email', 'phone_number'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .orderBy('created_at')
    .limit(limit)
    .execute();

export async function insertUser(db: DB, user: { id: string; name: string; fileName: string; email: string | null; phone: string | null }) {
  await db
    .insertInto('users')
    .values({ id: user.id, name: user.name, file_name: user.fileName, email: user.email, phone_number: user.phone })
    .execute();
}

export async function updateContact(db: DB, userId: string, fields: { email?: string | null; phone_number?: string | null }) {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('users').set(fields).where('id', '=', userId).execute();
}

export async function deleteUser(db: DB, userId: string) {
  const r = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Everything stored about one user (PRODUCT §7/§9), except secrets: link tokens and sessions as counts/dates. */
export async function exportUser(db: DB, userId: string) {
  const at = (column: string) => isoUtc(sql.ref(column));
  const [user, groups, sections, quizzes, memory, mood, feedback, messages, voice, links, sessions, wellbeing, metAsks] = await Promise.all(
    [
      db
        .selectFrom('users')
        .select([
          'id',
          'name',
          'file_name as fileName',
          'email',
          'phone_number',
          'memory_document',
          'profile_for_group',
          'sms_opt_out',
          'is_test_user',
          at('created_at').as('createdAt'),
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('group_members as gm')
        .innerJoin('groups as g', 'g.id', 'gm.group_id')
        .leftJoin('subgroups as sg', 'sg.id', 'gm.subgroup_id')
        .select([
          'g.id',
          'g.name',
          'gm.subgroup_id as subgroupId',
          'sg.name as subgroupName',
          'sg.description as subgroupDescription',
          'gm.user_description as userDescription',
          at('gm.created_at').as('joinedAt'),
        ])
        .where('gm.user_id', '=', userId)
        .orderBy('g.name')
        .execute(),
      db
        .selectFrom('section_records')
        .select(['module_name as moduleName', at('start_time').as('startTime'), at('end_time').as('endTime')])
        .where('user_id', '=', userId)
        .orderBy('start_time')
        .execute(),
      db
        .selectFrom('quiz_summaries')
        .select([at('date').as('date'), 'summary'])
        .where('user_id', '=', userId)
        .orderBy('date')
        .execute(),
      db
        .selectFrom('memory_entries')
        .select(['key', 'value', at('updated_at').as('updatedAt')])
        .where('user_id', '=', userId)
        .orderBy('key')
        .execute(),
      db
        .selectFrom('mood_entries')
        .select(['key', 'value', at('updated_at').as('updatedAt')])
        .where('user_id', '=', userId)
        .orderBy('key')
        .execute(),
      db
        .selectFrom('feedback')
        .select([
          'id',
          'feedback',
          'selected_sequence as selectedSequence',
          'selected_version as selectedVersion',
          'last_conversation as lastConversation',
          at('created_at').as('createdAt'),
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('outbox')
        .select([
          'id',
          'channel',
          'kind',
          'to_address as to',
          'subject',
          'body',
          'status',
          'attempts',
          at('created_at').as('createdAt'),
          at('sent_at').as('sentAt'),
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      // With what each cost (issue 25 item 2), when the provider reported usage for it.
      db
        .selectFrom('voice_sessions as v')
        .leftJoin('voice_session_costs as c', 'c.session_id', 'v.id')
        .select([
          'v.id',
          'v.module_name as moduleName',
          at('v.started_at').as('startedAt'),
          at('v.ended_at').as('endedAt'),
          sql<number | null>`c.cost_usd::float8`.as('costUsd'),
        ])
        .where('v.user_id', '=', userId)
        .orderBy('v.started_at')
        .execute(),
      sql<{ issued: number; active: number; first_issued_at: string | null; last_issued_at: string | null; last_used_at: string | null }>`
      select count(*)::int as issued, (count(*) filter (where revoked_at is null))::int as active,
        ${isoUtc(sql`min(created_at)`)} as first_issued_at, ${isoUtc(sql`max(created_at)`)} as last_issued_at,
        ${isoUtc(sql`max(last_used_at)`)} as last_used_at
      from user_link_tokens where user_id = ${userId}`.execute(db),
      sql<{ active: number }>`select count(*)::int as active from sessions where user_id = ${userId} and expires_at > now()`.execute(db),
      db
        .selectFrom('wellbeing_answers')
        .select([
          'module_name as moduleName',
          'phase',
          'lack_companionship as lackCompanionship',
          'left_out as leftOut',
          'isolated',
          'score',
        ])
        .select(at('recorded_at').as('recordedAt'))
        .where('user_id', '=', userId)
        .orderBy('recorded_at')
        .execute(),
      // PRODUCT §11: whether they met their subgroup, as asked and answered (one word each, never a reply's text).
      db
        .selectFrom('met_asks as a')
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .select([
          'a.round',
          'g.name as groupName',
          at('a.asked_at').as('askedAt'),
          'a.ask_count as askCount',
          'a.channel',
          'a.answer',
          at('a.answered_at').as('answeredAt'),
          'a.answered_via as via',
        ])
        .where('a.user_id', '=', userId)
        .orderBy('a.asked_at')
        .execute(),
    ],
  );
  const l = links.rows[0];
  return {
    exportedAt: new Date().toISOString(),
    user,
    groups: groups.map(({ subgroupId, subgroupName, subgroupDescription, ...g }) => ({
      ...g,
      subgroup: subgroupId ? { id: subgroupId, name: subgroupName, description: subgroupDescription } : null,
    })),
    sectionRecords: sections,
    quizSummaries: quizzes,
    memoryEntries: memory,
    moodEntries: mood,
    feedback: feedback.map((f) => ({ ...f, id: String(f.id) })),
    messages: messages.map((m) => ({ ...m, id: String(m.id) })),
    voiceSessions: voice,
    personalLinks: {
      issued: l.issued,
      active: l.active,
      firstIssuedAt: l.first_issued_at,
      lastIssuedAt: l.last_issued_at,
      lastUsedAt: l.last_used_at,
    },
    signedInSessions: sessions.rows[0].active,
    /** Issue 24: the loneliness scale as numbers (1 hardly ever .. 3 often). */
    wellbeingAnswers: wellbeing,
    metAsks,
  };
}
