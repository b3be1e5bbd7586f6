import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Conversations between a company and a driver, one thread per application (decision 105).
 *
 * `application_messages`: one row per message, text only; `sender` says which side wrote it
 * ('company' or 'driver'), `sender_user_id` which account. `read_at` is the read marker: null
 * until the other side opens the thread (a console reader never sets it). A withdrawn or erased
 * application takes its thread with it (cascade).
 *
 * - `application_messages_thread_idx` (application_id, id): a thread in order.
 * - `application_messages_unread_idx` (application_id, sender) over the unread rows only: the
 *   unread counts per application, per driver and per company walk the few unread messages,
 *   never the history.
 */
export default function applicationMessages(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'application_messages')
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('sender_user_id', 'integer', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute()
      await db.schema
        .createIndex('application_messages_thread_idx')
        .on('application_messages')
        .columns(['application_id', 'id'])
        .execute()
      await db.schema
        .createIndex('application_messages_unread_idx')
        .on('application_messages')
        .columns(['application_id', 'sender'])
        .where(sql.ref('read_at'), 'is', null)
        .execute()
    },
  }
}
