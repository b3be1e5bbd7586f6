import type { Selectable } from 'kysely'
import { dayInChile } from '#domain/format'
import { experienceDurationUntil, type ExperienceValues } from '#domain/validation/experience'
import type { WorkExperienceTable } from '#services/platform/db/schema-driver-area'
import type { Platform } from '#services/platform/platform'
import { notFound, type DriverActor } from './shared'

/**
 * A driver's work experience as operations `(platform, driver, input) → result`: the list, one
 * record, adding, rewriting and removing one. A record that is not the driver's does not exist for
 * them (404). The routes (experience.ts) read the driver of the session and the validated input and
 * answer with the result; tests and scripts call the operations directly.
 */

export const EXPERIENCE_SERVICE_MESSAGES = {
  created: 'Experiencia agregada correctamente.',
  updated: 'Experiencia actualizada correctamente.',
  deleted: 'Experiencia eliminada correctamente.',
} as const

/** One of the driver's records, by the id of the call's path. */
interface ExperienceId {
  id: number
}

/**
 * Spec §3 "Work experience", its fields only. The current job («Trabajo actual»)
 * has a null end_date, and its duration counts up to `today` (yyyy-mm-dd, in Chile).
 */
function toExperience(row: Selectable<WorkExperienceTable>, today: string) {
  return {
    id_ew: row.id,
    job_title: row.job_title,
    company_name: row.company_name,
    type_employment: row.type_employment,
    location: row.location,
    start_date: row.start_date,
    end_date: row.end_date,
    duration: experienceDurationUntil(row.start_date, row.end_date, today),
    job_description: row.job_description,
  }
}

/** The stored columns of a record, from the form's values. */
function columns(input: ExperienceValues) {
  return {
    job_title: input.job_title,
    company_name: input.nameBusiness,
    type_employment: input.typeEmployment,
    location: input.location,
    start_date: input.start_date,
    end_date: input.end_date ?? null,
    job_description: input.job_description,
  }
}

/** The driver's records, the latest start first. */
export async function listExperience(p: Pick<Platform, 'db' | 'now'>, driver: DriverActor) {
  const rows = await p.db
    .selectFrom('work_experience')
    .selectAll()
    .where('user_id', '=', driver.userId)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const today = dayInChile(p.now())
  return rows.map((row) => toExperience(row, today))
}

/** Adds a record to the driver's experience. */
export async function addExperience(p: Pick<Platform, 'db' | 'now'>, driver: DriverActor, input: ExperienceValues) {
  const now = p.now().toISOString()
  const row = await p.db
    .insertInto('work_experience')
    .values({ user_id: driver.userId, ...columns(input), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { message: EXPERIENCE_SERVICE_MESSAGES.created, experience: toExperience(row, dayInChile(p.now())) }
}

/** One of the driver's records, for its edit form; 404 for none. */
export async function readExperience(p: Pick<Platform, 'db' | 'now'>, driver: DriverActor, { id }: ExperienceId) {
  const row = await p.db
    .selectFrom('work_experience')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  if (!row) throw notFound()
  return toExperience(row, dayInChile(p.now()))
}

/** Rewrites one of the driver's records from the form's values; 404 for none. */
export async function updateExperience(
  p: Pick<Platform, 'db' | 'now'>,
  driver: DriverActor,
  { id, values }: ExperienceId & { values: ExperienceValues },
) {
  const row = await p.db
    .updateTable('work_experience')
    .set({ ...columns(values), updated_at: p.now().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', driver.userId)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw notFound()
  return { message: EXPERIENCE_SERVICE_MESSAGES.updated, experience: toExperience(row, dayInChile(p.now())) }
}

/** Removes one of the driver's records; 404 for none. */
export async function deleteExperience(p: Pick<Platform, 'db'>, driver: DriverActor, { id }: ExperienceId) {
  const result = await p.db
    .deleteFrom('work_experience')
    .where('id', '=', id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  if (Number(result.numDeletedRows) !== 1) throw notFound()
  return { message: EXPERIENCE_SERVICE_MESSAGES.deleted }
}
