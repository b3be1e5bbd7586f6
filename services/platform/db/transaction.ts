import type { Kysely, Transaction } from 'kysely'
import { dbErrorKind } from './errors'
import type { Dialect } from './migrations'
import type { Database } from './schema'

/** Attempts of one transaction when PostgreSQL reports a deadlock or a serialization failure. */
export const TRANSACTION_ATTEMPTS = 4

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `work` in a transaction. A deadlock (40P01), a serialization failure (40001) or a busy
 * SQLite file rolls the whole transaction back and runs it again, up to TRANSACTION_ATTEMPTS
 * times with a short random pause; any other error (an ApiError, a unique violation) goes out at
 * once. So `work` must only touch the database: files, mails and wake-ups belong before or after.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work)
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || dbErrorKind(err) !== 'retry') throw err
      await pause(5 + Math.random() * 20 * attempt)
    }
  }
}

/**
 * Serialises the writers of one user's rows (bank accounts, profile photo): on PostgreSQL the
 * user's row is locked until the transaction ends, so a second request waits and then sees what
 * the first one committed. SQLite runs one write transaction at a time already.
 */
export async function lockUser(trx: Transaction<Database>, dialect: Dialect, userId: number): Promise<boolean> {
  if (dialect !== 'postgres') {
    return Boolean(await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())
  }
  return Boolean(await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst())
}
