import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { dayInChile } from '#domain/format'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import type { Database } from '#services/platform/db/schema'

/** The 22 required slots. */
export const REQUIRED_SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)

/**
 * The latest record (highest id, decision 11) of each slot of each driver: the one that counts.
 * The one way to ask for it, shared by the validated count, the applicant cards' n/22, the
 * console's driver list and the expiry reminders; the same SQL on both engines (a NOT EXISTS on
 * the slot's newer records).
 */
export function latestRecords(db: Kysely<Database>) {
  return db
    .selectFrom('user_files as f')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_files as n')
            .select('n.id')
            .whereRef('n.user_id', '=', 'f.user_id')
            .whereRef('n.purpose_name', '=', 'f.purpose_name')
            .whereRef('n.id', '>', 'f.id'),
        ),
      ),
    )
}

/**
 * A record still in force on `now`'s day in Chile: it carries no expiry date (a kind that does not
 * expire, or uploaded before dates were asked) or its date is today or later. An
 * expired document counts as missing everywhere: the n/22, the validated count, the console.
 */
export function inForce(now: Date) {
  const today = dayInChile(now)
  return (eb: ExpressionBuilder<Database & { f: Database['user_files'] }, 'f'>) =>
    eb.or([eb('f.expires_on', 'is', null), eb('f.expires_on', '>=', today)])
}

/** The same rule as SQL text, for sums over the latest records (`f` is the user_files alias). */
export function inForceSql(now: Date) {
  return sql<boolean>`(f.expires_on is null or f.expires_on >= ${dayInChile(now)})`
}

/** The accepted, unexpired latest records of the 22 required slots: a driver's n/22. */
function acceptedRequired(db: Kysely<Database>, now: Date) {
  return latestRecords(db)
    .where('f.purpose_name', 'in', REQUIRED_SLOTS)
    .where('f.file_status', '=', 'ACCEPTED')
    .where(inForce(now))
}

/** Accepted, unexpired latest records of the 22 required slots, counted per driver. */
export function acceptedRequiredByDriver(db: Kysely<Database>, now: Date) {
  return acceptedRequired(db, now)
    .select(['f.user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('f.user_id')
}

/**
 * A driver's n/22 on `now`'s day in Chile from their row of driver_documents_accepted (migration
 * 0036, decision 107; `alias` names it): its `accepted` while none of those records expired
 * (`expires_first` null or not before today); otherwise `accepted` less the accepted latest
 * records whose date passed, read from the driver's few dated records (user_files_user_expiry_idx).
 * The same n as acceptedRequiredByDriver gives; null when the driver has no row (none accepted).
 * One row per driver instead of the 22 latest records and a probe for a newer one each.
 */
export function acceptedInForce(now: Date, alias: string) {
  const today = dayInChile(now)
  const col = (c: string) => sql.ref(`${alias}.${c}`)
  return sql<number | string | null>`case when ${col('expires_first')} is null or ${col('expires_first')} >= ${today}
    then ${col('accepted')} else ${col('accepted')} - (select count(*) from user_files f
      where f.user_id = ${col('user_id')} and f.expires_on < ${today} and f.file_status = 'ACCEPTED'
      and f.purpose_name in (${sql.join(REQUIRED_SLOTS)})
      and not exists (select 1 from user_files n where n.user_id = f.user_id
        and n.purpose_name = f.purpose_name and n.id > f.id)) end`
}

/** Drivers whose 22 required slots are all ACCEPTED and unexpired in their latest record: 'Fleeter validado'. */
function latestAccepted(db: Kysely<Database>, now: Date) {
  return acceptedRequiredByDriver(db, now).having(
    sql<number>`count(distinct f.purpose_name)`,
    '=',
    REQUIRED_DOCUMENT_COUNT,
  )
}

export async function countValidatedDrivers(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await db
    .selectFrom(latestAccepted(db, now).as('v'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function isValidatedDriver(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  const row = await latestAccepted(db, now).where('f.user_id', '=', userId).executeTakeFirst()
  return Boolean(row)
}

/**
 * The applicants' order by documents kept exact (migration 0040, decision 113): each application
 * whose copy of the driver's n/22 holds to a date that passed gets the n/22 on `now`'s day in
 * Chile and the date that one holds to (the earliest expiry among the records it counts; null when
 * none expires). Run hourly with the expiry reminders; the list reads the ones past their date
 * between runs on its own. A later write of the driver's records copies their row again.
 */
export async function refreshApplicantDocuments(db: Kysely<Database>, now: Date): Promise<number> {
  const applicants = acceptedRequired(db, now).where(sql<boolean>`f.user_id = applications.user_id`)
  const result = await db
    .updateTable('applications')
    .set({
      documents_accepted: applicants.select((eb) => eb.fn.countAll<number>().as('n')),
      documents_until: applicants.select((eb) => eb.fn.min('f.expires_on').as('until')),
    })
    .where('documents_until', '<', dayInChile(now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
