import type { ExperienceItem } from '#domain/contract/business'
import type { DB } from '#services/platform/db/connect'
import type { Platform } from '#services/platform/platform'
import { acceptedRequiredByDriver } from './validated-drivers'

/**
 * How many of the 22 required documents each driver has ACCEPTED, judging each slot by its latest
 * record (an expired one counts as missing): one grouped query for the whole list.
 */
export async function acceptedDocumentCounts(db: DB, userIds: number[], now: Date): Promise<Map<number, number>> {
  if (!userIds.length) return new Map()
  const rows = await acceptedRequiredByDriver(db, now).where('f.user_id', 'in', userIds).execute()
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]))
}

export type { ExperienceItem }

/** The driver's work experience, newest first (the driver area's table). */
export async function driverExperience(p: Platform, userId: number): Promise<ExperienceItem[]> {
  return p.db
    .selectFrom('work_experience')
    .select(['job_title', 'company_name', 'type_employment', 'location', 'start_date', 'end_date', 'job_description'])
    .where('user_id', '=', userId)
    .orderBy('start_date', 'desc')
    .execute()
}
