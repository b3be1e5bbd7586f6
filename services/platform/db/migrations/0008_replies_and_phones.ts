import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/** Issue 12: a mail may name where replies go (`outbox.reply_to`, item 8). */
export default function repliesAndPhones(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute()
    },
  }
}
