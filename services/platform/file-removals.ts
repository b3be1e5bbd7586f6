import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'

/**
 * Stored files to remove once the rows that named them are gone (`pending_file_removals`,
 * migration 0020), shared by the account deletion and the retention job. The keys are written in
 * the transaction that erases or marks the rows; the files are removed after its commit, then
 * their keys. A crash or an absent store leaves keys for the next run: no row ever points to a
 * missing file, and no file is forgotten. Listing a key twice records it once.
 */
export async function queueFileRemovals(
  db: Kysely<Database> | Transaction<Database>,
  keys: readonly string[],
  at: string,
): Promise<void> {
  if (!keys.length) return
  await db
    .insertInto('pending_file_removals')
    .values(keys.map((storage_key) => ({ storage_key, created_at: at })))
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute()
}

/** Keys waiting (a dry run's count). */
export async function countQueuedFiles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('pending_file_removals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Removes up to `limit` queued files, oldest first, then their keys. When the store fails the rest
 * stay for the next run (`filesLeft`); a key no store can hold names no file and is dropped.
 */
export async function removeQueuedFiles(p: Platform, limit: number): Promise<{ files: number; filesLeft: number }> {
  const queued = await p.db
    .selectFrom('pending_file_removals')
    .select(['id', 'storage_key'])
    .orderBy('id')
    .limit(limit)
    .execute()
  let files = 0
  let filesLeft = 0
  for (const [i, row] of queued.entries()) {
    let removed = true
    try {
      await p.files.remove(row.storage_key)
    } catch (error) {
      if (!(error instanceof Error && error.message === 'invalid file key')) {
        filesLeft = queued.length - i
        break
      }
      removed = false
    }
    const gone = await p.db.deleteFrom('pending_file_removals').where('id', '=', row.id).executeTakeFirst()
    if (removed && Number(gone.numDeletedRows) === 1) files++
  }
  return { files, filesLeft }
}
