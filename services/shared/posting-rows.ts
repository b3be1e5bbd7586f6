import { sql, type Kysely } from 'kysely'
import type { JobPostingDto } from '#domain/contract/postings'
import { formatPayment } from '#domain/money'
import { capacityLabel } from '#domain/reference-data/vehicles'
import { searchTokens } from '#domain/validation/marketplace'
import type { Dialect } from '#services/platform/db/migrations'
import type { Database } from '#services/platform/db/schema'

export type { JobPostingDto }

/** One query: the posting with every name it shows (no lookups per row). */
export function postingsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .innerJoin('zones as z', 'z.id_zone', 'jp.id_zone')
    .innerJoin('regions as r', 'r.id_region', 'jp.id_region')
    .innerJoin('communes as cm', 'cm.id_commune', 'jp.id_commune')
    .innerJoin('vehicles as v', 'v.id_vehicle', 'jp.id_vehicle')
    .innerJoin('schedules as s', 's.id_schedule', 'jp.id_schedule')
    .leftJoin('capacities as cap', 'cap.id_capacity', 'jp.id_capacity')
    .select([
      'jp.id',
      'jp.title',
      'jp.description',
      'co.logo_url',
      'co.name as company_name',
      'co.verified as company_verified',
      'jp.id_zone',
      'z.name_zone',
      'jp.id_region',
      'r.name_region',
      'jp.id_commune',
      'cm.name_commune',
      'jp.id_vehicle',
      'v.name_vehicle',
      'jp.id_capacity',
      'cap.capacity_kg',
      'jp.id_schedule',
      's.name_schedule',
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
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    logo: r.logo_url,
    company_name: r.company_name,
    company_verified: r.company_verified === 1,
    id_zone: r.id_zone,
    name_zone: r.name_zone,
    id_region: r.id_region,
    name_region: r.name_region,
    id_commune: r.id_commune,
    name_commune: r.name_commune,
    id_vehicle: r.id_vehicle,
    name_vehicle: r.name_vehicle,
    id_capacity: r.id_capacity,
    capacity: r.capacity_kg == null ? null : capacityLabel(Number(r.capacity_kg), r.id_vehicle),
    id_schedule: r.id_schedule,
    time: r.name_schedule,
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
 * ignored): the full-text index of migration 0004 on each engine. null when there are no words.
 */
export function searchCondition(search: string | undefined, dialect: Dialect) {
  const tokens = searchTokens(search ?? '')
  if (!tokens.length) return null
  if (dialect === 'postgres') {
    return sql<boolean>`to_tsvector('simple', jp.search_text) @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`
  }
  // Tokens are [a-z0-9]+ (searchTokens), safe inside FTS5 quotes.
  return sql<boolean>`jp.id in (select rowid from job_postings_fts where job_postings_fts match ${tokens.map((t) => `"${t}"*`).join(' ')})`
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}
