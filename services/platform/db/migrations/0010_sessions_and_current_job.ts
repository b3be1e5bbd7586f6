import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * A session remembers the device it was opened on (a short label read
 * from the User-Agent at login, «Chrome en Android») and when it was last used (written at most
 * once a minute), for the account's «Seguridad» page. A work experience may be the current job:
 * its end date becomes nullable (null = «Actualidad»).
 */
export default function sessionsAndCurrentJob(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sessions').addColumn('device', 'text').execute()
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute()

      if (dialect === 'postgres') {
        await db.schema
          .alterTable('work_experience')
          .alterColumn('end_date', (c) => c.dropNotNull())
          .execute()
        return
      }
      // SQLite cannot drop a NOT NULL: the table is rebuilt with the same columns, rows, ids
      // (and AUTOINCREMENT counter, so a deleted experience's id is never reused) and index.
      await createTable(db, dialect, 'work_experience_next')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('job_title', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('type_employment', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('job_description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      const columns = sql.raw(
        'id, user_id, job_title, company_name, type_employment, location, start_date, ' +
          'end_date, job_description, created_at, updated_at',
      )
      await sql`INSERT INTO work_experience_next (${columns}) SELECT ${columns} FROM work_experience`.execute(db)
      await sql`DELETE FROM sqlite_sequence WHERE name = 'work_experience_next'`.execute(db)
      await sql`INSERT INTO sqlite_sequence (name, seq)
        SELECT 'work_experience_next', seq FROM sqlite_sequence WHERE name = 'work_experience'`.execute(db)
      await db.schema.dropTable('work_experience').execute()
      await db.schema.alterTable('work_experience_next').renameTo('work_experience').execute()
      await db.schema
        .createIndex('work_experience_user_idx')
        .on('work_experience')
        .columns(['user_id', 'start_date'])
        .execute()
    },
  }
}
