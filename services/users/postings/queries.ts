import { sql, type RawBuilder } from 'kysely'
import type { DriverPostingDto, PostingsPage } from '#domain/contract/postings'
import { findRegion } from '#domain/reference-data/geography'
import { regions as regionsOf } from '#domain/reference-data/regions'
import {
  communeRegionOf,
  POSTINGS_PAGE_SIZE,
  type ApplicationStatus,
  type PostingFilters,
} from '#domain/validation/marketplace'
import type { DB } from '#services/platform/db/connect'
import type { Dialect } from '#services/platform/db/migrations'
import {
  cappedCount,
  matchingIds,
  offsetOf,
  pageAndCount,
  postgresTextDriver,
  postingsWithNames,
  REGION_WORDS,
  searchCondition,
  searchTerms,
  textDriver,
  toPostingDto,
  type TextDriver,
  type WordsDriver,
  type WordsPlace,
} from '#services/shared/posting-rows'

/** The database and its engine (the full-text search is spelled per engine). */
export interface Store {
  db: DB
  dialect: Dialect
}

/** A posting as the driver sees it: with whether they applied (and its status) or saved it. */
export type { DriverPostingDto, PostingsPage }

export type SearchFilters = Partial<Omit<PostingFilters, 'page'>>

/** The posting with this driver's application and save joined in (one row per posting). */
export function driverPostings(db: DB, userId: number) {
  return postingsWithNames(db)
    .leftJoin('applications as a', (j) => j.onRef('a.posting_id', '=', 'jp.id').on('a.user_id', '=', userId))
    .leftJoin('saved_postings as sp', (j) => j.onRef('sp.posting_id', '=', 'jp.id').on('sp.user_id', '=', userId))
    .select(['a.status as application_status', 'a.created_at as applied_at', 'sp.id as saved_id'])
}

type DriverRow = Awaited<ReturnType<ReturnType<typeof driverPostings>['executeTakeFirstOrThrow']>>

export function toDriverPostingDto(r: DriverRow): DriverPostingDto {
  return {
    ...toPostingDto(r),
    applied: r.application_status != null,
    application_status: (r.application_status ?? null) as ApplicationStatus | null,
    applied_at: r.applied_at ?? null,
    saved: r.saved_id != null,
  }
}

/**
 * The WHERE of the open-postings search but its words, shared by the page and its count; `w`: on
 * the copies of the filters in job_posting_words (PostgreSQL, which holds open postings only).
 */
function filterCondition(f: SearchFilters, alias: 'jp' | 'w' = 'jp'): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  const parts: RawBuilder<unknown>[] = [alias === 'jp' ? sql`jp.status = 'open'` : sql`true`]
  if (f.id_vehicle !== undefined) parts.push(sql`${col('id_vehicle')} = ${f.id_vehicle}`)
  // A commune lies in one region and a region in one zone (postings are written so): a wider
  // place the narrower one already implies is left out, as it would cost a row read per index
  // entry (the commune and region indexes do not hold it). One that contradicts it stays.
  const impliedRegion = f.id_commune === undefined ? undefined : communeRegionOf(f.id_commune)
  const impliedZone = findRegion(f.id_region ?? impliedRegion ?? 0)?.zone_id
  if (f.id_commune !== undefined) parts.push(sql`${col('id_commune')} = ${f.id_commune}`)
  if (f.id_region !== undefined && f.id_region !== impliedRegion) parts.push(sql`${col('id_region')} = ${f.id_region}`)
  if (f.id_zone !== undefined && f.id_zone !== impliedZone) parts.push(sql`${col('id_zone')} = ${f.id_zone}`)
  if (f.start_time !== undefined) parts.push(sql`${col('id_schedule')} = ${f.start_time}`)
  if (f.pawn !== undefined) parts.push(sql`${col('pawn')} = ${f.pawn ? 1 : 0}`)
  return sql<boolean>`${sql.join(parts, sql` and `)}`
}

/**
 * The queries of a search: the first 1,001 matching ids in the page's order (the count, and the
 * page's ids), and the page itself with its company joined (names of the reference tables come
 * from memory), run for pages past the first 1.000. Exported so the bench can print their plans.
 * `driver`: which index an SQLite search with words walks (searchDriver picks it).
 */
export function searchQueries(
  { db, dialect }: Store,
  userId: number,
  f: SearchFilters,
  page: number,
  driver: TextDriver = 'text',
) {
  const filters = filterCondition(f)
  const ids = matchingIds(db, dialect, filters, f.search, driver)
  const search = searchCondition(f.search, dialect, driver)
  const list = driverPostings(db, userId)
    .where(search ? sql<boolean>`${filters} and ${search}` : filters)
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(POSTINGS_PAGE_SIZE)
    .offset(offsetOf(page, POSTINGS_PAGE_SIZE))
  return { ids, list }
}

/**
 * The index a search with words walks (TextDriver): on SQLite the full-text or the filters' index;
 * on PostgreSQL job_posting_words or the planner's choice. 'text' otherwise.
 */
export function searchDriver({ db, dialect }: Store, f: SearchFilters): Promise<TextDriver> {
  if (dialect === 'postgres') {
    const filtered = [f.id_vehicle, f.id_commune, f.id_region, f.id_zone, f.start_time, f.pawn].some(
      (v) => v !== undefined,
    )
    return postgresTextDriver(db, filterCondition(f), wordsPlace(f), filtered, f.search)
  }
  return textDriver(db, dialect, filterCondition(f), f.search)
}

/**
 * PostgreSQL: the walk of job_posting_words for a search, whether or not searchDriver picks it; null
 * when the words table cannot answer it.
 */
export async function wordsWalk({ db, dialect }: Store, f: SearchFilters): Promise<WordsDriver | null> {
  const terms = dialect === 'postgres' ? await searchTerms(db, f.search) : null
  return terms ? { table: REGION_WORDS, where: wordsPlace(f).where, terms } : null
}

/**
 * Where a words walk goes (WordsPlace): the commune's region or the region given, else the zone's
 * regions (the reference data: a posting's zone is its region's), else all; named on the words'
 * rows so that the planner reads those regions' partitions only.
 */
function wordsPlace(f: SearchFilters): WordsPlace {
  const region = f.id_commune !== undefined ? communeRegionOf(f.id_commune) : f.id_region
  if (region !== undefined) {
    const regions = sql<boolean>`w.id_region = ${region}`
    return {
      where: sql<boolean>`${regions} and ${filterCondition(f, 'w')}`,
      regions,
      place: sql<boolean>`jp.status = 'open' and jp.id_region = ${region}`,
    }
  }
  if (f.id_zone !== undefined) {
    const zone = f.id_zone
    const ids = regionsOf.filter((r) => r.zone_id === zone).map((r) => r.id_region)
    const regions = ids.length ? sql<boolean>`w.id_region in (${sql.join(ids)})` : sql<boolean>`false`
    return {
      where: sql<boolean>`${regions} and ${filterCondition(f, 'w')}`,
      regions,
      place: sql<boolean>`jp.status = 'open' and jp.id_zone = ${zone}`,
    }
  }
  return { where: filterCondition(f, 'w'), regions: sql<boolean>`true`, place: null }
}

export async function searchOpenPostings(
  store: Store,
  userId: number,
  f: SearchFilters,
  page: number,
): Promise<PostingsPage> {
  const { ids, list } = searchQueries(store, userId, f, page, await searchDriver(store, f))
  const { rows, count } = await pageAndCount(
    ids,
    page,
    (pageIds) => driverPostings(store.db, userId).where('jp.id', 'in', pageIds).execute(),
    () => list.execute(),
  )
  return { jobPostings: rows.map(toDriverPostingDto), count, page, page_size: POSTINGS_PAGE_SIZE }
}

/** The driver's saved or applied postings, newest save / application first, open or closed. */
export async function ownPostings(
  db: DB,
  userId: number,
  kind: 'saved' | 'applied',
  page: number,
): Promise<PostingsPage> {
  const base = driverPostings(db, userId).where(kind === 'saved' ? 'sp.id' : 'a.id', 'is not', null)
  const ordered =
    kind === 'saved'
      ? base.orderBy('sp.created_at', 'desc').orderBy('sp.id', 'desc')
      : base.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc')
  const count =
    kind === 'saved'
      ? cappedCount(db, db.selectFrom('saved_postings').where('user_id', '=', userId))
      : cappedCount(db, db.selectFrom('applications').where('user_id', '=', userId))
  const [rows, total] = await Promise.all([
    ordered.limit(POSTINGS_PAGE_SIZE).offset(offsetOf(page, POSTINGS_PAGE_SIZE)).execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { jobPostings: rows.map(toDriverPostingDto), count: Number(total.n), page, page_size: POSTINGS_PAGE_SIZE }
}
