import { sql, type Kysely } from 'kysely'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import type { Database } from '#services/platform/db/schema'

/** The 22 required slots. */
export const REQUIRED_SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)

/**
 * The latest record (highest id, decision 11) of each slot of each driver: the one that counts.
 * The one way to ask for it, shared by the validated count, the applicant cards' n/22 and the
 * console's driver list; the same SQL on both engines (a NOT EXISTS on the slot's newer records).
 */
export function latestRecords(db: Kysely<Database>) {
  return db
    .selectFrom('user_files as f')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_files as n').select('n.id').whereRef('n.user_id', '=', 'f.user_id').whereRef('n.purpose_name', '=', 'f.purpose_name').whereRef('n.id', '>', 'f.id'),
        ),
      ),
    )
}

/** Accepted latest records of the 22 required slots, counted per driver. */
export function acceptedRequiredByDriver(db: Kysely<Database>) {
  return latestRecords(db)
    .select(['f.user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('f.purpose_name', 'in', REQUIRED_SLOTS)
    .where('f.file_status', '=', 'ACCEPTED')
    .groupBy('f.user_id')
}

/** Drivers whose 22 required slots are all ACCEPTED in their latest record: 'Fleeter validado'. */
function latestAccepted(db: Kysely<Database>) {
  return acceptedRequiredByDriver(db).having(sql<number>`count(distinct f.purpose_name)`, '=', REQUIRED_DOCUMENT_COUNT)
}

export async function countValidatedDrivers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom(latestAccepted(db).as('v'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function isValidatedDriver(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await latestAccepted(db).where('f.user_id', '=', userId).executeTakeFirst()
  return Boolean(row)
}
