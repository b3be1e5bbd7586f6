import { sql, type Kysely } from 'kysely'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import type { Database } from '#services/platform/db/schema'

/** The 22 required slots. */
export const REQUIRED_SLOTS = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)

/**
 * Drivers whose latest record (highest id, decision 11) of each of the 22 required slots is
 * ACCEPTED: 'Fleeter validado'. One grouped query over the latest records, same SQL on both engines.
 */
function latestAccepted(db: Kysely<Database>) {
  return db
    .selectFrom('user_files as f')
    .select('f.user_id')
    .where('f.purpose_name', 'in', REQUIRED_SLOTS)
    .where('f.file_status', '=', 'ACCEPTED')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_files as n').select('n.id').whereRef('n.user_id', '=', 'f.user_id').whereRef('n.purpose_name', '=', 'f.purpose_name').whereRef('n.id', '>', 'f.id'),
        ),
      ),
    )
    .groupBy('f.user_id')
    .having(sql<number>`count(distinct f.purpose_name)`, '=', REQUIRED_DOCUMENT_COUNT)
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
