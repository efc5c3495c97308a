import { sql, type RawBuilder } from 'kysely';
import type { DB } from '@hearth/db/client';
import { Conflict } from '../../errors';
import type { AdminUser } from './model';

// The users feature's public read side: other features find users and build the admin view through these
// (repository functions, db first). The architecture test lets other features import this file only.

/** SPEC §3: the user file name is the id, an underscore, the lower-cased name, then .json. */
export const userFileName = (id: string, name: string) => `${id}_${name.toLowerCase()}.json`;

const userColumns = ['id', 'name', 'file_name', 'email', 'phone_number', 'memory_document', 'profile_for_group', 'sms_opt_out'] as const;

/** A user by file name (with or without .json) or id. */
export async function findUserByFile(db: DB, userFile: string) {
  const withJson = userFile.endsWith('.json') ? userFile : `${userFile}.json`;
  return db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb.or([eb('file_name', '=', withJson), eb('id', '=', userFile)]))
    .executeTakeFirst();
}

/**
 * A user as SPEC's `{userName}` paths name them: the file name or id first, else the name (case-insensitive).
 * Two users with one name is a conflict the caller must settle with the file name.
 */
export async function findUserByName(db: DB, userName: string) {
  const byFile = await findUserByFile(db, userName);
  if (byFile) return byFile;
  const rows = await db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', userName.trim().toLowerCase()))
    .limit(2)
    .execute();
  if (rows.length > 1) throw new Conflict(`More than one user is named "${userName}"; use the user file name instead`);
  return rows[0];
}

export type FoundUser = NonNullable<Awaited<ReturnType<typeof findUserByFile>>>;

/** ISO 8601 in UTC whatever the session's TimeZone, so both databases answer the same text. */
export const isoUtc = (column: RawBuilder<unknown>) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The admin view (SPEC §3) is built from four per-user aggregates: quiz summaries (qs), groups (gs), and one
// pass over section records (d) for minutes per module, the total and the latest conversation. Both forms
// below produce the same columns; `adminUser` shapes a row.
const adminColumns = sql`u.id, u.name, u.email, u.phone_number, u.file_name, u.profile_for_group,
  coalesce(qs.items, '[]'::json) as quiz_summaries,
  coalesce(gs.items, '[]'::json) as groups,
  d.last_module as last_module_used,
  ${isoUtc(sql`d.last_end`)} as last_conversation_date,
  coalesce(d.total_minutes, 0)::float8 as total_minutes,
  coalesce(d.items, '[]'::json) as session_durations`;

const quizItems = sql`json_agg(json_build_object('date', ${isoUtc(sql`q.date`)}, 'summary', q.summary) order by q.date, q.id)`;
const groupItems = sql`json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)`;
// From per-module rows m(module_name, duration, last_end); lastModuleUsed is the module of the latest end.
const sectionSummary = sql`round(extract(epoch from sum(m.duration)) / 60, 2) as total_minutes, max(m.last_end) as last_end,
  (array_agg(m.module_name order by m.last_end desc))[1] as last_module,
  json_agg(json_build_object('moduleName', m.module_name, 'duration', round(extract(epoch from m.duration) / 60, 2))
    order by m.module_name) as items`;
const perModule = sql`sr.module_name, sum(greatest(sr.end_time - sr.start_time, interval '0')) as duration, max(sr.end_time) as last_end`;

// What the member's voice sessions cost (issue 25 item 2): money, so only the admins' users table asks for it.
const costColumn = sql`, coalesce(vc.cost_usd, 0)::float8 as cost_usd`;
const costJoin = sql`left join lateral (select sum(c.cost_usd) as cost_usd from voice_session_costs c where c.user_id = u.id) vc on true`;

/**
 * The admin view of some users, shared by the users table and the group detail. `scope` is SQL that yields
 * `(id, ord)`: which users, in which order. Aggregates run only for the scope's users (lateral subqueries on
 * the per-user indexes), so a page of 100 costs the same with 10 or 100,000 users. `withCost`: each one's total cost.
 */
export async function adminUserViews(db: DB, scope: RawBuilder<unknown>, opts: { withCost?: boolean } = {}) {
  const { rows } = await sql<AdminUserRow>`
    with scope as (${scope})
    select ${adminColumns} ${opts.withCost ? costColumn : sql``}
    from scope s
    join users u on u.id = s.id
    left join lateral (select ${quizItems} as items from quiz_summaries q where q.user_id = u.id) qs on true
    left join lateral (
      select ${groupItems} as items from group_members gm join groups g on g.id = gm.group_id where gm.user_id = u.id
    ) gs on true
    left join lateral (
      select ${sectionSummary}
      from (select ${perModule} from section_records sr where sr.user_id = u.id group by sr.module_name) m
    ) d on true
    ${opts.withCost ? costJoin : sql``}
    order by s.ord`.execute(db);
  return rows.map(adminUser);
}

/** The admin view of every user, by name. Whole-table aggregates joined once beat 10,000 lateral lookups. */
export async function allAdminUserViews(db: DB) {
  const { rows } = await sql<AdminUserRow>`
    select ${adminColumns} ${costColumn}
    from users u
    left join (select q.user_id, ${quizItems} as items from quiz_summaries q group by q.user_id) qs on qs.user_id = u.id
    left join (
      select gm.user_id, ${groupItems} as items from group_members gm join groups g on g.id = gm.group_id group by gm.user_id
    ) gs on gs.user_id = u.id
    left join (
      select m.user_id, ${sectionSummary}
      from (select sr.user_id, ${perModule} from section_records sr group by sr.user_id, sr.module_name) m
      group by m.user_id
    ) d on d.user_id = u.id
    left join (select c.user_id, sum(c.cost_usd) as cost_usd from voice_session_costs c group by c.user_id) vc on vc.user_id = u.id
    where not u.scratch
    order by lower(u.name), u.id`.execute(db);
  return rows.map(adminUser);
}

function adminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone_number: r.phone_number,
    fileName: r.file_name,
    profile_for_group: r.profile_for_group,
    quizSummaries: r.quiz_summaries,
    groups: r.groups,
    analytics: {
      lastModuleUsed: r.last_module_used,
      lastConversationDate: r.last_conversation_date,
      totalDurationOfAllSections: r.total_minutes,
      sessionDurations: r.session_durations,
      ...(r.cost_usd === undefined ? {} : { costUsd: r.cost_usd }),
    },
  };
}

interface AdminUserRow {
  id: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  file_name: string;
  profile_for_group: string;
  quiz_summaries: Array<{ date: string; summary: string }>;
  groups: Array<{ id: string; name: string }>;
  last_module_used: string | null;
  last_conversation_date: string | null;
  total_minutes: number;
  session_durations: Array<{ moduleName: string; duration: number }>;
  cost_usd?: number;
}

export { adminUserView, type AdminUser } from './model';
