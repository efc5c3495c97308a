/**
 * `bun run bench:admin-users`: fills a fresh database with 10,000 users (with groups, conversations and quiz
 * summaries), then runs e2e/bench/admin-users.bench.ts in Chromium against a server on that database.
 * PGlite by default (a data directory under e2e/.artifacts); with DATABASE_URL, a database of its own on that
 * PostgreSQL server, dropped afterwards. A browser cannot reach SQL, so the fill runs here, before Playwright.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { sql } from 'kysely'

import { migrateToLatest, openDatabase, type DB } from '@hearth/db/client'
import { seed } from '@hearth/db/seed'

import { artifactsDir, repoDir } from '../fixtures/env.ts'

process.env.TZ = 'UTC'

const USERS = Number(process.env.BENCH_USERS) || 10_000
const GROUPS = 60
const MODULES = ['Get to Know You', 'Hobbies', 'Check In', 'Neighbourhood', 'Food', 'Music']

/** Bulk fill in SQL (generate_series), deterministic, the same on both databases. */
async function fill(db: DB) {
  const uid = sql`'u' || lpad(i::text, 6, '0')`
  await sql`insert into users (id, name, file_name, email, phone_number, profile_for_group)
    select ${uid}, n, ${uid} || '_' || lower(n) || '.json',
      case when i % 4 <> 0 then lower(replace(n, ' ', '.')) || i || '@example.org' end,
      case when i % 3 <> 0 then '+1415' || lpad((5550000 + i)::text, 7, '0') end,
      case when i % 2 = 0 then 'Interests and themes: walks, bread, gardening, music.' else '' end
    from generate_series(1, ${USERS}) i,
      lateral (select initcap(translate(substr(md5(i::text), 1, 7), '0123456789', 'aeiouybdnr')) || ' '
        || initcap(translate(substr(md5((i * 7)::text), 1, 9), '0123456789', 'aeiouylmst')) as n) names`.execute(db)
  await sql`insert into groups (id, name) select 'g' || i, 'Group ' || i from generate_series(1, ${GROUPS}) i`.execute(db)
  // 0–3 groups per user.
  await sql`insert into group_members (group_id, user_id)
    select distinct on (gid, uid) gid, uid
    from generate_series(1, ${USERS}) i
      cross join lateral generate_series(1, (i * 31) % 4) k
      cross join lateral (select 'g' || (1 + (i * 13 + k * 17) % ${GROUPS}) as gid, ${uid} as uid) x`.execute(db)
  // 0–8 conversations per user across 6 modules, 1–40 minutes each, within the last year.
  await sql`insert into section_records (user_id, module_name, start_time, end_time)
    select ${uid}, (array[${sql.join(MODULES.map((m) => sql.lit(m)))}])[1 + (i + k) % ${MODULES.length}],
      now() - make_interval(mins => (i * 97 + k * 5003) % 525600 + 1 + (i + k) % 40),
      now() - make_interval(mins => (i * 97 + k * 5003) % 525600)
    from generate_series(1, ${USERS}) i cross join lateral generate_series(1, (i * 7919) % 9) k`.execute(db)
  await sql`insert into quiz_summaries (user_id, date, summary)
    select ${uid}, now() - make_interval(days => k * 7 + i % 7),
      'In Get to Know You, this member talked about walks, bread and gardening.'
    from generate_series(1, ${USERS}) i cross join lateral generate_series(1, (i * 3) % 4) k`.execute(db)
  await sql`vacuum analyze`.execute(db)
}

async function prepare(handle: { db: DB; close(): Promise<void> }, label: string) {
  const t0 = performance.now()
  try {
    await migrateToLatest(handle.db)
    await seed(handle.db)
    await fill(handle.db)
  } finally {
    await handle.close()
  }
  console.log(
    `[admin-users bench] ${label}: ${USERS.toLocaleString('en-US')} users filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
}

mkdirSync(artifactsDir, { recursive: true })
const dataDir = mkdtempSync(join(artifactsDir, 'bench-data-'))
const serverUrl = process.env.DATABASE_URL
let benchUrl: string | undefined
let admin: postgres.Sql | undefined
let exitCode = 1
try {
  if (serverUrl) {
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    const name = `hearth_bench_admin_users_${process.pid}`
    await admin.unsafe(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    benchUrl = url.toString()
    await prepare(await openDatabase({ databaseUrl: benchUrl, dataDir }), `PostgreSQL (${name})`)
  } else {
    await prepare(await openDatabase({ dataDir }), 'PGlite')
  }
  const proc = Bun.spawn(['bun', 'scripts/e2e.ts', 'e2e/bench/admin-users.bench.ts', ...process.argv.slice(2)], {
    cwd: repoDir,
    stdout: 'inherit',
    stderr: 'inherit',
    env: {
      ...process.env,
      HEARTH_BENCH: '1',
      HEARTH_BENCH_ADMIN_USERS: String(USERS),
      HEARTH_BENCH_DATABASE: serverUrl ? 'PostgreSQL' : 'PGlite',
      HEARTH_E2E_DATA_DIR: dataDir,
      ...(benchUrl ? { DATABASE_URL: benchUrl } : {}),
    },
  })
  exitCode = await proc.exited
  // The machine may be shared: the load average tells how far the figures are from an idle one.
  console.log(
    `[admin-users bench] load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${cpus().length} cores`,
  )
} finally {
  if (admin && benchUrl) await admin.unsafe(`drop database if exists ${new URL(benchUrl).pathname.slice(1)} with (force)`)
  await admin?.end()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
