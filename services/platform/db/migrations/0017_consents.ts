import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Ley 21.719: which version of the Términos y condiciones and of the Política de privacidad each
 * account accepted, when, and from which address (domain/privacy.ts holds the versions in force).
 * One row per acceptance, never updated; (user, document, version) is unique, so accepting twice
 * (two tabs, a retried request) records once. Accounts older than this table have no rows: they
 * accepted no version and are asked once.
 */
export default function consents(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'consents')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('document', 'text', (c) => c.notNull().check(sql`document in ('terms', 'privacy')`))
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .execute()
      await db.schema
        .createIndex('consents_user_document_version_idx')
        .on('consents')
        .columns(['user_id', 'document', 'version'])
        .unique()
        .execute()
    },
  }
}
