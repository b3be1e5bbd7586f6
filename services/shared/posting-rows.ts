import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
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
 * Every word of the search must start a word of the title or description (accents and case
 * ignored), through each engine's full-text index: SQLite's FTS5 table (migration 0004), and on
 * PostgreSQL the stored search_vector (migration 0009), where a word also finds the other forms
 * of its Spanish stem (camiones, camión). null when there are no words.
 */
export function searchCondition(search: string | undefined, dialect: Dialect) {
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
  return sql<boolean>`jp.id in (select rowid from job_postings_fts where job_postings_fts match ${tokens.map((t) => `"${t}"*`).join(' ')})`
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
