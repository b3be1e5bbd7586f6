import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Inactive accounts (Ley 21.719, decision 76): when each account last logged in, and when it was
 * warned that it would be deleted for inactivity. Sessions are not the record: they expire and the
 * retention job removes them, so an active person would look inactive.
 *
 * `last_login_at` starts as the newest session's creation, else the account's creation.
 * `inactivity_warned_at` is cleared by the next login.
 *
 * `pending_file_removals`: stored files whose rows a deletion erased, written in the erasing
 * transaction and removed from the file store after its commit; a removal that fails stays listed
 * and the next run retries it, so no row ever points to a missing file and no file is forgotten.
 */
export default function accountActivity(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute()
      await db.schema.alterTable('users').addColumn('inactivity_warned_at', 'text').execute()
      await sql`update users set last_login_at = coalesce((select max(s.created_at) from sessions s
        where s.user_id = users.id), users.created_at)`.execute(db)
      await createTable(db, dialect, 'pending_file_removals')
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
