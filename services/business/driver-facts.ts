import { sql } from 'kysely'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT } from '../../domain/reference-data/documents'
import type { DB } from '../platform/db/connect'
import type { Platform } from '../platform/platform'

const REQUIRED_SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)

/**
 * How many of the 22 required documents each driver has ACCEPTED, judging each slot by its latest
 * record (highest id): one grouped query for the whole list.
 */
export async function acceptedDocumentCounts(db: DB, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .selectFrom('user_files as uf')
    .select(['uf.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('uf.user_id', 'in', userIds)
    .where('uf.purpose_name', 'in', REQUIRED_SLOTS)
    .where('uf.file_status', '=', 'ACCEPTED')
    .where('uf.id', '=', (eb) =>
      eb
        .selectFrom('user_files as latest')
        .select((e) => e.fn.max('latest.id').as('id'))
        .whereRef('latest.user_id', '=', 'uf.user_id')
        .whereRef('latest.purpose_name', '=', 'uf.purpose_name'),
    )
    .groupBy('uf.user_id')
    .execute()
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]))
}

/**
 * Tables and columns other areas may add (the driver area's work_experience, a driver's commune
 * or vehicle). Read from the catalogue once per platform, so this area works with or without them.
 */
interface OptionalSchema {
  usersCommune: boolean
  usersVehicle: boolean
  workExperience: boolean
}

const cache = new WeakMap<Platform, Promise<OptionalSchema>>()

async function columnsOf(p: Platform, table: string): Promise<Set<string>> {
  if (p.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(p.db)
    return new Set(rows.map((r) => r.name))
  }
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema()`.execute(
    p.db,
  )
  return new Set(rows.map((r) => r.name))
}

export function optionalSchema(p: Platform): Promise<OptionalSchema> {
  let found = cache.get(p)
  if (!found) {
    found = (async () => {
      const users = await columnsOf(p, 'users')
      const experience = await columnsOf(p, 'work_experience')
      return {
        usersCommune: users.has('id_commune'),
        usersVehicle: users.has('id_vehicle'),
        workExperience: experience.has('user_id') && experience.has('job_title'),
      }
    })()
    cache.set(p, found)
  }
  return found
}

export interface DriverPlace {
  name_commune: string | null
  name_vehicle: string | null
}

/** The commune and vehicle of each driver, when the users table knows them. */
export async function driverPlaces(p: Platform, userIds: number[]): Promise<Map<number, DriverPlace>> {
  const schema = await optionalSchema(p)
  const out = new Map<number, DriverPlace>()
  if (!userIds.length || (!schema.usersCommune && !schema.usersVehicle)) return out
  const commune = schema.usersCommune ? sql`(select name_commune from communes where id_commune = u.id_commune)` : sql`null`
  const vehicle = schema.usersVehicle ? sql`(select name_vehicle from vehicles where id_vehicle = u.id_vehicle)` : sql`null`
  const { rows } = await sql<{ id: number; name_commune: string | null; name_vehicle: string | null }>`
    select u.id, ${commune} as name_commune, ${vehicle} as name_vehicle
    from users u where u.id in (${sql.join(userIds)})`.execute(p.db)
  for (const r of rows) out.set(Number(r.id), { name_commune: r.name_commune, name_vehicle: r.name_vehicle })
  return out
}

export interface ExperienceItem {
  job_title: string
  company_name: string | null
  type_employment: string | null
  location: string | null
  start_date: string | null
  end_date: string | null
  job_description: string | null
}

function text(row: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) if (typeof row[k] === 'string' && row[k]) return row[k] as string
  return null
}

/** The driver's work experience, if the driver area's table exists; never fails the profile. */
export async function driverExperience(p: Platform, userId: number): Promise<ExperienceItem[]> {
  if (!(await optionalSchema(p)).workExperience) return []
  try {
    const { rows } = await sql<Record<string, unknown>>`select * from work_experience where user_id = ${userId}`.execute(p.db)
    return rows
      .map((r) => ({
        job_title: text(r, 'job_title') ?? '',
        company_name: text(r, 'company_name', 'name_business'),
        type_employment: text(r, 'type_employment'),
        location: text(r, 'location'),
        start_date: text(r, 'start_date'),
        end_date: text(r, 'end_date'),
        job_description: text(r, 'job_description'),
      }))
      .sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? ''))
  } catch {
    return []
  }
}
