/**
 * The company's hiring screens at scale (decision 107): COMPANIES (1,000) companies, one of them with
 * POSTINGS postings (70 % open, 25 % closed, 5 % drafts) and about 7 applicants on each, the
 * others with 20 postings each; one open posting of that company (Moto, in Santiago) with
 * APPLICANTS applicants in every stage, their messages and invitations; DRIVERS drivers (60 % in
 * the Región Metropolitana, 3 in 10 opted in to invitations, half with a past job, a few paused or
 * opposed) with their 22 documents each (2.2 million records at 100,000: 4 in 10 drivers with all
 * accepted, the others a mix of pending, rejected and accepted; the expiring kinds with dates, 5 %
 * expired; 1 slot in 40 re-uploaded). Seeded by the databases themselves (INSERT … SELECT over a
 * series, as scripts/bench/review.ts does), into a temporary SQLite file and, when DATABASE_URL or
 * TEST_DATABASE_URL names a PostgreSQL server, a database of its own there.
 *
 * Times the services' own answers through the composed services app, as the company's requests
 * (auth, the views recorded, JSON): the panel at /business/dashboard (`GET /business/panel-summary`,
 * the postings list `GET /business/job-postings` on each tab — Todas, Abiertas, Cerradas,
 * Borradores — and far into it, and its search `POST /business/search-my-job-postings`, on all and
 * on one tab); the posting's applicants (`GET /business/job-postings/:id/applicants`) newest first,
 * in each stage, by most documents approved, and both; and the matching drivers' count of the
 * same posting (`GET /business/job-postings/:id/matching-drivers`). One at a time and 10 at once,
 * p50 and p95, with the load average. Prints the plan (EXPLAIN QUERY PLAN / EXPLAIN) of every
 * statement each request runs; fails (exit 1) on a p95 over budget (20 ms one at a time, 50 ms at
 * 10 at once) or a plan that reads a whole large table.
 *
 *   npx tsx scripts/bench/hiring.ts [--drivers=100000] [--postings=2000] [--applicants=5000]
 *     [--companies=1000] [--requests=200] [--engines=sqlite,postgres] [--only=<part of a shape's name>]
 */
import path from 'node:path'
import { CompiledQuery, sql } from 'kysely'
import { communes } from '#domain/reference-data/communes'
import { DOCUMENT_SLOT_KEYS, EXPIRING_SLOTS, OPTIONAL_DOCUMENT_SLOT } from '#domain/reference-data/documents'
import { regions } from '#domain/reference-data/regions'
import {
  VEHICLE_AUTO,
  VEHICLE_CAMION,
  VEHICLE_CAMION_TRES_CUARTOS,
  VEHICLE_FURGON,
  VEHICLE_MOTO,
  VEHICLE_OTRO,
  VEHICLE_SUV,
} from '#domain/reference-data/vehicles'
import { computeCheckDigit } from '#domain/rut'
import { APPLICATION_STATUSES } from '#domain/validation/marketplace'
import { refreshApplicantDocuments } from '#services/shared/validated-drivers'
import { business, companyAccount, driver, driverAccount, type Account } from '#services/testing/business'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { arg } from './args'
import { benchEngines, cpuPerCall, loadAverage, printPrepares, timeCalls, type Figures } from './figures'
import { iso, plansOfCall, series, statementsOfCall, withoutIndexes, type Dialect } from './review'

const SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)
const DAY_MS = 86_400_000
const METROPOLITAN = 13000
const SANTIAGO = 13101
/** The vehicles drivers state, Furgón and Moto the most common. */
const DRIVER_VEHICLES = [
  VEHICLE_FURGON,
  VEHICLE_FURGON,
  VEHICLE_FURGON,
  VEHICLE_MOTO,
  VEHICLE_MOTO,
  VEHICLE_AUTO,
  VEHICLE_CAMION,
  VEHICLE_CAMION_TRES_CUARTOS,
  VEHICLE_SUV,
  VEHICLE_OTRO,
]
/** Postings of the other companies. */
const POSTINGS_EACH = 20

export interface HiringSize {
  drivers: number
  companies: number
  postings: number
  applicants: number
}

export const FULL_SIZE: HiringSize = { drivers: 100_000, companies: 1_000, postings: 2_000, applicants: 5_000 }

export interface HiringSeed {
  /** The company with `postings` postings, as its requests carry it. */
  headers: Record<string, string>
  /** A driver who applied to READER_APPLICATIONS of its postings, with unread messages, as their requests carry it. */
  driverHeaders: Record<string, string>
  companyId: number
  /** Its open posting with `applicants` applicants. */
  postingId: number
  now: number
}

/** `expr` (an integer ≥ 0) picking one of `list`'s SQL literals. */
function pick(list: readonly (string | number)[], expr: string): string {
  const lit = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)
  return `(case ${list.map((v, i) => `when (${expr}) % ${list.length} = ${i} then ${lit(v)}`).join(' ')} end)`
}

/** A 'yyyy-mm-dd' day from epoch milliseconds. */
function day(dialect: Dialect, ms: string): string {
  return dialect === 'postgres'
    ? `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`
    : `strftime('%Y-%m-%d', (${ms}) / 1000.0, 'unixepoch')`
}

/** A deterministic spread of `expr` (an integer): the next step of a multiplicative hash. */
const hash = (expr: string) => `((${expr}) * 2654435761 % 2147483647)`
const rehash = (expr: string) => `((${expr}) * 48271 % 2147483647)`

/** The communes as a CTE `c(k, id_commune, id_region, id_zone)`, and the metropolitan ones as `m(k, …)`. */
function communeTables(): { sql: string; all: number; metropolitan: number } {
  const zoneOf = new Map(regions.map((r) => [r.id_region, r.zone_id]))
  const metro = communes.filter((c) => c.id_region === METROPOLITAN)
  const rows = (list: typeof communes) =>
    list.map((c, k) => `(${k}, ${c.id_commune}, ${c.id_region}, ${zoneOf.get(c.id_region)})`).join(', ')
  return {
    sql:
      `c(k, id_commune, id_region, id_zone) as (values ${rows(communes)}), ` +
      `m(k, id_commune, id_region, id_zone) as (values ${rows(metro)})`,
    all: communes.length,
    metropolitan: metro.length,
  }
}

/**
 * The world of the header, written by the database itself. Hashes of the row's number spread the
 * values deterministically; `now` anchors every date.
 */
export async function seedHiring(p: TestPlatform, size: HiringSize, now = Date.now()): Promise<HiringSeed> {
  const d = p.dialect
  const db = p.db
  const at = new Date(now).toISOString()
  const run = (text: string) => db.executeQuery(CompiledQuery.raw(text))
  const place = communeTables()
  // A commune: 6 in 10 metropolitan, the rest anywhere; `h` and `h2` are hashes of the row.
  const commune = (h: string, h2: string, column: string) =>
    `(case when ${h} % 10 < 6 then (select m.${column} from m where m.k = ${h2} % ${place.metropolitan}) ` +
    `else (select c.${column} from c where c.k = ${h2} % ${place.all}) end)`

  // Drivers.
  const names = ['Camila', 'Pedro', 'Valentina', 'Matías', 'Josefa', 'Benjamín', 'Catalina', 'Tomás']
  const last = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez']
  const h = hash('i')
  const h2 = rehash(h)
  const h3 = rehash(h2)
  const userColumns =
    'role, email, password_hash, firstname, lastname, email_verified, accepted_terms_at, created_at, updated_at'
  await run(
    `with ${place.sql} insert into users (${userColumns}, phone, id_vehicle, id_commune, invitations_opt_in_at, ` +
      `paused_at, opted_out_at) select 'User', 'd' || i || '@hiring.bench.test', 'x', ${pick(names, 'i')}, ` +
      `${pick(last, 'i / 8')}, 1, '${at}', '${at}', '${at}', '9' || (10000000 + i), ` +
      `${pick(DRIVER_VEHICLES, h3)}, ${commune(h, h2, 'id_commune')}, ` +
      `case when ${rehash(h3)} % 10 < 3 then '${at}' end, case when i % 250 = 0 then '${at}' end, ` +
      `case when i % 300 = 0 then '${at}' end from ${series(d, size.drivers)}`,
  )
  await withoutIndexes(p, () => seedFiles(p, now))

  // Companies: the big one with a session, the others written in one statement.
  const big = await companyAccount(p, 'Logística Andes SpA')
  await run(
    `insert into users (${userColumns}) select 'business', 'c' || i || '@hiring.bench.test', 'x', 'Empresa', ` +
      `'N' || i, 1, '${at}', '${at}', '${at}' from ${series(d, size.companies - 1)}`,
  )
  const owners = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', 'c%@hiring.bench.test')
    .where('role', '=', 'business')
    .orderBy('id')
    .execute()
  for (let from = 0; from < owners.length; from += 500) {
    await db
      .insertInto('companies')
      .values(
        owners.slice(from, from + 500).map((o, k) => {
          const body = 70_000_000 + (from + k) * 1_001
          return {
            user_id: o.id,
            name: `Reparto Prueba ${from + k + 1} SpA`,
            rut: `${body}-${computeCheckDigit(body)}`,
            contact_name: 'Contacto',
            email: o.email,
            phone: '22876543',
            id_commune: SANTIAGO,
            logo_url: null,
            verified: 1,
            created_at: at,
          }
        }),
      )
      .execute()
  }
  await seedPostings(p, size, big.companyId, now)

  // The posting with the applicants: open, Moto, in Santiago, published 30 days ago.
  const created = new Date(now - 30 * DAY_MS).toISOString()
  const posting = await db
    .insertInto('job_postings')
    .values({
      company_id: big.companyId,
      title: 'Reparto en moto de última milla',
      description: 'Rutas dentro de la comuna, carga ordenada por sector. Pago semanal.',
      id_zone: regions.find((r) => r.id_region === METROPOLITAN)!.zone_id,
      id_region: METROPOLITAN,
      id_commune: SANTIAGO,
      id_vehicle: VEHICLE_MOTO,
      id_capacity: null,
      id_schedule: 1,
      start_date: created.slice(0, 10),
      pawn: 0,
      payment_amount: 35_000,
      payment_period: 'por día',
      drivers_needed: 40,
      status: 'open',
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await seedApplications(p, size, big.companyId, posting.id, now)
  const reader = await seedReader(p, big.companyId, posting.id, now)
  // What the hourly job has done on a running server: the applicants' copies of their n/22 brought
  // to the day for the documents that expired (decision 113). After the statistics a running
  // database has: without them PostgreSQL intersects every accepted record per application (minutes).
  await sql.raw('analyze').execute(db)
  await refreshApplicantDocuments(db, new Date(now))
  await sql.raw(d === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db)
  return { headers: business(big), driverHeaders: driver(reader), companyId: big.companyId, postingId: posting.id, now }
}

/** Each driver's 22 records: re-uploaded slots' earlier rejected record first (a lower id), then the latest. */
async function seedFiles(p: TestPlatform, now: number) {
  const d = p.dialect
  const run = (text: string) => p.db.executeQuery(CompiledQuery.raw(text))
  const slots = SLOTS.map((s, k) => `select ${k} as k, '${s}' as slot`).join(' union all ')
  const expiring = EXPIRING_SLOTS.map((s) => `'${s}'`).join(', ')
  const h = hash('u.id * 23 + sl.k')
  const h2 = rehash(h)
  const base = `from users u cross join (${slots}) sl where u.email like 'd%@hiring.bench.test' and u.role = 'User'`
  const fileColumns =
    'user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, original_name, created_at, ' +
    'reviewed_at, expires_on'
  const uploaded = `${now - 20 * DAY_MS} - (${h2} % 1000000) * 30000`
  await run(
    `insert into user_files (${fileColumns}, rejection_reason) select u.id, sl.slot, 'REJECTED', ` +
      `'hiring-r-' || u.id || '-' || sl.k, 'image/jpeg', 200000, 'foto.jpg', ` +
      `${iso(d, `${uploaded} - ${5 * DAY_MS}`)}, ` +
      `${iso(d, `${uploaded} - ${4 * DAY_MS}`)}, null, 'La imagen no se lee.' ${base} and ${h} % 40 = 0`,
  )
  // 4 in 10 drivers have every slot accepted; the others' slots are pending (1 in 7), rejected
  // (1 in 11) or accepted. The expiring kinds carry a date from 40 days ago to two years ahead.
  const status =
    `case when u.id % 10 < 4 then 'ACCEPTED' when ${h} % 7 = 0 then 'PENDING' ` +
    `when ${h} % 11 = 0 then 'REJECTED' else 'ACCEPTED' end`
  await run(
    `insert into user_files (${fileColumns}) select u.id, sl.slot, ${status}, 'hiring-' || u.id || '-' || sl.k, ` +
      `'image/jpeg', 200000, 'foto.jpg', ${iso(d, uploaded)}, ` +
      `case when ${status} = 'PENDING' then null else ${iso(d, `${uploaded} + ${DAY_MS}`)} end, ` +
      `case when sl.slot in (${expiring}) then ${day(d, `${now} + ((${h2} % 800) - 40) * ${DAY_MS}`)} end ${base}`,
  )
}

/** The big company's postings and the other companies' 20 each, in time order (ids) over two years. */
async function seedPostings(p: TestPlatform, size: HiringSize, bigCompany: number, now: number) {
  const d = p.dialect
  const run = (text: string) => p.db.executeQuery(CompiledQuery.raw(text))
  const place = communeTables()
  const heads = ['Reparto', 'Conductor', 'Despacho', 'Ruta', 'Distribución', 'Entrega', 'Courier', 'Peoneta']
  const what = ['de paquetería', 'para farmacia', 'de abarrotes', 'de última milla', 'de muebles', 'express']
  const details = [
    'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
    'Pago dentro de 48 horas tras recibir la boleta o factura.',
    'Turnos estables de lunes a viernes, con opción de sábados.',
    'Vehículo propio con documentación al día; se valora conocer la zona.',
  ]
  const columns =
    'company_id, title, description, id_zone, id_region, id_commune, id_vehicle, id_capacity, id_schedule, ' +
    'start_date, pawn, payment_amount, payment_period, drivers_needed, status, created_at, updated_at'
  const span = 730 * DAY_MS
  const h = hash('i')
  const h2 = rehash(h)
  const insert = (count: number, company: string, status: string, created: string) =>
    run(
      `with ${place.sql} insert into job_postings (${columns}) select ${company}, ` +
        `(case when ${h} % 10 < 4 then 'Reparto' else ${pick(heads, h2)} end) || ' ' || ${pick(what, `${h} / 7`)}, ` +
        `${pick(details, `${h2} / 3`)}, ` +
        `(case when ${h} % 10 < 6 then (select m.id_zone from m where m.k = ${h2} % ${place.metropolitan}) ` +
        `else (select c.id_zone from c where c.k = ${h2} % ${place.all}) end), ` +
        `(case when ${h} % 10 < 6 then (select m.id_region from m where m.k = ${h2} % ${place.metropolitan}) ` +
        `else (select c.id_region from c where c.k = ${h2} % ${place.all}) end), ` +
        `(case when ${h} % 10 < 6 then (select m.id_commune from m where m.k = ${h2} % ${place.metropolitan}) ` +
        `else (select c.id_commune from c where c.k = ${h2} % ${place.all}) end), ` +
        `${pick(DRIVER_VEHICLES, `${h} / 11`)}, null, 1 + ${h} % 3, ` +
        `${day(d, `${created} + (${h2} % 60) * ${DAY_MS}`)}, ` +
        `${h} % 4 / 3, 20000 + ${h2} % 60 * 1000, 'por día', 1 + ${h} % 10, ${status}, ` +
        `${iso(d, created)}, ${iso(d, created)} from ${series(d, count)}`,
    )
  // The big company: 70 % open, 25 % closed, 5 % drafts; its newest posting about a day old.
  await insert(
    size.postings,
    String(bigCompany),
    `case when i % 20 < 14 then 'open' when i % 20 < 19 then 'closed' else 'draft' end`,
    `${now} - ${DAY_MS} - cast(${size.postings} - i as bigint) * ${Math.floor(span / size.postings)}`,
  )
  // The others: 20 each, 85 % open.
  const others = await p.db.selectFrom('companies').select('id').where('id', '!=', bigCompany).orderBy('id').execute()
  const first = others[0]?.id ?? bigCompany
  const n = others.length * POSTINGS_EACH
  if (n)
    await insert(
      n,
      `${first} + (i - 1) % ${others.length}`,
      `case when i % 20 < 17 then 'open' when i % 20 < 19 then 'closed' else 'draft' end`,
      `${now} - ${DAY_MS} - cast(${n} - i as bigint) * ${Math.floor(span / n)}`,
    )
}

/**
 * The big posting's applicants (one driver in every `drivers / applicants`, in every stage, most
 * of them seen), about 7 applicants on every other published posting, and around them: a driver's
 * message on 1 application in 10 (half of them unread), a past job for half the drivers, and 300
 * invitations to the big posting.
 */
async function seedApplications(p: TestPlatform, size: HiringSize, companyId: number, postingId: number, now: number) {
  const d = p.dialect
  const run = (text: string) => p.db.executeQuery(CompiledQuery.raw(text))
  const drivers = await p.db
    .selectFrom('users')
    .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
    .where('email', 'like', 'd%@hiring.bench.test')
    .executeTakeFirstOrThrow()
  const first = Number(drivers.first)
  const every = Math.max(1, Math.floor(size.drivers / size.applicants))
  const stage = (hx: string) =>
    `case when ${hx} % 100 < 40 then 'nueva' when ${hx} % 100 < 65 then 'en_revision' ` +
    `when ${hx} % 100 < 80 then 'contactado' when ${hx} % 100 < 85 then 'seleccionado' else 'descartada' end`
  const columns = 'posting_id, user_id, status, created_at, updated_at, seen_at'
  const h = rehash(hash('u.id'))
  const applied = `${now - 30 * DAY_MS} + (${rehash(h)} % 1000000) * 2500`
  const seen = (hx: string, when: string) =>
    `case when ${stage(hx)} <> 'nueva' or ${hx} % 3 = 0 then ${iso(d, `${when} + 3600000`)} end`
  await run(
    `insert into applications (${columns}) select ${postingId}, u.id, ${stage(h)}, ${iso(d, applied)}, ` +
      `${iso(d, applied)}, ${seen(h, applied)} from users u where u.id between ${first} and ` +
      `${first + every * size.applicants - 1} and (u.id - ${first}) % ${every} = 0`,
  )
  // Every other published posting: 0 to 15 applicants, after its publication.
  const k = series(d, 15)
  const driver = `${first} + (jp.id * 7919 + s.i * 104729) % ${size.drivers}`
  const ha = rehash(hash('jp.id * 31 + s.i'))
  const epochMs =
    d === 'postgres'
      ? 'floor(extract(epoch from jp.created_at::timestamptz) * 1000)'
      : "cast(strftime('%s', jp.created_at) as integer) * 1000"
  const when = `${epochMs} + (${ha} % 1000) * 600000`
  await run(
    `insert ${d === 'sqlite' ? 'or ignore ' : ''}into applications (${columns}) select jp.id, ${driver}, ` +
      `${stage(ha)}, ${iso(d, when)}, ${iso(d, when)}, ${seen(ha, when)} from job_postings jp cross join ${k} ` +
      `where jp.status <> 'draft' and jp.id <> ${postingId} and s.i <= (jp.id * 7) % 16` +
      `${d === 'postgres' ? ' on conflict do nothing' : ''}`,
  )
  await run(
    `insert into application_messages (application_id, sender, sender_user_id, subject, body, created_at, read_at) ` +
      `select a.id, 'driver', a.user_id, null, 'Hola, sigo interesado en el trabajo.', a.created_at, ` +
      `case when a.id % 20 = 0 then null else a.created_at end from applications a where a.id % 10 = 0`,
  )
  // Half the drivers have a past job on their profile.
  const hw = rehash(hash('u.id'))
  const stamp = new Date(now).toISOString()
  await run(
    `insert into work_experience (user_id, job_title, company_name, type_employment, location, start_date, ` +
      `end_date, job_description, created_at, updated_at) select u.id, 'Repartidor', 'Courier Sur', ` +
      `'Jornada completa', 'Santiago', ${day(d, `${now} - (${hw} % 2000 + 400) * ${DAY_MS}`)}, ` +
      `${day(d, `${now} - (${hw} % 300 + 30) * ${DAY_MS}`)}, 'Reparto de última milla.', '${stamp}', '${stamp}' ` +
      `from users u where u.email like 'd%@hiring.bench.test' and ${hw} % 2 = 0`,
  )
  const today = new Date(now).toISOString().slice(0, 10)
  await run(
    `insert into posting_invitations (posting_id, user_id, company_id, day, created_at) select ${postingId}, ` +
      `u.id, ${companyId}, '${today}', '${new Date(now).toISOString()}' from users u ` +
      `where u.invitations_opt_in_at is not null and u.id_vehicle = ${VEHICLE_MOTO} and u.role = 'User' ` +
      `and not exists (select 1 from applications a where a.posting_id = ${postingId} and a.user_id = u.id) ` +
      `order by u.id limit 300`,
  )
}

/** The applications of the driver whose unread messages the bench reads. */
const READER_APPLICATIONS = 60

/**
 * A driver with a session who applied to READER_APPLICATIONS of the big company's open postings
 * (not the one with the applicants),
 * with a thread in each: the company wrote twice, the driver answered once; the company's last
 * message unread in one thread in three.
 */
async function seedReader(p: TestPlatform, companyId: number, bigPosting: number, now: number): Promise<Account> {
  const reader = await driverAccount(p, 'Daniela')
  const at = new Date(now).toISOString()
  const postings = await p.db
    .selectFrom('job_postings')
    .select('id')
    .where('company_id', '=', companyId)
    .where('status', '=', 'open')
    .where('id', '!=', bigPosting)
    .orderBy('id', 'desc')
    .limit(READER_APPLICATIONS)
    .execute()
  const applications = await p.db
    .insertInto('applications')
    .values(
      postings.map((jp) => ({
        posting_id: jp.id,
        user_id: reader.userId,
        status: 'nueva',
        created_at: at,
        updated_at: at,
      })),
    )
    .returning('id')
    .execute()
  const message = (application: number, sender: 'company' | 'driver', read: boolean) => ({
    application_id: application,
    sender,
    sender_user_id: reader.userId,
    subject: null,
    body: sender === 'company' ? '¿Puedes empezar el lunes?' : 'Sí, puedo.',
    created_at: at,
    read_at: read ? at : null,
  })
  await p.db
    .insertInto('application_messages')
    .values(
      applications.flatMap((a, k) => [
        message(a.id, 'company', true),
        message(a.id, 'driver', true),
        message(a.id, 'company', k % 3 !== 0),
      ]),
    )
    .execute()
  return reader
}

interface Request {
  name: string
  /** The call's path (and, for a POST, its JSON body). */
  path: (seed: HiringSeed) => string
  json?: unknown
  /** Sent as the driver (driverHeaders) instead of the company. */
  asDriver?: boolean
}

const applicants = (s: HiringSeed, query = '') => `/business/job-postings/${s.postingId}/applicants${query}`

export const REQUESTS: Request[] = [
  { name: 'panel: attention counts', path: () => '/business/panel-summary' },
  { name: 'panel: Todas', path: () => '/business/job-postings?page=1' },
  { name: 'panel: Abiertas', path: () => '/business/job-postings?page=1&status=open' },
  { name: 'panel: Cerradas', path: () => '/business/job-postings?page=1&status=closed' },
  { name: 'panel: Borradores', path: () => '/business/job-postings?page=1&status=draft' },
  { name: 'panel: Todas, page 150', path: () => '/business/job-postings?page=150' },
  { name: 'panel: search', path: () => '/business/search-my-job-postings', json: { search: 'reparto', page: 1 } },
  {
    name: 'panel: search, Abiertas',
    path: () => '/business/search-my-job-postings',
    json: { search: 'farmacia', page: 1, status: 'open' },
  },
  { name: 'applicants, newest first', path: (s) => applicants(s) },
  ...APPLICATION_STATUSES.map((status) => ({
    name: `applicants, ${status}`,
    path: (s: HiringSeed) => applicants(s, `?status=${status}`),
  })),
  { name: 'applicants, most documents', path: (s) => applicants(s, '?sort=documentos') },
  { name: 'applicants, nueva, most docs', path: (s) => applicants(s, '?status=nueva&sort=documentos') },
  { name: 'applicants, page 100', path: (s) => applicants(s, '?page=100') },
  { name: 'applicants, most docs, page 100', path: (s) => applicants(s, '?sort=documentos&page=100') },
  { name: 'matching drivers count', path: (s) => `/business/job-postings/${s.postingId}/matching-drivers` },
  { name: 'driver: unread badge', path: () => '/users/applications/messages/unread', asDriver: true },
  { name: 'driver: threads', path: () => '/users/applications/messages', asDriver: true },
]

const LARGE = [
  'job_postings',
  'applications',
  'users',
  'user_files',
  'companies',
  'posting_invitations',
  'application_messages',
  'work_experience',
  'data_views',
  'driver_documents_accepted',
  'posting_applicant_counts',
  'matching_drivers',
]
/** The aliases the services give those tables in these requests. */
const ALIASES = ['jp', 'a', 'u', 'f', 'n', 'co', 'i', 'm', 'pa', 'dd', 'hidden', 'pc', 'md']

/**
 * Partial indexes a plan may read whole, as the review queue's are (decision 99): they hold the
 * few rows of a state, not a table's history.
 */
const SMALL_PARTIAL_INDEXES = [
  // The unread messages only (migration 0034, decision 105). The panel's unread count walked
  // them; it reads posting_applicant_counts now (decision 110), and no request here reads it whole.
  'application_messages_unread_idx',
  // The drivers companies may not see (migration 0036): visibleToCompanies reads them once per statement.
  'users_hidden_idx',
]

/**
 * A plan line that reads a whole large table: PostgreSQL's Seq Scan; SQLite's SCAN of the table,
 * bare or through a whole index (a SEARCH reads a range, a SCAN all of it) other than a small
 * partial one.
 */
export function isHiringScan(line: string): boolean {
  const names = [...LARGE, ...ALIASES].join('|')
  const scan = new RegExp(`^\\s*SCAN (${names})( USING (COVERING )?INDEX (\\S+))?\\s*$`).exec(line)
  return (
    new RegExp(`\\bSeq Scan on (${LARGE.join('|')})\\b`).test(line) ||
    (scan !== null && !SMALL_PARTIAL_INDEXES.includes(scan[4] ?? ''))
  )
}

/** A request as the client sends it. */
function send(api: ReturnType<typeof testClient>, r: Request, seed: HiringSeed) {
  const url = r.path(seed)
  const headers = r.asDriver ? seed.driverHeaders : seed.headers
  return r.json === undefined ? api.get(url, headers) : api.post(url, r.json, headers)
}

/** The statements a request runs, each with its plan and its full-scan lines (review.ts plansOfCall). */
export function hiringPlans(p: TestPlatform, r: Request, seed: HiringSeed, noSeqScan = false) {
  return plansOfCall(p, r.name, (api) => send(api, r, seed), { noSeqScan, isScan: isHiringScan })
}

async function benchEngine(engine: Dialect, size: HiringSize, requests: number): Promise<Figures[]> {
  const p = await createTestPlatform(engine)
  try {
    const started = performance.now()
    const seed = await seedHiring(p, size)
    const count = async (table: 'user_files' | 'applications' | 'job_postings' | 'users' | 'companies') =>
      Number(
        (
          await p.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ).toLocaleString('en')
    console.log(
      `\n== ${engine}: ${await count('users')} users, ${await count('companies')} companies, ` +
        `${await count('job_postings')} postings (${size.postings.toLocaleString('en')} of one company), ` +
        `${await count('applications')} applications (${size.applicants.toLocaleString('en')} to one posting), ` +
        `${await count('user_files')} document records; seeded and analysed in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (load average ${loadAverage()})`,
    )
    const api = testClient(p)
    const results: Figures[] = []
    const only = arg('only')
    for (const r of REQUESTS.filter((x) => !only || x.name.includes(only))) {
      const plans = await hiringPlans(p, r, seed)
      const scans = plans.flatMap((x) => x.scans)
      if (process.env.BENCH_PLANS !== '0') {
        console.log(
          `  plans · ${r.name} (${r.json ? 'POST' : 'GET'} ${r.path(seed)})${scans.length ? '  ← FULL SCAN' : ''}`,
        )
        for (const x of plans) {
          console.log(`    ${x.sql.replace(/\s+/g, ' ').slice(0, 160)}${x.sql.length > 160 ? '…' : ''}`)
          for (const line of x.plan) console.log(`        ${line}`)
        }
      }
      const call = async () => {
        const res = await send(api, r, seed)
        if (res.status !== 200) throw new Error(`${r.name} answered ${res.status}`)
      }
      results.push({ name: r.name, ...(await timeCalls(call, requests)), scans })
      const cpu = await cpuPerCall(call, requests)
      console.log(`  cpu · ${r.name}: ${cpu.toFixed(2)} ms per request`)
      if (p.dialect === 'sqlite')
        printPrepares(r.name, await statementsOfCall(p, (a) => send(a, r, seed)), p.config.DATA_DIR, cpu)
    }
    return results
  } finally {
    await p.destroy()
  }
}

async function main() {
  const size: HiringSize = {
    drivers: Number(arg('drivers') ?? FULL_SIZE.drivers),
    companies: Number(arg('companies') ?? FULL_SIZE.companies),
    postings: Number(arg('postings') ?? FULL_SIZE.postings),
    applicants: Number(arg('applicants') ?? FULL_SIZE.applicants),
  }
  const requests = Number(arg('requests') ?? 200)
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  if (pgUrl && !process.env.TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = pgUrl
  const engines = (arg('engines') ?? (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl) ? 'sqlite,postgres' : 'sqlite')).split(
    ',',
  ) as Dialect[]
  console.log(
    `Company hiring bench: ${engines.join(' and ')}, ${size.drivers.toLocaleString('en')} drivers, ` +
      `${size.companies} companies, ${size.postings.toLocaleString('en')} postings of one, ` +
      `${size.applicants.toLocaleString('en')} applicants of one posting, ${requests} requests per shape; ` +
      `load average ${loadAverage()}`,
  )
  await benchEngines(engines, (engine) => benchEngine(engine, size, requests))
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
