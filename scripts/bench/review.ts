/**
 * The review console at scale (decision 99): DRIVERS drivers with 22 documents each (2.2 million
 * records at 100,000), 1 in 110 pending (20,000), a third of those re-uploads; the last 45 days of
 * decisions in the audit log (about 6 % of the decided records), by 12 reviewers. Seeded by the
 * databases themselves (INSERT … SELECT over a series: a recursive CTE on SQLite, generate_series
 * on PostgreSQL), into a temporary SQLite file and, when DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, a schema of its own there.
 *
 * Times the services' own answers through the composed services app, as an administrador's
 * requests (auth, the RUT views recorded, JSON): the queue (`GET /admin/documents`) with each
 * filter (kind, first upload or re-upload, both, a driver's name: a first name, a whole name, two
 * letters, one, and a name no one has that begins as many do) in its one order (soonest due
 * first); the per-driver review
 * (`GET /admin/drivers/:id` and `GET /admin/documents/:id`, as /admin/conductores/:id/revisar
 * loads them); «Rendimiento» (`GET /admin/performance?dias=7|30`, from its daily roll-ups, the
 * first read's roll-up timed apart). One at a time and 10 at once,
 * p50 and p95, with the load average. Prints the plan (EXPLAIN QUERY PLAN / EXPLAIN) of every
 * statement each request runs; fails (exit 1) on a p95 over budget (20 ms one at a time, 50 ms at
 * 10 at once) or a plan that reads all of user_files, admin_audit_log or users. The driver's-name
 * filter reads the queue's name index (decision 109).
 *
 *   npx tsx scripts/bench/review.ts [--drivers=100000] [--requests=200] [--engines=sqlite,postgres] [--only=name]
 *
 * `--only` times the requests whose name holds it (`--only=name`: the driver filters), to measure
 * one part again alone.
 */
import path from 'node:path'
import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT } from '#domain/reference-data/documents'
import { fillQueueFlags } from '#services/platform/db/migrations/0031_review_at_scale'
import { fillDocumentsAccepted } from '#services/platform/db/migrations/0036_hiring_at_scale'
import { fillQueueHours } from '#services/platform/db/migrations/0039_queue_hour_counts'
import { fillQueueNames } from '#services/platform/db/migrations/0042_queue_name_pairs'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { arg } from './args'
import { benchEngines, cpuPerCall, loadAverage, printPrepares, timeCalls, type Figures } from './figures'
import { planOf } from './search'

const SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)
const REVIEWERS = 12
const DAY_MS = 86_400_000
/** 1 in PENDING_EVERY records is pending; a third of those replace a rejected one (a re-upload). */
const PENDING_EVERY = 110

export type Dialect = 'sqlite' | 'postgres'

/** `n` rows 1..n as `s(i)`. */
export function series(dialect: Dialect, n: number): string {
  return dialect === 'postgres'
    ? `generate_series(1, ${n}) as s(i)`
    : `(with recursive r(i) as (select 1 union all select i + 1 from r where i < ${n}) select i from r) as s`
}

/** An ISO instant (as toISOString writes it) from epoch milliseconds. */
export function iso(dialect: Dialect, ms: string): string {
  return dialect === 'postgres'
    ? `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`
}

export interface ReviewSeed {
  /** A driver with pending documents, and one of them. */
  driverId: number
  documentId: number
  /** A pending driver's first name and whole name, for the driver filter. */
  driverName: string
  driverFullName: string
  now: number
}

/**
 * Drivers, their 22 records each, the reviewers and the last 45 days of decisions, by the database
 * itself. Hashes of (driver, slot) spread the states and times deterministically.
 */
export async function seedReview(p: TestPlatform, drivers: number, now = Date.now()): Promise<ReviewSeed> {
  const d = p.dialect
  const db = p.db
  const at = new Date(now).toISOString()
  const run = (text: string) => db.executeQuery(CompiledQuery.raw(text))
  const names = ['Camila', 'Pedro', 'Valentina', 'Matías', 'Josefa', 'Benjamín', 'Catalina', 'Tomás']
  const last = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez']
  const pick = (list: string[], expr: string) =>
    `(case ${list.map((v, i) => `when (${expr}) % ${list.length} = ${i} then '${v}'`).join(' ')} end)`
  const userColumns =
    'role, email, password_hash, firstname, lastname, email_verified, accepted_terms_at, created_at, updated_at'
  await run(
    `insert into users (${userColumns}) select 'User', 'd' || i || '@review.bench.test', 'x', ` +
      `${pick(names, 'i')}, ${pick(last, 'i / 8')}, 1, '${at}', '${at}', '${at}' from ${series(d, drivers)}`,
  )
  await run(
    `insert into users (${userColumns}, staff_role) select 'admin', 'r' || i || '@review.bench.test', 'x', ` +
      `'Revisor', 'N' || i, 1, '${at}', '${at}', '${at}', 'revisor' from ${series(d, REVIEWERS)}`,
  )
  await withoutIndexes(p, () => seedFiles(p, now))
  await sql.raw(d === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db)
  const one = await db
    .selectFrom('user_files as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.user_id', 'u.firstname', 'u.lastname'])
    .where('f.file_status', '=', 'PENDING')
    .where('f.storage_key', 'like', 'bench-%')
    .orderBy('f.id')
    .limit(1)
    .executeTakeFirstOrThrow()
  return {
    driverId: one.user_id,
    documentId: one.id,
    driverName: one.firstname,
    driverFullName: `${one.firstname} ${one.lastname}`,
    now,
  }
}

/**
 * A bulk load runs faster without user_files' indexes and triggers: they go before it and come
 * back after it (one sort per index instead of an update per row), and the queue's flags and its
 * name index are filled once, as the migrations fill them (fillQueueFlags, fillQueueNames), before
 * the triggers are back; then each driver's accepted documents (fillDocumentsAccepted).
 */
export async function withoutIndexes(p: TestPlatform, load: () => Promise<void>) {
  const db = p.db
  if (p.dialect === 'postgres') {
    const indexes = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def
      from pg_indexes where schemaname = current_schema() and tablename = 'user_files'
      and indexname not like '%pkey' and indexname not like '%storage_key%'`.execute(db)
    for (const i of indexes.rows) await sql`drop index ${sql.id(i.name)}`.execute(db)
    await sql`alter table user_files disable trigger user`.execute(db)
    await load()
    await sql`set maintenance_work_mem = '256MB'`.execute(db)
    for (const i of indexes.rows) await db.executeQuery(CompiledQuery.raw(i.def))
    await fillQueueFlags(db)
    await fillQueueNames(db, p.dialect)
    await fillQueueHours(db, p.dialect)
    await sql`alter table user_files enable trigger user`.execute(db)
  } else {
    const objects = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master
      where tbl_name = 'user_files' and type in ('index', 'trigger') and sql is not null`.execute(db)
    for (const o of objects.rows) await db.executeQuery(CompiledQuery.raw(`drop ${o.type} "${o.name}"`))
    await load()
    for (const o of objects.rows.filter((x) => x.type === 'index')) await db.executeQuery(CompiledQuery.raw(o.sql))
    await fillQueueFlags(db)
    await fillQueueNames(db, p.dialect)
    await fillQueueHours(db, p.dialect)
    for (const o of objects.rows.filter((x) => x.type === 'trigger')) await db.executeQuery(CompiledQuery.raw(o.sql))
  }
  await fillDocumentsAccepted(db)
}

/** The records (pending ones with an earlier rejected one first) and the audit log's last 45 days. */
async function seedFiles(p: TestPlatform, now: number) {
  const d = p.dialect
  const run = (text: string) => p.db.executeQuery(CompiledQuery.raw(text))
  const slots = SLOTS.map((s, k) => `select ${k} as k, '${s}' as slot`).join(' union all ')
  // h: a hash of (driver, slot); pending when h % PENDING_EVERY = 0, a re-upload when also h % 3 = 0.
  const h = `((u.id * 23 + sl.k) * 2654435761 % 2147483647)`
  const h2 = `(${h} * 48271 % 2147483647)`
  const h3 = `(${h2} * 48271 % 2147483647)`
  const base = `from users u cross join (${slots}) sl where u.email like 'd%@review.bench.test' and u.role = 'User'`
  const fileColumns =
    'user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, original_name, created_at, reviewed_at'
  // The rejected records that the re-uploads replace: written first, so their ids are lower.
  const rejectedAt = `${now} - 8 * ${DAY_MS} - (${h2} % 1000000) * 600`
  await run(
    `insert into user_files (${fileColumns}, rejection_reason) select u.id, sl.slot, 'REJECTED', ` +
      `'bench-r-' || u.id || '-' || sl.k, 'image/jpeg', 200000, 'foto.jpg', ${iso(d, rejectedAt)}, ` +
      `${iso(d, `${rejectedAt} + 3600000`)}, 'La imagen no se lee.' ${base} ` +
      `and ${h} % ${PENDING_EVERY} = 0 and ${h} / ${PENDING_EVERY} % 3 = 0`,
  )
  // Pending: uploaded in the last 7 days (late, due today, on time). Decided: uploaded 3 to 730
  // days ago, decided within 3 days of it.
  const pending = `${h} % ${PENDING_EVERY} = 0`
  const created =
    `(case when ${pending} then ${now} - (${h2} % 1000000) * 605 ` +
    `else ${now} - 3 * ${DAY_MS} - (${h2} % 1000000) * 63072 end)`
  const decided = `${created} + (${h3} % 1000000) * 259`
  // The photo checks flag 1 in 20 records (blurred), and find the rest clean.
  await run(
    `insert into user_files (${fileColumns}, photo_flags) select u.id, sl.slot, ` +
      `case when ${pending} then 'PENDING' when ${h3} % 20 = 0 then 'REJECTED' else 'ACCEPTED' end, ` +
      `'bench-' || u.id || '-' || sl.k, 'image/jpeg', 200000, 'foto.jpg', ${iso(d, created)}, ` +
      `case when ${pending} then null else ${iso(d, decided)} end, ` +
      `case when ${h3} / 20 % 20 = 0 then 'blurred' else '' end ${base}`,
  )
  // The audit log: every decision of the last 45 days, by the reviewers in turn.
  const since = new Date(now - 45 * DAY_MS).toISOString()
  await run(
    `insert into admin_audit_log (admin_user_id, actor, action, entity_type, entity_id, created_at) ` +
      `select r.id, r.email, ` +
      `case when f.file_status = 'ACCEPTED' then 'document.approve' else 'document.reject' end, ` +
      `'user_file', f.id, f.reviewed_at from user_files f join users r on r.email = ` +
      `'r' || (f.id % ${REVIEWERS} + 1) || '@review.bench.test' ` +
      `where f.reviewed_at >= '${since}' and f.storage_key like 'bench-%'`,
  )
}

/** Records every statement the app runs, compiled, while `recording` is on. */
class Recorder implements KyselyPlugin {
  recording = false
  readonly nodes: Array<{ node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }> = []
  /** `every`: writes too (what a request prepares), not only the reads whose plans are printed. */
  constructor(private readonly every = false) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording && (this.every || args.node.kind === 'SelectQueryNode')) this.nodes.push(args)
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

interface Request {
  name: string
  path: (seed: ReviewSeed) => string
  /** A driver filter: its statements read the name index (decision 109). */
  byName?: boolean
}

const byDriver = (term: string) => `/admin/documents?driver=${encodeURIComponent(term)}`

export const REQUESTS: Request[] = [
  { name: 'queue, soonest due first', path: () => '/admin/documents' },
  { name: 'queue, one kind', path: () => '/admin/documents?slot=licencia_conducir_frontal' },
  { name: 'queue, first uploads', path: () => '/admin/documents?origin=first' },
  { name: 'queue, re-uploads', path: () => '/admin/documents?origin=reupload' },
  { name: 'queue, one kind, re-uploads', path: () => '/admin/documents?slot=soap_frontal&origin=reupload' },
  { name: 'queue, flagged', path: () => '/admin/documents?alerts=flagged' },
  { name: 'queue, late', path: () => '/admin/documents?due=late' },
  { name: "queue, a driver's first name", path: (s) => byDriver(s.driverName), byName: true },
  { name: "queue, a driver's whole name", path: (s) => byDriver(s.driverFullName), byName: true },
  { name: 'queue, two letters of a name', path: (s) => byDriver(s.driverName.slice(0, 2)), byName: true },
  // Begins as 1 in 9 last names do (Martínez), finds no one: its start's rows are read whole.
  { name: 'queue, a name no one has', path: () => byDriver('Marta'), byName: true },
  { name: 'queue, one letter of a name', path: () => byDriver('a'), byName: true },
  { name: 'review: the driver', path: (s) => `/admin/drivers/${s.driverId}` },
  { name: 'review: the document', path: (s) => `/admin/documents/${s.documentId}` },
  { name: 'Rendimiento, 7 days', path: () => '/admin/performance?dias=7' },
  { name: 'Rendimiento, 30 days', path: () => '/admin/performance?dias=30' },
]

/** A plan line that reads a whole large table (SQLite SCAN without an index, PostgreSQL Seq Scan). */
export function isFullTableScan(line: string): boolean {
  return (
    /\bSeq Scan on (user_files|admin_audit_log|users|queue_name_grams)\b/.test(line) ||
    /^\s*SCAN (user_files|admin_audit_log|users|queue_name_grams|f|u|a|n|o|g|nf|nu|ru|rf)\s*$/.test(line)
  )
}

/**
 * What keeps a driver filter's statements (those reading queue_name_grams) from being ranges of
 * the name index read in the queue's order: one that does not read it by its key (gram, …, or the
 * pieces' first characters, migration 0043), one that walks the whole index or the queue's own
 * indexes (the pending rows) instead, or one that sorts or hashes what it reads (decision 118: the
 * matches come in upload-time order, so the page and each capped count stop early). Empty when
 * every one is such a range.
 */
export function nameIndexMisses(plans: Array<{ sql: string; plan: string[] }>): string[] {
  const byName = plans.filter((x) => /\bqueue_name_grams\b/.test(x.sql))
  if (!byName.length) return ['no statement reads queue_name_grams']
  const byKey = (line: string) =>
    /SEARCH g USING PRIMARY KEY \(gram[=>]/.test(line) ||
    /SEARCH g USING COVERING INDEX queue_name_grams_start\d+_idx \(<expr>=/.test(line) ||
    (/\bqueue_name_grams_(pkey|start\d+_idx) on queue_name_grams g\b/.test(line) && !/Full|Seq/.test(line))
  const walks = (line: string) =>
    /^\s*SCAN g\b/.test(line) ||
    /\buser_files_queue_\w*idx\b/.test(line) ||
    /USE TEMP B-TREE/.test(line) ||
    /(^|->)\s*(Sort|Incremental Sort|HashAggregate|Hash Join|Unique)\b/.test(line)
  return byName.flatMap((x) => {
    const sql = x.sql.replace(/\s+/g, ' ').slice(0, 120)
    if (!x.plan.some(byKey)) return [`${sql}: not by the name index's key`]
    return x.plan.filter(walks).map((line) => `${sql}: ${line.trim()}`)
  })
}

/**
 * The statements a request runs, each with its plan, and the plan lines that scan a whole table.
 * `noSeqScan`: PostgreSQL plans with sequential scans priced out, so that at a small scale (where
 * reading a table whole is rightly cheaper) a Seq Scan left means no index serves the statement.
 */
export async function plansOf(p: TestPlatform, headers: Record<string, string>, url: string, noSeqScan = false) {
  return plansOfCall(p, url, (api) => api.get(url, headers), { noSeqScan })
}

/**
 * plansOf for any call of the services app (`label` names it in an error): `isScan` says which
 * plan lines read a whole large table (isFullTableScan unless told).
 */
export async function plansOfCall(
  p: TestPlatform,
  label: string,
  call: (api: ReturnType<typeof testClient>) => Promise<{ status: number; body: unknown }>,
  { noSeqScan = false, isScan = isFullTableScan }: { noSeqScan?: boolean; isScan?: (line: string) => boolean } = {},
) {
  const recorder = new Recorder()
  const db = p.db.withPlugin(recorder)
  const api = testClient({ ...p, db })
  recorder.recording = true
  const res = await call(api)
  recorder.recording = false
  if (res.status !== 200) throw new Error(`${label} answered ${res.status}: ${JSON.stringify(res.body)}`)
  const seen = new Set<string>()
  const plans: Array<{ sql: string; plan: string[]; scans: string[] }> = []
  for (const { node, queryId } of recorder.nodes) {
    const compiled = p.db.getExecutor().compileQuery(node, queryId)
    if (seen.has(compiled.sql)) continue
    seen.add(compiled.sql)
    const plan =
      noSeqScan && p.dialect === 'postgres'
        ? await p.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx)
            return planOf({ db: trx, dialect: p.dialect }, { compile: () => compiled })
          })
        : await planOf({ db: p.db, dialect: p.dialect }, { compile: () => compiled })
    plans.push({ sql: compiled.sql, plan, scans: plan.filter(isScan) })
  }
  return plans
}

/**
 * Every statement a call of the services app runs, with how many times: what SQLite prepares for it
 * when no statement is kept (services/platform/db/connect.ts `withStatementCache`).
 */
export async function statementsOfCall(
  p: TestPlatform,
  call: (api: ReturnType<typeof testClient>) => Promise<{ status: number }>,
): Promise<Array<{ sql: string; runs: number }>> {
  const recorder = new Recorder(true)
  const api = testClient({ ...p, db: p.db.withPlugin(recorder) })
  recorder.recording = true
  await call(api)
  recorder.recording = false
  const runs = new Map<string, number>()
  for (const { node, queryId } of recorder.nodes) {
    const { sql: text } = p.db.getExecutor().compileQuery(node, queryId)
    runs.set(text, (runs.get(text) ?? 0) + 1)
  }
  return [...runs].map(([text, n]) => ({ sql: text, runs: n }))
}

async function benchEngine(engine: Dialect, drivers: number, requests: number, only = ''): Promise<Figures[]> {
  const p = await createTestPlatform(engine)
  try {
    const started = performance.now()
    const seed = await seedReview(p, drivers)
    const count = async (table: 'user_files' | 'admin_audit_log') =>
      Number(
        (
          await p.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const pending = Number(
      (
        await p.db
          .selectFrom('user_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('file_status', '=', 'PENDING')
          .executeTakeFirstOrThrow()
      ).n,
    )
    console.log(
      `\n== ${engine}: ${drivers.toLocaleString('en')} drivers, ${(await count('user_files')).toLocaleString('en')} ` +
        `document records (${pending.toLocaleString('en')} pending), ` +
        `${(await count('admin_audit_log')).toLocaleString('en')} ` +
        `audit rows; seeded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(load average ${loadAverage()})`,
    )
    const admin = await userWithSession(p, 'admin')
    const api = testClient(p)
    // «Rendimiento»'s first read rolls up the closed days from the audit log (once per day).
    const rolling = performance.now()
    const first = await api.get('/admin/performance?dias=30', admin.headers)
    if (first.status !== 200) throw new Error(`performance answered ${first.status}`)
    console.log(
      `  first read of «Rendimiento» (30 days rolled up from ${first.body.decisions} decisions): ` +
        `${(performance.now() - rolling).toFixed(0)} ms`,
    )

    const results: Figures[] = []
    for (const r of REQUESTS.filter((x) => x.name.includes(only))) {
      const url = r.path(seed)
      const plans = await plansOf(p, admin.headers, url)
      const scans = [...plans.flatMap((x) => x.scans), ...(r.byName ? nameIndexMisses(plans) : [])]
      if (process.env.BENCH_PLANS !== '0') {
        console.log(`  plans · ${r.name} (GET ${url})${scans.length ? '  ← NOT BY AN INDEX' : ''}`)
        for (const x of plans) {
          console.log(`    ${x.sql.replace(/\s+/g, ' ').slice(0, 160)}${x.sql.length > 160 ? '…' : ''}`)
          for (const line of x.plan) console.log(`        ${line}`)
        }
      }
      const call = async () => {
        const res = await api.get(url, admin.headers)
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
      }
      results.push({ name: r.name, ...(await timeCalls(call, requests)), scans })
      const cpu = await cpuPerCall(call, requests)
      console.log(`  cpu · ${r.name}: ${cpu.toFixed(2)} ms per request`)
      if (p.dialect === 'sqlite')
        printPrepares(r.name, await statementsOfCall(p, (a) => a.get(url, admin.headers)), p.config.DATA_DIR, cpu)
    }
    return results
  } finally {
    await p.destroy()
  }
}

async function main() {
  const drivers = Number(arg('drivers') ?? 100_000)
  const requests = Number(arg('requests') ?? 200)
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  if (pgUrl && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = pgUrl
  const engines = (arg('engines') ?? (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl) ? 'sqlite,postgres' : 'sqlite')).split(
    ',',
  ) as Dialect[]
  console.log(
    `Review console bench: ${engines.join(' and ')}, ${drivers.toLocaleString('en')} drivers, ${requests} ` +
      `requests per shape; load average ${loadAverage()}`,
  )
  await benchEngines(engines, (engine) => benchEngine(engine, drivers, requests, arg('only')), 'NOT BY AN INDEX')
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
