import type { ExperienceItem } from '#domain/contract/business'
import type { DB } from '#services/platform/db/connect'
import type { Platform } from '#services/platform/platform'
import { acceptedInForce } from './validated-drivers'

/**
 * How many of the 22 required documents each driver has ACCEPTED, judging each slot by its latest
 * record (an expired one counts as missing): one row per driver from driver_documents_accepted
 * (acceptedInForce), for the whole list.
 */
export async function acceptedDocumentCounts(db: DB, userIds: number[], now: Date): Promise<Map<number, number>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .selectFrom('driver_documents_accepted as dd')
    .select(['dd.user_id', acceptedInForce(now, 'dd').as('n')])
    .where('dd.user_id', 'in', userIds)
    .execute()
  return new Map(rows.map((r) => [r.user_id, Number(r.n ?? 0)]))
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

export interface ExperienceSummary {
  jobs: number
  since: string | null
  latest_title: string | null
  latest_company: string | null
}

/** Each driver's experience in one line for the applicant cards: one query for the list. */
export async function experienceSummaries(p: Platform, userIds: number[]): Promise<Map<number, ExperienceSummary>> {
  const out = new Map<number, ExperienceSummary>()
  if (!userIds.length) return out
  const rows = await p.db
    .selectFrom('work_experience')
    .select(['user_id', 'job_title', 'company_name', 'start_date'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute()
  for (const r of rows) {
    const seen = out.get(r.user_id)
    // Rows come newest first per driver: the first is the latest job, the last the earliest start.
    if (!seen)
      out.set(r.user_id, { jobs: 1, since: r.start_date, latest_title: r.job_title, latest_company: r.company_name })
    else {
      seen.jobs += 1
      if (r.start_date && (!seen.since || r.start_date < seen.since)) seen.since = r.start_date
    }
  }
  return out
}
