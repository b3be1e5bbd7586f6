import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { JobPostingDto } from '#domain/contract/postings'
import { formatPayment } from '#domain/format'
import { findCommune, findRegion, findZone } from '#domain/reference-data/geography'
import { findSchedule } from '#domain/reference-data/schedules'
import { capacityLabel, findCapacity, findVehicle } from '#domain/reference-data/vehicles'
import { POSTINGS_COUNT_CAP, POSTINGS_PAGE_SIZE, searchTokens } from '#domain/validation/marketplace'
import type { Dialect } from '#services/platform/db/migrations'
import type { Database } from '#services/platform/db/schema'

export type { JobPostingDto }

/**
 * One query: the posting with its company (the only table whose names change). The names of the
 * reference tables — zone, region, commune, vehicle, capacity, schedule — come from
 * domain/reference-data in toPostingDto (issue 14 item 1: no join per name), the same lists the
 * reference tables are seeded from.
 */
export function postingsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .select([
      'jp.id',
      'jp.title',
      'jp.description',
      'co.logo_url',
      'co.name as company_name',
      'co.verified as company_verified',
      'jp.id_zone',
      'jp.id_region',
      'jp.id_commune',
      'jp.id_vehicle',
      'jp.id_capacity',
      'jp.id_schedule',
      'jp.start_date',
      'jp.pawn',
      'jp.payment_amount',
      'jp.payment_period',
      'jp.drivers_needed',
      'jp.status',
      'jp.created_at',
      'jp.updated_at',
    ])
}

export type PostingRow = Awaited<ReturnType<ReturnType<typeof postingsWithNames>['executeTakeFirstOrThrow']>>

export function toPostingDto(r: PostingRow): JobPostingDto {
  const capacityKg = r.id_capacity == null ? undefined : findCapacity(r.id_capacity)?.capacity_kg
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    logo: r.logo_url,
    company_name: r.company_name,
    company_verified: r.company_verified === 1,
    id_zone: r.id_zone,
    name_zone: findZone(r.id_zone)?.name_zone ?? '',
    id_region: r.id_region,
    name_region: findRegion(r.id_region)?.name_region ?? '',
    id_commune: r.id_commune,
    name_commune: findCommune(r.id_commune)?.name_commune ?? '',
    id_vehicle: r.id_vehicle,
    name_vehicle: findVehicle(r.id_vehicle)?.name_vehicle ?? '',
    id_capacity: r.id_capacity,
    capacity: capacityKg === undefined ? null : capacityLabel(capacityKg, r.id_vehicle),
    id_schedule: r.id_schedule,
    time: findSchedule(r.id_schedule)?.name_schedule ?? '',
    start_date: r.start_date,
    pawn: r.pawn ? 'Si' : 'No',
    payment: formatPayment(Number(r.payment_amount), r.payment_period),
    payment_amount: Number(r.payment_amount),
    payment_period: r.payment_period,
    drivers_needed: Number(r.drivers_needed),
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}

/**
 * How an SQLite search with words reads (decision 64): `text` walks the full-text index newest
 * first (its rowid orders as created_at, id: migration 0013) and checks the other filters on each
 * posting; `rows` walks the filters' index newest first and checks the words on each posting
 * (fleeters_words_start). Either stops at the 1,001st match; textDriver picks the one that gets
 * there reading fewer entries. PostgreSQL's planner makes the same choice itself.
 */
export type TextDriver = 'text' | 'rows'

/** The full-text index holds every word prefix up to this many letters (migration 0013). */
const INDEXED_PREFIX = 4

/**
 * Each word as a word prefix. `short`: a word longer than the index's prefixes is asked by its
 * first 4 letters (read newest first from the prefix index; the rest is checked on the row):
 * FTS5 answers a longer prefix only after merging every match of every word that has it.
 */
function ftsQuery(tokens: string[], short: boolean): string {
  return [...new Set(tokens.map((t) => `"${short ? t.slice(0, INDEXED_PREFIX) : t}"*`))].join(' ')
}

/**
 * Every word of the search must start a word of the title or description (accents and case
 * ignored), through each engine's full-text index: SQLite's FTS5 table (migrations 0004, 0013),
 * and on PostgreSQL the stored search_vector (migration 0009), where a word also finds the other
 * forms of its Spanish stem (camiones, camión). null when there are no words. On SQLite, `rows`
 * checks the words on the row itself; otherwise the ids the full-text index gives.
 */
export function searchCondition(search: string | undefined, dialect: Dialect, driver: TextDriver = 'text') {
  const tokens = searchTokens(search ?? '')
  if (!tokens.length) return null
  if (dialect === 'postgres') {
    // Tokens are [a-z0-9]+ (searchTokens), safe inside a tsquery.
    const query = sql.join(
      tokens.map((t) => sql`(to_tsquery('fleeters_words', ${`${t}:*`}) || to_tsquery('fleeters_es', ${t}))`),
      sql` && `,
    )
    return sql<boolean>`jp.search_vector @@ (${query})`
  }
  if (driver === 'rows') return sql<boolean>`fleeters_words_start(jp.title, jp.description, ${tokens.join(' ')}) = 1`
  return sql<boolean>`jp.search_key in (select rowid from job_postings_fts where job_postings_fts match ${ftsQuery(tokens, false)})`
}

/** How many entries textDriver reads of each index at most to weigh them. */
const DRIVER_PROBE = 500

/**
 * What a step of the `rows` walk costs against one of the `text` walk: `text` checks the filters
 * in an index and reads only the postings that pass them, `rows` reads every posting and runs
 * fleeters_words_start on it (3 to 6 times as much at 1M postings, scripts/bench/search.ts).
 */
const ROW_CHECK_COST = 4

/**
 * SQLite: which index a search with words walks (TextDriver). Each side reads at most 500 entries
 * newest first: the postings whose words match, and those the filters let through. When a side
 * has fewer, its whole walk is known (at most 500 steps): the cheaper known walk wins. Otherwise
 * the time its 500th entry goes back to is the side's density: walking one side reads about
 * 1,001 / (the other side's share) entries, so the denser side is the one to check, not walk.
 */
export async function textDriver(db: Kysely<Database>, dialect: Dialect, where: RawBuilder<boolean>, search: string | undefined): Promise<TextDriver> {
  const tokens = searchTokens(search ?? '')
  if (dialect !== 'sqlite' || !tokens.length) return 'text'
  const text = await sql<{ n: number; last: number | null }>`select count(*) as n, min(rowid) as last from (select rowid from job_postings_fts
      where job_postings_fts match ${ftsQuery(tokens, true)} order by rowid desc limit ${DRIVER_PROBE})`.execute(db)
  const rows = await sql<{ n: number; last: string | null }>`select count(*) as n, min(created_at) as last from (select jp.created_at from job_postings jp
      where ${where} order by jp.created_at desc, jp.id desc limit ${DRIVER_PROBE})`.execute(db)
  const t = text.rows[0]!
  const r = rows.rows[0]!
  if (t.n < DRIVER_PROBE && r.n < DRIVER_PROBE) return t.n <= r.n * ROW_CHECK_COST ? 'text' : 'rows'
  if (t.n < DRIVER_PROBE) return 'text'
  if (r.n < DRIVER_PROBE) return 'rows'
  // How far back each side's 500 newest go; the search key's high bits are created_at's millisecond.
  const now = Date.now()
  const textSpan = Math.max(1, now - Number(t.last) / 2 ** 20)
  const rowsSpan = Math.max(1, now - Date.parse(r.last!))
  return rowsSpan < textSpan * ROW_CHECK_COST ? 'text' : 'rows'
}

type WithFts = Kysely<Database & { job_postings_fts: { rowid: number } }>

/**
 * The first 1,001 ids of the postings `where` lets through whose words match `search`, newest
 * first: the count, and the ids of the first 100 pages. `where` holds the other filters.
 */
export function matchingIds(db: Kysely<Database>, dialect: Dialect, where: RawBuilder<boolean>, search: string | undefined, driver: TextDriver = 'text') {
  const tokens = searchTokens(search ?? '')
  if (dialect === 'sqlite' && tokens.length && driver === 'text') {
    const long = tokens.filter((t) => t.length > INDEXED_PREFIX)
    // CROSS JOIN: SQLite keeps the full-text index as the outer loop, and its rowid order.
    let ids = (db as unknown as WithFts)
      .selectFrom('job_postings_fts as f')
      .crossJoin('job_postings as jp')
      .select('jp.id')
      .where(sql<boolean>`f.job_postings_fts match ${ftsQuery(tokens, true)}`)
      .where(sql<boolean>`jp.search_key = f.rowid`)
      .where(where)
    if (long.length) ids = ids.where(sql<boolean>`fleeters_words_start(jp.title, jp.description, ${long.join(' ')}) = 1`)
    return ids.orderBy(sql`f.rowid`, 'desc').limit(COUNT_CAP + 1)
  }
  const condition = searchCondition(search, dialect, driver)
  return db
    .selectFrom('job_postings as jp')
    .select('jp.id')
    .where(condition ? sql<boolean>`${where} and ${condition}` : where)
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(COUNT_CAP + 1)
}

/** A count stops here plus one: the screens read more as «más de 1.000» (issue 14 item 1). */
export const COUNT_CAP = POSTINGS_COUNT_CAP

/**
 * How many rows the query finds, up to COUNT_CAP + 1: the database stops reading at the 1,001st
 * instead of counting every match of a broad search.
 */
export function cappedCount<Q extends SelectQueryBuilder<Database, any, any>>(db: Kysely<Database>, query: Q) {
  return db
    .selectFrom(
      query
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
}

/**
 * One page and the capped count of a search in one pass over the index: `ids` lists the first
 * 1,001 matching ids in the page's order (the count is their number), the page's rows are then
 * read by id. A separate page query let PostgreSQL guess a rare word common and walk the whole
 * newest-first index for 10 rows it did not have; the ids query's LIMIT 1,001 weighs both ways.
 * Pages past the first 1.000 postings run `pastTheCap`, the page query itself.
 */
export async function pageAndCount<R extends { id: number }>(
  ids: { execute(): Promise<Array<{ id: number }>> },
  page: number,
  rowsOf: (ids: number[]) => Promise<R[]>,
  pastTheCap: () => Promise<R[]>,
): Promise<{ rows: R[]; count: number }> {
  const found = (await ids.execute()).map((r) => r.id)
  const offset = offsetOf(page, POSTINGS_PAGE_SIZE)
  if (found.length <= COUNT_CAP || offset + POSTINGS_PAGE_SIZE <= found.length) {
    const pageIds = found.slice(offset, offset + POSTINGS_PAGE_SIZE)
    const at = new Map(pageIds.map((id, i) => [id, i]))
    const rows = pageIds.length ? await rowsOf(pageIds) : []
    return { rows: rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!), count: found.length }
  }
  return { rows: await pastTheCap(), count: found.length }
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}
