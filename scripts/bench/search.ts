/**
 * Posting search at scale: seeds N postings into a temporary SQLite file and,
 * when DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, into a fresh schema there;
 * then times the services' own search functions (the driver's filtered and text search, the
 * company's own list and search) over the filter combinations the screens produce, one at a time
 * and 10 at once, and prints the plan of every query shape; on PostgreSQL also the pages each
 * shape's query touches (EXPLAIN ANALYZE, BUFFERS), which compare two runs on a loaded machine
 * where timings do not. BENCH_PG_SCHEMA=name keeps the seeded PostgreSQL schema (name_SIZE) and
 * reuses it, migrated to the latest, on the next run (seeding 1M postings takes minutes).
 *
 * Fails (exit 1) when a plan reads all of job_postings (SQLite `SCAN job_postings` without an
 * index, PostgreSQL `Seq Scan on job_postings`) or a p95 is over budget (20 ms one at a time,
 * 50 ms at 10 at once).
 *
 *   npx tsx scripts/bench/search.ts --sizes=10000,100000,1000000 [--searches=300] [--engines=sqlite,postgres]
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CompiledQuery, sql } from 'kysely'
import pg from 'pg'
import { communes, type Commune } from '#domain/reference-data/communes'
import { regions } from '#domain/reference-data/regions'
import { capacitiesByVehicle, vehicles } from '#domain/reference-data/vehicles'
import { computeCheckDigit } from '#domain/rut'
import { PAYMENT_PERIODS } from '#domain/validation/marketplace'
import { companyPostings, companyPostingsQueries, companySearchDriver } from '#services/business/posting-operations'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#services/platform/db/connect'
import { fillPostingWords } from '#services/platform/db/migrations/0016_posting_words'
import { fillCompanyPostingWords } from '#services/platform/db/migrations/0045_company_posting_words'
import { seedReferenceData } from '#services/platform/seed'
import { isWordsDriver, type TextDriver } from '#services/shared/posting-rows'
import {
  searchDriver,
  searchOpenPostings,
  searchQueries,
  wordsWalk,
  type SearchFilters,
  type Store,
} from '#services/users/postings/queries'
import { arg } from './args'

export const BUDGET = { oneP95: 20, concurrentP95: 50 }
const CONCURRENCY = 10

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! }
}
type Rnd = ReturnType<typeof prng>

// ---------------------------------------------------------------------------------------------
// Data: a realistic spread. 400 companies, a few large (Zipf-like); 60 % of postings in the
// Metropolitan Region; 85 % open; titles from common words (reparto in ~40 %), accented ones
// (camión, furgón), and a rare word (refrigerado, ~1 in 5,000).

const COMPANIES = 400
const TITLE_HEADS = ['Reparto', 'Conductor', 'Despacho', 'Ruta', 'Distribución', 'Entrega', 'Courier', 'Peoneta']
const TITLE_WHAT = [
  'de paquetería e-commerce',
  'para farmacia',
  'de abarrotes',
  'de última milla',
  'de muebles',
  'nocturno de supermercado',
  'de bebidas',
  'express',
  'de documentos',
  'de electrodomésticos',
]
const TITLE_WITH = ['en moto', 'en furgón', 'en camión', 'en auto', 'con peoneta', 'en bicicleta', '', '']
const DETAILS = [
  'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
  'Pago dentro de 48 horas tras recibir la boleta o factura.',
  'Se requiere experiencia en reparto y buena disposición.',
  'Turnos estables de lunes a viernes, con opción de sábados.',
  'Entregamos hoja de ruta y apoyo de coordinador durante la jornada.',
  'Carga y descarga en centro de distribución, despacho a clientes finales.',
  'Vehículo propio con documentación al día; se valora conocer la zona.',
]

function sqlText(s: string): string {
  return `'${s.replaceAll("'", "''")}'`
}

interface Seeded {
  companyIds: number[]
  bigCompany: number
  driverId: number
}

export async function seedCompanies(db: DatabaseHandle['db']): Promise<Seeded> {
  const now = new Date().toISOString()
  const users = []
  for (let i = 1; i <= COMPANIES + 1; i++) {
    const role = i <= COMPANIES ? 'business' : 'User'
    users.push(
      `(${sqlText(role)}, ${sqlText(`bench${i}@bench.fleeters.test`)}, 'x', 'Bench', ` +
        `${sqlText(String(i))}, 1, ${sqlText(now)}, ${sqlText(now)}, ${sqlText(now)})`,
    )
  }
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into users (role, email, password_hash, firstname, lastname, ` +
        `email_verified, accepted_terms_at, created_at, updated_at) values ${users.join(', ')}`,
    ),
  )
  const ids = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', 'like', '%@bench.fleeters.test')
    .orderBy('id')
    .execute()
  const rows = ids
    .filter((u) => u.role === 'business')
    .map((u, i) => {
      const body = 70_000_000 + i * 1_001
      return (
        `(${u.id}, ${sqlText(`Logística Prueba ${i + 1} SpA`)}, ` +
        `${sqlText(`${body}-${computeCheckDigit(body)}`)}, 'Contacto', ` +
        `${sqlText(`bench${i + 1}@bench.fleeters.test`)}, ${sqlText(`2280${5000 + i}`)}, ` +
        `13101, 1, ${sqlText(now)})`
      )
    })
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into companies (user_id, name, rut, contact_name, email, phone, ` +
        `id_commune, verified, created_at) values ${rows.join(', ')}`,
    ),
  )
  const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id)
  return { companyIds, bigCompany: companyIds[0]!, driverId: ids.find((u) => u.role === 'User')!.id }
}

/** Bulk insert: multi-row INSERTs of literal values, 2,000 rows a statement, in transactions. */
export async function seedPostings(handle: Pick<DatabaseHandle, 'db'>, n: number, seeded: Pick<Seeded, 'companyIds'>) {
  const rnd = prng(42)
  const zoneOf = new Map(regions.map((r) => [r.id_region, r.zone_id]))
  const metropolitan = communes.filter((c) => c.id_region === 13000)
  // Zipf-like: company k gets weight 1/(k+1); the first (bigCompany) has the most postings.
  const weights = seeded.companyIds.map((_, k) => 1 / (k + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  const cumulative: number[] = []
  weights.reduce((acc, w, i) => ((cumulative[i] = (acc + w) / total), acc + w), 0)
  const company = () => {
    const r = rnd.next()
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < r) lo = mid + 1
      else hi = mid
    }
    return seeded.companyIds[lo]!
  }
  const now = Date.now()
  const SPAN_MS = 2 * 365 * 24 * 3600 * 1000
  const BATCH = 2000
  const columns =
    'company_id, title, description, id_zone, id_region, id_commune, id_vehicle, ' +
    'id_capacity, id_schedule, start_date, pawn, payment_amount, payment_period, ' +
    'drivers_needed, status, created_at, updated_at'
  const statements: string[] = []
  const flush = async () => {
    if (!statements.length) return
    const batch = statements.splice(0)
    await handle.db.transaction().execute(async (trx) => {
      for (const s of batch) await trx.executeQuery(CompiledQuery.raw(s))
    })
  }
  for (let done = 0; done < n; done += BATCH) {
    const values: string[] = []
    for (let i = done; i < Math.min(n, done + BATCH); i++) {
      const commune: Commune = rnd.next() < 0.6 ? rnd.pick(metropolitan) : rnd.pick(communes)
      const vehicle = rnd.pick(vehicles)
      const capacities = capacitiesByVehicle(vehicle.id_vehicle)
      // Spread evenly over two years, in the order they are written (ids): a posting's created_at
      // is when it was written, so the table holds postings in time order as a real one does.
      const created = new Date(now - SPAN_MS + Math.floor(((i + rnd.next()) * SPAN_MS) / n)).toISOString()
      const rare = rnd.next() < 0.0002 ? ' Carga refrigerado.' : ''
      const title =
        `${rnd.next() < 0.4 ? 'Reparto' : rnd.pick(TITLE_HEADS)} ${rnd.pick(TITLE_WHAT)} ${rnd.pick(TITLE_WITH)}`.trim()
      const description = `${rnd.pick(DETAILS)} ${rnd.pick(DETAILS)} Comuna de ${commune.name_commune}.${rare}`
      values.push(
        `(${company()}, ${sqlText(title)}, ${sqlText(description)}, ` +
          `${zoneOf.get(commune.id_region)}, ${commune.id_region}, ${commune.id_commune}, ` +
          `${vehicle.id_vehicle}, ` +
          `${capacities.length ? rnd.pick(capacities).id_capacity : 'null'}, ` +
          `${1 + Math.floor(rnd.next() * 3)}, ${sqlText(created.slice(0, 10))}, ` +
          `${rnd.next() < 0.25 ? 1 : 0}, ${20_000 + Math.floor(rnd.next() * 60) * 1_000}, ` +
          `${sqlText(rnd.pick(PAYMENT_PERIODS))}, ${1 + Math.floor(rnd.next() * 10)}, ` +
          `${rnd.next() < 0.85 ? "'open'" : "'closed'"}, ${sqlText(created)}, ` +
          `${sqlText(created)})`,
      )
    }
    statements.push(`insert into job_postings (${columns}) values ${values.join(', ')}`)
    if (statements.length >= 25) await flush()
  }
  await flush()
}

/**
 * A bulk load runs faster without the indexes: they are dropped before it and built again after
 * it (one sort each instead of an update per row; on SQLite the full-text triggers go too and the
 * FTS5 table is rebuilt once), as a restore would.
 */
async function withoutIndexes(handle: DatabaseHandle, load: () => Promise<void>) {
  if (handle.dialect === 'postgres') {
    const indexes = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'job_postings' and indexname not like '%pkey'`.execute(
      handle.db,
    )
    // The words tables' triggers and keys (migrations 0016, 0045): their rows are written once after the load.
    const triggers = await sql<{
      name: string
      def: string
    }>`select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger
      where tgrelid = 'job_postings'::regclass and not tgisinternal`.execute(handle.db)
    const words = [
      { table: 'job_posting_words', fill: fillPostingWords },
      { table: 'company_posting_words', fill: fillCompanyPostingWords },
    ]
    const keys = await sql<{
      table: string
      name: string
      def: string
    }>`select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid in (${sql.join(words.map((w) => sql`to_regclass(${w.table})`))}) and contype = 'p'`.execute(
      handle.db,
    )
    for (const i of indexes.rows) await sql`drop index ${sql.id(i.indexname)}`.execute(handle.db)
    for (const t of triggers.rows) await sql`drop trigger ${sql.id(t.name)} on job_postings`.execute(handle.db)
    for (const k of keys.rows)
      await sql`alter table ${sql.id(k.table)} drop constraint ${sql.id(k.name)}`.execute(handle.db)
    await load()
    await sql`set maintenance_work_mem = '256MB'`.execute(handle.db)
    for (const i of indexes.rows) await handle.db.executeQuery(CompiledQuery.raw(i.indexdef))
    for (const w of words) {
      const key = keys.rows.find((k) => k.table === w.table)
      if (!key) continue
      await sql`truncate ${sql.id(w.table)}`.execute(handle.db)
      await w.fill(handle.db)
      await sql`alter table ${sql.id(w.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.def)}`.execute(
        handle.db,
      )
    }
    for (const t of triggers.rows) await handle.db.executeQuery(CompiledQuery.raw(t.def))
    return
  }
  const objects = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master
    where tbl_name = 'job_postings' and type in ('index', 'trigger') and sql is not null`.execute(handle.db)
  for (const o of objects.rows) await handle.db.executeQuery(CompiledQuery.raw(`drop ${o.type} "${o.name}"`))
  await load()
  for (const o of objects.rows) await handle.db.executeQuery(CompiledQuery.raw(o.sql))
  await sql`insert into job_postings_fts(job_postings_fts) values ('rebuild')`.execute(handle.db)
}

// ---------------------------------------------------------------------------------------------
// The searches: every shape the screens produce (filters panel: vehicle, zone → region → commune,
// shift, pawn; the search box; the company's own list and search box), with random values.

interface Shape {
  name: string
  /** Driver search filters, or a company's own list when `company` is set. */
  filters: (rnd: Rnd) => SearchFilters
  page?: (rnd: Rnd) => number
  company?: boolean
}

const metropolitanCommunes = communes.filter((c) => c.id_region === 13000)
const anyCommune = (rnd: Rnd) => (rnd.next() < 0.6 ? rnd.pick(metropolitanCommunes) : rnd.pick(communes))
const region = (rnd: Rnd) => (rnd.next() < 0.5 ? 13000 : rnd.pick(regions).id_region)
const zoneOf = (regionId: number) => regions.find((r) => r.id_region === regionId)!.zone_id
const vehicle = (rnd: Rnd) => rnd.pick(vehicles).id_vehicle
const shift = (rnd: Rnd) => 1 + Math.floor(rnd.next() * 3)

export const SHAPES: Shape[] = [
  { name: 'no filters', filters: () => ({}) },
  { name: 'no filters, page 40', filters: () => ({}), page: (rnd) => 30 + Math.floor(rnd.next() * 20) },
  { name: 'vehicle', filters: (rnd) => ({ id_vehicle: vehicle(rnd) }) },
  { name: 'zone', filters: (rnd) => ({ id_zone: 1 + Math.floor(rnd.next() * 3) }) },
  {
    name: 'zone + region',
    filters: (rnd) => {
      const r = region(rnd)
      return { id_zone: zoneOf(r), id_region: r }
    },
  },
  {
    name: 'zone + region + commune',
    filters: (rnd) => {
      const c = anyCommune(rnd)
      return { id_zone: zoneOf(c.id_region), id_region: c.id_region, id_commune: c.id_commune }
    },
  },
  {
    name: 'region + vehicle',
    filters: (rnd) => {
      const r = region(rnd)
      return { id_zone: zoneOf(r), id_region: r, id_vehicle: vehicle(rnd) }
    },
  },
  {
    name: 'region + vehicle + shift + pawn',
    filters: (rnd) => {
      const r = region(rnd)
      return {
        id_zone: zoneOf(r),
        id_region: r,
        id_vehicle: vehicle(rnd),
        start_time: shift(rnd),
        pawn: rnd.next() < 0.5,
      }
    },
  },
  {
    name: 'commune + vehicle + shift + pawn',
    filters: (rnd) => {
      const c = anyCommune(rnd)
      return {
        id_zone: zoneOf(c.id_region),
        id_region: c.id_region,
        id_commune: c.id_commune,
        id_vehicle: vehicle(rnd),
        start_time: shift(rnd),
        pawn: rnd.next() < 0.5,
      }
    },
  },
  { name: 'shift + pawn', filters: (rnd) => ({ start_time: shift(rnd), pawn: rnd.next() < 0.5 }) },
  {
    name: 'vehicle + shift + pawn',
    filters: (rnd) => ({ id_vehicle: vehicle(rnd), start_time: shift(rnd), pawn: rnd.next() < 0.5 }),
  },
  { name: 'text, common word', filters: (rnd) => ({ search: rnd.pick(['reparto', 'Reparto de', 'conductor']) }) },
  { name: 'text, rare word', filters: (rnd) => ({ search: rnd.pick(['refrigerado', 'xyzsinresultados']) }) },
  { name: 'text, accented', filters: (rnd) => ({ search: rnd.pick(['camion', 'furgón', 'distribucion']) }) },
  {
    name: 'text + region + vehicle',
    filters: (rnd) => {
      const r = region(rnd)
      return {
        id_zone: zoneOf(r),
        id_region: r,
        id_vehicle: vehicle(rnd),
        search: rnd.pick(['farmacia', 'moto', 'peoneta']),
      }
    },
  },
  { name: 'company list (largest company)', company: true, filters: () => ({}) },
  {
    name: 'company search (largest company)',
    company: true,
    filters: (rnd) => ({ search: rnd.pick(['reparto', 'camion', 'refrigerado']) }),
  },
]

type Run = () => Promise<number>

function runOf(store: Store, seeded: Seeded, shape: Shape, rnd: Rnd): Run {
  const filters = shape.filters(rnd)
  const page = shape.page?.(rnd) ?? 1
  if (shape.company) return async () => (await companyPostings(store, seeded.bigCompany, page, filters.search)).count
  return async () => (await searchOpenPostings(store, seeded.driverId, filters, page)).count
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** CONCURRENCY callers at once, each running its share back to back (as many requests in flight). */
async function timeConcurrent(runs: Run[]): Promise<{ times: number[]; errors: number }> {
  const times: number[] = []
  let errors = 0
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < runs.length) {
        const run = runs[next++]!
        const started = performance.now()
        try {
          await run()
        } catch (err) {
          // A search that fails under load (no free connection in time: a 503 for the user).
          if (!errors++) console.error(`  a search failed at ${CONCURRENCY} at once: ${String(err)}`)
        }
        times.push(performance.now() - started)
      }
    }),
  )
  return { times: times.sort((a, b) => a - b), errors }
}

// ---------------------------------------------------------------------------------------------
// Plans

/** A line of a plan that reads the whole job_postings table. */
export function isFullScan(line: string): boolean {
  return /\bSeq Scan on job_postings\b/.test(line) || /^\s*(?:[|`-]+\s*)?SCAN (?:job_postings|jp)\s*$/.test(line)
}

/** The printed plan of a query, one line per step. */
export async function planOf(store: Store, query: { compile(): CompiledQuery }): Promise<string[]> {
  const compiled = query.compile()
  if (store.dialect === 'postgres') {
    const res = await store.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    )
    return res.rows.map((r) => r['QUERY PLAN'])
  }
  const res = await store.db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
  )
  const depth = new Map<number, number>([[0, 0]])
  return res.rows.map((r) => {
    const d = (depth.get(r.parent) ?? 0) + 1
    depth.set(r.id, d)
    return `${'  '.repeat(d - 1)}${r.detail}`
  })
}

/**
 * The queries of a shape (the first 1,001 ids, and the page query used past them), as the services
 * build them; `driver`: which index an SQLite search with words walks (both are planned).
 */
export function queriesOf(
  store: Store,
  seeded: { driverId: number; bigCompany: number },
  filters: SearchFilters,
  company = false,
  driver: TextDriver = 'text',
) {
  const { ids, list } = company
    ? companyPostingsQueries(store, seeded.bigCompany, 1, filters.search, driver)
    : searchQueries(store, seeded.driverId, filters, 1, driver)
  return { ids, list }
}

/**
 * The drivers a shape's search can take (TextDriver): both on SQLite when it has words; on
 * PostgreSQL the planner's choice and, for a search a words table can answer, its walk: of
 * job_posting_words for a driver's (its terms as postgresTextDriver orders them), of
 * company_posting_words for the company's (`companyId`).
 */
export async function driversOf(store: Store, filters: SearchFilters, companyId?: number): Promise<TextDriver[]> {
  if (!filters.search) return ['text']
  if (store.dialect === 'sqlite') return ['text', 'rows']
  if (companyId !== undefined) {
    const chosen = await companySearchDriver(store, companyId, filters.search)
    return isWordsDriver(chosen) ? ['text', chosen] : ['text']
  }
  const chosen = await searchDriver(store, filters)
  if (isWordsDriver(chosen)) return ['text', chosen]
  // The words walk the service did not choose (narrow filters): planned all the same.
  const walk = await wordsWalk(store, filters)
  return walk ? ['text', walk] : ['text']
}

/** The driver the service picks for a shape's search. */
export function chosenDriver(
  store: Store,
  seeded: { driverId: number; bigCompany: number },
  filters: SearchFilters,
  company = false,
): Promise<TextDriver> {
  return company ? companySearchDriver(store, seeded.bigCompany, filters.search) : searchDriver(store, filters)
}

/** How a plan line names a driver. */
export function driverLabel(driver: TextDriver): string {
  if (isWordsDriver(driver)) return ' (walking the words)'
  return driver === 'text' ? '' : ' (walking the filters)'
}

/**
 * PostgreSQL: what each shape's first query (the 1,001 ids) costs the server, from EXPLAIN
 * (ANALYZE, BUFFERS) of 6 searches of it: the pages it touched (in shared buffers or read) and
 * its execution time. Pages do not depend on how loaded the machine is, so they compare two
 * runs where the timings cannot.
 */
async function printServerWork(store: Store, seeded: Seeded) {
  type Explained = Array<{
    Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }
    'Execution Time': number
  }>
  const rnd = prng(11)
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(
    '  server work per shape (ids query; EXPLAIN ANALYZE, BUFFERS of 6 searches): ' +
      'pages touched and execution time, median and max',
  )
  for (const shape of SHAPES) {
    const pages: number[] = []
    const reads: number[] = []
    const ms: number[] = []
    for (let i = 0; i < 6; i++) {
      const filters = shape.filters(rnd)
      const { ids } = queriesOf(
        store,
        seeded,
        filters,
        shape.company,
        await chosenDriver(store, seeded, filters, shape.company),
      )
      const compiled = ids.compile()
      const res = await store.db.executeQuery<{ 'QUERY PLAN': Explained }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
      )
      const explained = res.rows[0]!['QUERY PLAN'][0]!
      pages.push(explained.Plan['Shared Hit Blocks'] + explained.Plan['Shared Read Blocks'])
      reads.push(explained.Plan['Shared Read Blocks'])
      ms.push(explained['Execution Time'])
    }
    console.log(
      `    work · ${shape.name.padEnd(34)} pages ${String(median(pages)).padStart(6)} ` +
        `max ${String(Math.max(...pages)).padStart(6)} (read ` +
        `${String(median(reads)).padStart(5)})  exec ${median(ms).toFixed(1).padStart(6)} ` +
        `ms max ${Math.max(...ms)
          .toFixed(1)
          .padStart(6)} ` +
        `ms`,
    )
  }
}

// ---------------------------------------------------------------------------------------------

interface EngineResult {
  engine: string
  size: number
  seedSeconds: number
  one: { p50: number; p95: number }
  concurrent: { p50: number; p95: number }
  errors: number
  perShape: Array<{ name: string; p50: number; p95: number; cpuP50: number; cpuP95: number; matches: number }>
  fullScans: string[]
}

async function openEngine(
  engine: 'sqlite' | 'postgres',
  size: number,
): Promise<{ handle: DatabaseHandle; reused?: boolean; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-bench-search-'))
    const handle = openDatabase({ sqlitePath: path.join(dir, 'fleeters.db') })
    await migrateToLatest(handle)
    return {
      handle,
      cleanup: async () => {
        await handle.destroy()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const url = (process.env.DATABASE_URL || process.env.TEST_DATABASE_URL)!
  // BENCH_PG_SCHEMA=name keeps the seeded schema and reuses it on the next run (seeding a million
  // postings takes minutes): it is migrated to the latest migration, as a deployment would be.
  const kept = process.env.BENCH_PG_SCHEMA ? `${process.env.BENCH_PG_SCHEMA}_${size}` : undefined
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_PG_SCHEMA: lower-case letters, digits and _')
  const schema = kept ?? `bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  await admin.end()
  const handle = openDatabase({ url, pgSchema: schema, poolSize: CONCURRENCY })
  const migrating = performance.now()
  await migrateToLatest(handle)
  if (kept)
    console.log(
      `\n(schema ${schema} migrated to the latest in ${((performance.now() - migrating) / 1000).toFixed(1)} s)`,
    )
  return {
    handle,
    reused: kept !== undefined,
    cleanup: async () => {
      if (kept) return handle.destroy()
      await handle.destroy()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await c.end()
    },
  }
}

/** Reference data, the companies and the postings, loaded without the indexes. */
async function seedAll(handle: DatabaseHandle, size: number): Promise<Seeded> {
  await seedReferenceData({ db: handle.db })
  const seeded = await seedCompanies(handle.db)
  await withoutIndexes(handle, () => seedPostings(handle, size, seeded))
  return seeded
}

/** A kept schema's companies and driver, when it holds the postings of this size already. */
async function seededBefore(db: DatabaseHandle['db'], size: number): Promise<Seeded | undefined> {
  const postings = await db
    .selectFrom('job_postings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  if (Number(postings.n) !== size) {
    if (Number(postings.n)) throw new Error(`BENCH_PG_SCHEMA holds ${postings.n} postings, not ${size}`)
    return undefined
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', 'like', '%@bench.fleeters.test')
    .orderBy('id')
    .execute()
  const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((c) => c.id)
  return { companyIds, bigCompany: companyIds[0]!, driverId: users.find((u) => u.role === 'User')!.id }
}

async function benchEngine(engine: 'sqlite' | 'postgres', size: number, searches: number): Promise<EngineResult> {
  const { handle, reused, cleanup } = await openEngine(engine, size)
  try {
    const store: Store = { db: handle.db, dialect: handle.dialect }
    const started = performance.now()
    const seeded = (reused ? await seededBefore(handle.db, size) : undefined) ?? (await seedAll(handle, size))
    // As autovacuum leaves a loaded table (PostgreSQL vacuums after inserts too): statistics, and the
    // visibility map that lets an index-only scan skip the table.
    await sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db)
    const seedSeconds = (performance.now() - started) / 1000
    console.log(
      `\n== ${engine}, ${size.toLocaleString('en')} postings (seeded and analysed in ${seedSeconds.toFixed(1)} s)`,
    )
    if (engine === 'postgres') {
      // An index-only scan reads the table for a page the visibility map does not mark; vacuum
      // cannot mark rows a transaction still open elsewhere may not see (other sessions on the server).
      const vm = await sql<{
        pages: number
        visible: number
      }>`select relpages as pages, relallvisible as visible from pg_class where oid = 'job_postings'::regclass`.execute(
        handle.db,
      )
      const { pages, visible } = vm.rows[0]!
      const held = ' ← index-only scans will read the table (a transaction elsewhere held vacuum back)'
      console.log(`   visibility map: ${visible} of ${pages} pages all-visible${visible < pages * 0.95 ? held : ''}`)
    }

    // Plans of every shape, with a fixed value of each filter.
    const fullScans: string[] = []
    const planRnd = prng(3)
    for (const shape of SHAPES) {
      const filters = shape.filters(planRnd)
      for (const driver of await driversOf(store, filters, shape.company ? seeded.bigCompany : undefined)) {
        const { ids, list } = queriesOf(store, seeded, filters, shape.company, driver)
        const by = driverLabel(driver)
        for (const [part, q] of [
          ['ids and count', ids],
          ['page past the first 1.000', list],
        ] as const) {
          const plan = await planOf(store, q)
          const bad = plan.filter(isFullScan)
          if (bad.length) fullScans.push(`${shape.name}${by} (${part}): ${bad.join(' / ')}`)
          if (process.env.BENCH_PLANS !== '0') {
            console.log(
              `  plan · ${shape.name}${by} — ${part} ${JSON.stringify(filters)}${bad.length ? '  ← FULL SCAN' : ''}`,
            )
            for (const line of plan) console.log(`      ${line}`)
          }
        }
      }
    }

    const rnd = prng(7)
    const make = () => {
      const shape = SHAPES[Math.floor(rnd.next() * SHAPES.length)]!
      return { shape, run: runOf(store, seeded, shape, rnd) }
    }
    // Warm-up: caches and prepared statements as a running server has them.
    for (let i = 0; i < 40; i++) await make().run()
    if (store.dialect === 'postgres') await printServerWork(store, seeded)

    // One at a time, per shape too.
    // cpu: this process's own CPU time, which waiting for a busy machine's cores does not add
    // to (on PostgreSQL the server's work is not in it).
    const timed: Array<{ shape: string; ms: number; cpu: number; matches: number }> = []
    for (let i = 0; i < searches; i++) {
      const { shape, run } = make()
      const t = performance.now()
      const c = process.cpuUsage()
      const matches = await run()
      const used = process.cpuUsage(c)
      timed.push({ shape: shape.name, ms: performance.now() - t, cpu: (used.user + used.system) / 1000, matches })
    }
    const one = timed.map((t) => t.ms).sort((a, b) => a - b)
    const perShape = SHAPES.map((s) => {
      const mine = timed.filter((t) => t.shape === s.name)
      const ms = mine.map((t) => t.ms).sort((a, b) => a - b)
      const cpu = mine.map((t) => t.cpu).sort((a, b) => a - b)
      return {
        name: s.name,
        p50: ms.length ? percentile(ms, 0.5) : 0,
        p95: ms.length ? percentile(ms, 0.95) : 0,
        cpuP50: cpu.length ? percentile(cpu, 0.5) : 0,
        cpuP95: cpu.length ? percentile(cpu, 0.95) : 0,
        matches: mine.length ? Math.round(mine.reduce((a, t) => a + t.matches, 0) / mine.length) : 0,
      }
    })
    const { times: concurrent, errors } = await timeConcurrent(Array.from({ length: searches }, () => make().run))
    return {
      engine,
      size,
      seedSeconds,
      one: { p50: percentile(one, 0.5), p95: percentile(one, 0.95) },
      concurrent: { p50: percentile(concurrent, 0.5), p95: percentile(concurrent, 0.95) },
      errors,
      perShape,
      fullScans,
    }
  } finally {
    await cleanup()
  }
}

async function main() {
  const sizes = (arg('sizes') ?? '10000,100000,1000000').split(',').map(Number)
  if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) throw new Error('--sizes=10000,100000')
  const searches = Number(arg('searches') ?? 340)
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  const engines = (arg('engines') ?? (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl) ? 'sqlite,postgres' : 'sqlite')).split(
    ',',
  ) as Array<'sqlite' | 'postgres'>
  console.log(
    `Posting search bench: ${engines.join(' and ')}, sizes ${sizes.join(', ')}, ${searches} ` +
      `searches per run; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
  const results: EngineResult[] = []
  const failures: string[] = []
  const print = (r: EngineResult) => {
    const over = r.one.p95 >= BUDGET.oneP95 || r.concurrent.p95 >= BUDGET.concurrentP95 || r.errors > 0
    const failed = r.errors ? ` · ${r.errors} failed` : ''
    console.log(
      `\n${r.engine} ${r.size.toLocaleString('en')}: one at a time p50 ${r.one.p50.toFixed(1)} ` +
        `ms p95 ${r.one.p95.toFixed(1)} ms · ${CONCURRENCY} at once p50 ${r.concurrent.p50.toFixed(1)} ` +
        `ms p95 ${r.concurrent.p95.toFixed(1)} ms${failed}${over ? '  ← OVER BUDGET' : ''}`,
    )
    for (const s of r.perShape)
      console.log(
        `    ${s.name.padEnd(34)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ` +
          `ms  cpu p50 ${s.cpuP50.toFixed(1).padStart(5)} p95 ${s.cpuP95.toFixed(1).padStart(5)} ` +
          `ms  (${s.matches} found)`,
      )
    for (const f of r.fullScans) console.log(`  FULL SCAN: ${f}`)
    return over || r.fullScans.length > 0
  }
  for (const engine of engines) {
    for (const size of sizes) {
      try {
        const r = await benchEngine(engine, size, searches)
        results.push(r)
        print(r)
        console.log(
          `  (load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')})`,
        )
      } catch (err) {
        failures.push(`${engine} ${size}: ${String(err)}`)
        console.error(`\n${engine} ${size} failed:`, err)
      }
    }
  }

  console.log(
    `\n== Summary. Budget: p95 < ${BUDGET.oneP95} ms one at a time, < ${BUDGET.concurrentP95} ` +
      `ms at ${CONCURRENCY} at once; no full scan of job_postings.`,
  )
  let failed = failures.length > 0
  for (const r of results) failed = print(r) || failed
  for (const f of failures) console.log(`FAILED: ${f}`)
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  if (failed) process.exitCode = 1
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
