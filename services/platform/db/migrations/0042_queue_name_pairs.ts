import { sql, type Kysely, type Migration } from 'kysely'
import { createQueueNameTriggers, fillQueueNames as fillPieces, NAME_PIECE_LENGTH } from './0037_queue_name_index'
import type { Dialect } from './helpers'

/**
 * The queue's name index (migration 0037) with every two characters of a text as a key of its own,
 * beside every one (decision 117). A term of one or two characters is then one key, its records
 * read in the queue's order, so its page is the key's first rows and each of its counts a range
 * of upload times the engine can stop reading at the cap (QUEUE_COUNT_CAP); before, two characters
 * were a range of the longer pieces, read whole and made distinct. The pieces at the end of a text
 * are shorter than their length, and the primary key keeps one row per record and piece.
 */
export const PIECE_LENGTHS = [1, 2, NAME_PIECE_LENGTH] as const

/** The pieces of every record in the queue (the migrations, and the bench after a bulk load without triggers). */
export const fillQueueNames = (db: Kysely<any>, dialect: Dialect) => fillPieces(db, dialect, PIECE_LENGTHS)

export default function queueNamePairs(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const run = (text: string) => sql.raw(text).execute(db)
      for (const name of ['queue_name_grams_insert', 'queue_name_grams_update'])
        await run(dialect === 'postgres' ? `drop trigger ${name} on user_files` : `drop trigger ${name}`)
      await run(
        dialect === 'postgres' ? 'drop trigger queue_name_grams_user on users' : 'drop trigger queue_name_grams_user',
      )
      if (dialect === 'postgres') {
        await run('drop function queue_name_grams_file()')
        await run('drop function queue_name_grams_user()')
      }
      await fillQueueNames(db, dialect)
      await createQueueNameTriggers(db, dialect, PIECE_LENGTHS)
    },
  }
}
