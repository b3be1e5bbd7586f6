import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The queue's name index (migrations 0037 and 0042) read by the first characters of its longer
 * pieces, in the queue's order (decision 118). A term of three to eleven characters begins pieces
 * of several values ("matías gonzá", "matías pérez", …), each its own range of the primary key:
 * the records it finds came out in the pieces' order, to be sorted and made distinct before the
 * page's first row or a count's last. Here the pieces that begin with the same START_LENGTHS[i]
 * characters are one key, read in upload-time order (created_at, file_id), so a record's two
 * pieces are neighbours, the page is the key's first matching rows and each count can stop at the
 * cap, as a term of one or two characters does (migration 0042), and a term of twelve or more is
 * (one piece, a key of the primary key). A term reads the longest start it holds; its other
 * characters are checked on the piece the index carries (SQLite's holds the primary key;
 * PostgreSQL's includes it).
 *
 * Partial: each index holds only the pieces at least as long as its start. A statement names
 * `length(gram) > n - 1` and `substr(gram, 1, n)` as written here, with literal numbers, for the
 * engines to see the index applies.
 */
export const START_LENGTHS = [3, 6] as const

export const startIndexName = (n: number) => `queue_name_grams_start${n}_idx`

export default function queueNameStarts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const n of START_LENGTHS) {
        const on = `on queue_name_grams (substr(gram, 1, ${n}), created_at, file_id)`
        const partial = `where length(gram) > ${n - 1}`
        await sql
          .raw(`create index ${startIndexName(n)} ${on} ${dialect === 'postgres' ? 'include (gram) ' : ''}${partial}`)
          .execute(db)
      }
    },
  }
}
