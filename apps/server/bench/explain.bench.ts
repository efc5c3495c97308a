/**
 * `bun run bench:explain`: EXPLAIN (ANALYZE, BUFFERS) of the queries the code runs, before and after the
 * 20261126110000_indexes migration, on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * the bench creates and drops a database of its own there). The data: 10,000 users, 100,000 outbox rows in
 * 1,000 campaigns, 100,000 voice sessions, 20,000 user and 500 staff sessions, 20,000 group memberships
 * (one group of 2,000 in 40 subgroups), 20,000 feedback rows. The SQL is captured from the repository
 * functions themselves (Kysely's query log), not rewritten here. Writes are explained inside a transaction
 * that is rolled back. Prints per query: the scan nodes before/after and the median execution time of BENCH_RUNS (7).
 */
import postgres from 'postgres';
import { Kysely, sql, type CompiledQuery } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PostgresJSDialect } from 'kysely-postgres-js';
import type { Database } from '@hearth/db/schema';
import { migrations } from '@hearth/db/migrations';
import { finishCampaignIfDone } from '../src/features/messages/repository';
import { campaignMessages, statusCounts } from '../src/features/blasts/repository';
import { minutesUsedToday } from '../src/realtime/live-repository';
import { revokeLinkTokens } from '../src/features/auth/repository';
import { deleteStaffSessions } from '../src/features/auth/repository';
import { subgroupsOf } from '../src/features/groups/repository';
import { replaceSubgroups } from '../src/features/subgroups/repository';
import { deleteUser, exportUser } from '../src/features/users/repository';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const INDEXES_MIGRATION = '20261126110000_indexes';
const indexesMigration = migrations[INDEXES_MIGRATION] as { up(db: Kysely<any>): Promise<void>; down(db: Kysely<any>): Promise<void> };

type Captured = { sql: string; parameters: readonly unknown[] };
interface Case {
  name: string;
  /** Runs the real repository function; the statement to explain is the one `pick` chooses. */
  run(db: Kysely<Database>): Promise<unknown>;
  pick(queries: Captured[]): number;
  /** Writes: explained in a transaction rolled back, after the statements before it ran. */
  write?: boolean;
  /** Opens its own transaction, so it runs for real when captured; its 'g099' parameters become 'g000'. */
  direct?: boolean;
}

const last = (q: Captured[]) => q.length - 1;
const matching = (re: RegExp) => (q: Captured[]) => q.findIndex((x) => re.test(x.sql));

// A user with data everywhere (u00042), a 100-message campaign (c0042), a staff member with sessions.
const CASES: Case[] = [
  { name: 'outbox of a campaign (blast answer)', run: (db) => campaignMessages(db, 'c0042'), pick: last },
  { name: 'outbox states of a campaign (progress)', run: (db) => statusCounts(db, ['c0042']), pick: last },
  { name: 'finishCampaignIfDone (every send)', run: (db) => finishCampaignIfDone(db, 'c0042'), pick: last, write: true },
  { name: 'minutesUsedToday (every admission batch)', run: (db) => minutesUsedToday(db, ['u00042'], 60), pick: last },
  {
    name: 'sign a user out everywhere',
    run: (db) => revokeLinkTokens(db, 'u00042'),
    pick: matching(/delete from "sessions"/),
    write: true,
  },
  {
    name: 'sign a staff member out everywhere',
    run: (db) => deleteStaffSessions(db, '00000000-0000-4000-8000-000000000042'),
    pick: last,
    write: true,
  },
  { name: 'subgroups of a 2,000-member group', run: (db) => subgroupsOf(db, 'g000'), pick: last },
  // replaceSubgroups opens its own transaction: captured on g099 for real (the bench's data loses g099's
  // subgroups), then explained for g000.
  {
    name: 'assign-subgroups: drop old subgroups',
    run: (db) => replaceSubgroups(db, 'g099', []),
    direct: true,
    pick: matching(/delete from "subgroups"/),
    write: true,
  },
  { name: 'feedback of a user (export)', run: (db) => exportUser(db, 'u00042'), pick: matching(/from "feedback"/) },
  { name: 'delete a user (cascades)', run: (db) => deleteUser(db, 'u00042'), pick: last, write: true },
];

async function fill(db: Kysely<Database>) {
  await sql`insert into users (id, name, file_name, phone_number)
    select 'u' || lpad(i::text, 5, '0'), 'Member ' || i, 'u' || lpad(i::text, 5, '0') || '_member.json', '+1415' || lpad((5550000 + i)::text, 7, '0')
    from generate_series(1, 10000) i`.execute(db);
  await sql`insert into staff (id, email, password_hash, role)
    select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'staff' || i || '@bench.test', 'x', 'operator'
    from generate_series(1, 100) i`.execute(db);
  // 100 groups; g000 has 2,000 members in 40 subgroups, the others 180 each in 4; every user is in two groups.
  await sql`insert into groups (id, name) select 'g' || lpad(i::text, 3, '0'), 'Group ' || i from generate_series(0, 99) i`.execute(db);
  await sql`insert into subgroups (id, group_id, name)
    select 'g000-s' || s, 'g000', 'Sub ' || s from generate_series(0, 39) s
    union all select 'g' || lpad(g::text, 3, '0') || '-s' || s, 'g' || lpad(g::text, 3, '0'), 'Sub ' || s
    from generate_series(1, 99) g, generate_series(0, 3) s`.execute(db);
  await sql`insert into group_members (group_id, user_id, subgroup_id)
    select 'g000', 'u' || lpad(i::text, 5, '0'), 'g000-s' || (i % 40) from generate_series(1, 2000) i
    union all select 'g' || lpad((1 + (i - 2001) / 81)::text, 3, '0'), 'u' || lpad(i::text, 5, '0'), null from generate_series(2001, 10000) i
    union all select 'g' || lpad((1 + i % 99)::text, 3, '0'), 'u' || lpad(i::text, 5, '0'), null from generate_series(1, 10000) i
    on conflict do nothing`.execute(db);
  await sql`update group_members set subgroup_id = group_id || '-s' || (hashtext(user_id) & 3) where group_id <> 'g000'`.execute(db);
  await sql`insert into campaigns (id, kind, group_id) select 'c' || lpad(i::text, 4, '0'), 'blast', 'g' || lpad((i % 100)::text, 3, '0')
    from generate_series(0, 999) i`.execute(db);
  // 100 messages per campaign: campaign c0042 holds u00042's first message, and so on.
  await sql`insert into outbox (unique_key, campaign_id, user_id, channel, kind, to_address, body, status, sent_at, created_at)
    select 'k' || i, 'c' || lpad((i % 1000)::text, 4, '0'), 'u' || lpad((1 + i % 10000)::text, 5, '0'), 'sms', 'blast',
      '+14155550000', 'Hello', 'sent', now() - make_interval(hours => i % 2000), now() - make_interval(hours => i % 2000)
    from generate_series(0, 99999) i`.execute(db);
  await sql`update outbox set user_id = 'u00042' where unique_key in ('k42', 'k1042', 'k2042')`.execute(db);
  await sql`insert into voice_sessions (id, user_id, module_name, started_at, ended_at)
    select 'v' || i, 'u' || lpad((1 + i % 10000)::text, 5, '0'), 'Get to Know You',
      now() - make_interval(mins => i / 10000 * 4 * 60 + 5), now() - make_interval(mins => i / 10000 * 4 * 60)
    from generate_series(0, 99999) i`.execute(db);
  await sql`insert into sessions (token_hash, user_id, expires_at)
    select 'us' || i, 'u' || lpad((1 + i % 10000)::text, 5, '0'), now() + interval '7 days' from generate_series(0, 19999) i`.execute(db);
  await sql`insert into sessions (token_hash, staff_id, expires_at)
    select 'ss' || i, ('00000000-0000-4000-8000-' || lpad((1 + i % 100)::text, 12, '0'))::uuid, now() + interval '7 days'
    from generate_series(0, 499) i`.execute(db);
  await sql`insert into feedback (user_id, feedback) select 'u' || lpad((1 + i % 10000)::text, 5, '0'), 'Feedback ' || i
    from generate_series(0, 19999) i`.execute(db);
  await sql`analyze`.execute(db);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's scans, e.g. "Seq Scan outbox, Index Scan users_pkey"; and RI trigger time (cascades). */
function describePlan(plan: { Plan: PlanNode; Triggers?: Array<{ 'Trigger Name': string; Time: number }> }): string {
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (/Scan/.test(n['Node Type'])) scans.push(`${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`.trim());
    n.Plans?.forEach(walk);
  };
  walk(plan.Plan);
  const triggerMs = (plan.Triggers ?? []).filter((t) => t['Trigger Name'].startsWith('RI_')).reduce((s, t) => s + t.Time, 0);
  return [...new Set(scans)].join(', ') + (triggerMs > 0 ? ` (+FK triggers ${triggerMs.toFixed(1)} ms)` : '');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function explainAll(client: postgres.Sql, captured: Map<string, Captured[]>) {
  const out = new Map<string, { plan: string; ms: number }>();
  for (const c of CASES) {
    const queries = captured.get(c.name)!;
    const at = c.pick(queries);
    if (at < 0) throw new Error(`${c.name}: the statement to explain was not captured`);
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < RUNS; i++) {
      const rollback = new Error('rollback');
      await client
        .begin(async (tx) => {
          if (c.write) for (const q of queries.slice(0, at)) await tx.unsafe(q.sql, q.parameters as never[]);
          const q = queries[at];
          const rows = await tx.unsafe(`explain (analyze, buffers, format json) ${q.sql}`, q.parameters as never[]);
          const result = (rows[0] as unknown as { 'QUERY PLAN': Array<Parameters<typeof describePlan>[0] & { 'Execution Time': number }> })[
            'QUERY PLAN'
          ][0];
          times.push(result['Execution Time']);
          plan = describePlan(result);
          throw rollback;
        })
        .catch((err) => {
          if (err !== rollback) throw err;
        });
    }
    out.set(c.name, { plan, ms: median(times) });
  }
  return out;
}

async function main() {
  const name = `hearth_explain_${process.pid}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 2, onnotice: () => {} });
  const log: Captured[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresJSDialect({ postgres: client }),
    log: (event) => {
      if (event.level === 'query') log.push({ sql: event.query.sql, parameters: (event.query as CompiledQuery).parameters });
    },
  });
  try {
    // Every migration, then the indexes migration undone: "before" is today's schema without its indexes
    // (later migrations, e.g. live_voice_sessions, are needed by the queries themselves).
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const to = await migrator.migrateToLatest();
    if (to.error) throw to.error;
    await indexesMigration.down(db);
    const t0 = performance.now();
    await fill(db);
    console.log(
      `filled in ${((performance.now() - t0) / 1000).toFixed(1)} s (PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0].server_version})`,
    );

    // The statements each function runs, captured once in a transaction that is rolled back.
    const captured = new Map<string, Captured[]>();
    for (const c of CASES) {
      log.length = 0;
      if (c.direct) {
        await c.run(db);
        captured.set(
          c.name,
          log.map((q) => ({ ...q, parameters: q.parameters.map((p) => (p === 'g099' ? 'g000' : p)) })),
        );
        continue;
      }
      await db
        .transaction()
        .execute(async (trx) => {
          await c.run(trx as unknown as Kysely<Database>);
          throw new Error('rollback');
        })
        .catch(() => {});
      captured.set(
        c.name,
        log.filter((q) => !/^(begin|commit|rollback)/i.test(q.sql)),
      );
    }

    const before = await explainAll(client, captured);
    await indexesMigration.up(db);
    await sql`analyze`.execute(db);
    const after = await explainAll(client, captured);

    const rows = CASES.map((c) => {
      const b = before.get(c.name)!;
      const a = after.get(c.name)!;
      return {
        query: c.name,
        'plan before': b.plan,
        'plan after': a.plan,
        'ms before': b.ms.toFixed(3),
        'ms after': a.ms.toFixed(3),
        ratio: `${(b.ms / a.ms).toFixed(1)}×`,
      };
    });
    console.log(`EXPLAIN (ANALYZE, BUFFERS), median execution time of ${RUNS} runs, before/after ${INDEXES_MIGRATION}`);
    console.table(rows);
  } finally {
    await db.destroy().catch(() => {});
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

await main();
