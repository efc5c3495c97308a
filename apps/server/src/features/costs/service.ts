import type { AppDeps } from '../../deps';
import { Invalid, NotFound } from '../../errors';
import { findSequence, sequenceFileName } from '../sequences/lookup';
import type { CostGrouping, CostRow, CostsAnswer, CostSource, CostsQuery } from './model';
import * as repo from './repository';

/** Conversation and member rows stop here; the totals count everything. */
export const ROW_LIMIT = 500;
/** A day grouping fills every day of its range: at most a year of them. */
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

type Sums = { conversations: number; cost_usd: number } & Record<
  'text_in' | 'cached_text_in' | 'audio_in' | 'cached_audio_in' | 'text_out' | 'audio_out',
  number
>;

function figures(s: Sums) {
  const conversations = Number(s.conversations);
  const costUsd = Number(s.cost_usd);
  return {
    conversations,
    costUsd,
    meanCostUsd: conversations > 0 ? costUsd / conversations : 0,
    tokens: {
      textIn: Number(s.text_in),
      cachedTextIn: Number(s.cached_text_in),
      audioIn: Number(s.audio_in),
      cachedAudioIn: Number(s.cached_audio_in),
      textOut: Number(s.text_out),
      audioOut: Number(s.audio_out),
    },
  };
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function parseDay(day: string, name: string): Date {
  const at = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || dayOf(at) !== day) throw new Invalid(`${name} is not a date: use YYYY-MM-DD`);
  return at;
}

/**
 * Costs of voice sessions (PRODUCT §12) in UTC days [from, to], of one sequence and/or source, grouped by day,
 * sequence version, conversation or member, with the totals of everything the filter covers.
 */
export async function getCosts(deps: Pick<AppDeps, 'db' | 'providers'>, q: CostsQuery, now = new Date()): Promise<CostsAnswer> {
  const { db } = deps;
  // The schema's patterns admit only these names.
  const groupBy = (q.groupBy ?? 'day') as CostGrouping;
  let to = q.to ?? null;
  let from = q.from ?? null;
  if (groupBy === 'day') {
    to ??= dayOf(now);
    from ??= dayOf(new Date(parseDay(to, 'to').getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  }
  const fromAt = from ? parseDay(from, 'from') : null;
  const toAt = to ? new Date(parseDay(to, 'to').getTime() + DAY_MS) : null;
  if (fromAt && toAt && fromAt >= toAt) throw new Invalid('from must be on or before to');
  let sequence: string | null = null;
  let sequenceId: number | null = null;
  if (q.sequence) {
    const found = await findSequence(db, q.sequence);
    if (!found) throw new NotFound('Sequence not found');
    sequence = sequenceFileName(found.name);
    sequenceId = found.id;
  }
  const filter: repo.CostFilter = { fromAt, toAt, sequenceId, source: (q.source as CostSource | undefined) ?? null };
  const total = await repo.costTotal(db, filter);
  let rows: CostRow[];
  let truncated = false;
  switch (groupBy) {
    case 'day': {
      if (fromAt && toAt && (toAt.getTime() - fromAt.getTime()) / DAY_MS > MAX_DAYS)
        throw new Invalid(`A day grouping covers at most ${MAX_DAYS} days`);
      const byDay = new Map((await repo.costsByDay(db, filter)).map((r) => [r.day, r]));
      rows = [];
      // Every day of the range, those without a conversation at $0, so a chart has no gaps.
      for (let at = fromAt!.getTime(); at < toAt!.getTime(); at += DAY_MS) {
        const day = dayOf(new Date(at));
        const sums = byDay.get(day);
        rows.push({ key: day, day, ...figures(sums ?? { ...ZERO }) });
      }
      break;
    }
    case 'version':
      rows = (await repo.costsByVersion(db, filter)).map((r) => ({
        key: `${r.sequence ?? ''}\u0000${r.version ?? ''}\u0000${r.source}`,
        sequence: r.sequence,
        version: r.version,
        source: r.source,
        ...figures(r),
      }));
      break;
    case 'conversation':
      rows = (await repo.costsByConversation(db, filter, ROW_LIMIT)).map((r) => ({
        key: r.session_id,
        sessionId: r.session_id,
        source: r.source,
        userId: r.user_id,
        memberName: r.member_name,
        sequence: r.sequence,
        version: r.version,
        model: r.model,
        endedAt: r.ended_at,
        ...figures(r),
      }));
      truncated = Number(total.conversations) > rows.length;
      break;
    case 'member':
      rows = (await repo.costsByMember(db, filter, ROW_LIMIT)).map((r) => ({
        key: String(r.user_id),
        userId: r.user_id,
        memberName: r.member_name,
        ...figures(r),
      }));
      truncated = rows.length === ROW_LIMIT && (await repo.countMembersWithCost(db, filter)) > ROW_LIMIT;
      break;
  }
  return { groupBy, from, to, sequence, provider: deps.providers.realtime.kind, total: figures(total), rows, truncated };
}

const ZERO: Sums = {
  conversations: 0,
  cost_usd: 0,
  text_in: 0,
  cached_text_in: 0,
  audio_in: 0,
  cached_audio_in: 0,
  text_out: 0,
  audio_out: 0,
};
