import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** Which cost rows a question covers: ended in [fromAt, toAt), of one sequence, of one source. */
export interface CostFilter {
  fromAt: Date | null;
  toAt: Date | null;
  sequenceId: number | null;
  source: 'member' | 'staff' | 'test_run' | null;
}

// Sums as float8 and int: postgres.js answers numeric and bigint as text, PGlite as numbers.
const figures = [
  sql<number>`count(*)::int`.as('conversations'),
  sql<number>`coalesce(sum(c.cost_usd), 0)::float8`.as('cost_usd'),
  sql<number>`coalesce(sum(c.text_in_tokens), 0)::float8`.as('text_in'),
  sql<number>`coalesce(sum(c.cached_text_in_tokens), 0)::float8`.as('cached_text_in'),
  sql<number>`coalesce(sum(c.speech_in_tokens), 0)::float8`.as('audio_in'),
  sql<number>`coalesce(sum(c.cached_speech_in_tokens), 0)::float8`.as('cached_audio_in'),
  sql<number>`coalesce(sum(c.text_out_tokens), 0)::float8`.as('text_out'),
  sql<number>`coalesce(sum(c.speech_out_tokens), 0)::float8`.as('audio_out'),
];

function base(db: DB, f: CostFilter) {
  let q = db.selectFrom('voice_session_costs as c');
  if (f.fromAt) q = q.where('c.ended_at', '>=', f.fromAt);
  if (f.toAt) q = q.where('c.ended_at', '<', f.toAt);
  if (f.sequenceId !== null) q = q.where('c.sequence_id', '=', f.sequenceId);
  if (f.source) q = q.where('c.source', '=', f.source);
  return q;
}

export const costTotal = (db: DB, f: CostFilter) => base(db, f).select(figures).executeTakeFirstOrThrow();

const utcDay = sql<string>`to_char(c.ended_at at time zone 'UTC', 'YYYY-MM-DD')`;

export const costsByDay = (db: DB, f: CostFilter) =>
  base(db, f)
    .select([utcDay.as('day'), ...figures])
    .groupBy(utcDay)
    .orderBy(utcDay)
    .execute();

/** By the sequence's current name (a deleted one's last), version and source. */
export function costsByVersion(db: DB, f: CostFilter) {
  const name = sql<string | null>`coalesce(s.name, c.module_name)`;
  return base(db, f)
    .leftJoin('sequences as s', 's.id', 'c.sequence_id')
    .select([name.as('sequence'), 'c.version', 'c.source', ...figures])
    .groupBy([name, 'c.version', 'c.source'])
    .orderBy(name)
    .orderBy('c.version', 'desc')
    .orderBy('c.source')
    .execute();
}

/** One row per conversation, the latest first. */
export function costsByConversation(db: DB, f: CostFilter, limit: number) {
  return base(db, f)
    .leftJoin('sequences as s', 's.id', 'c.sequence_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.session_id',
      'c.source',
      'c.user_id',
      'u.name as member_name',
      sql<string | null>`coalesce(s.name, c.module_name)`.as('sequence'),
      'c.version',
      'c.model',
      sql<string>`to_char(c.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('ended_at'),
      sql<number>`1`.as('conversations'),
      sql<number>`c.cost_usd::float8`.as('cost_usd'),
      'c.text_in_tokens as text_in',
      'c.cached_text_in_tokens as cached_text_in',
      'c.speech_in_tokens as audio_in',
      'c.cached_speech_in_tokens as cached_audio_in',
      'c.text_out_tokens as text_out',
      'c.speech_out_tokens as audio_out',
    ])
    .orderBy('c.ended_at', 'desc')
    .orderBy('c.session_id')
    .limit(limit)
    .execute();
}

/** Members' totals, the costliest first (deleted members' sessions have no member any more). */
export function costsByMember(db: DB, f: CostFilter, limit: number) {
  return base(db, f)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.user_id', 'u.name as member_name', ...figures])
    .groupBy(['c.user_id', 'u.name'])
    .orderBy(sql`sum(c.cost_usd)`, 'desc')
    .orderBy('c.user_id')
    .limit(limit)
    .execute();
}

export async function countMembersWithCost(db: DB, f: CostFilter): Promise<number> {
  const r = await base(db, f)
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(sql<number>`count(distinct c.user_id)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return r.n;
}
