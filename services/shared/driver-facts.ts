import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT } from '#domain/reference-data/documents'
import type { DB } from '#services/platform/db/connect'
import type { Platform } from '#services/platform/platform'

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

export interface ExperienceItem {
  job_title: string
  company_name: string | null
  type_employment: string | null
  location: string | null
  start_date: string | null
  end_date: string | null
  job_description: string | null
}

/** The driver's work experience, newest first (the driver area's table). */
export async function driverExperience(p: Platform, userId: number): Promise<ExperienceItem[]> {
  return p.db
    .selectFrom('work_experience')
    .select(['job_title', 'company_name', 'type_employment', 'location', 'start_date', 'end_date', 'job_description'])
    .where('user_id', '=', userId)
    .orderBy('start_date', 'desc')
    .execute()
}
