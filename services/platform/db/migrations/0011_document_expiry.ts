import type { Kysely, Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Documents that expire. `user_files.expires_on` ('yyyy-mm-dd', null for the kinds
 * that do not expire and for records uploaded before) and one row per reminder sent: the unique
 * (user_file_id, kind) makes each reminder go out once, even with two processes running the job.
 */
export default function documentExpiry(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('user_files').addColumn('expires_on', 'text').execute()
      // The reminder job and the console's list look documents up by their date.
      await db.schema.createIndex('user_files_expires_on_idx').on('user_files').column('expires_on').execute()
      await createTable(db, dialect, 'document_reminders')
        .addColumn('user_file_id', 'integer', (c) => c.notNull().references('user_files.id').onDelete('cascade'))
        // 30, 7 or 0 days before the expiry date.
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('document_reminders_once', ['user_file_id', 'kind'])
        .execute()
    },
  }
}
