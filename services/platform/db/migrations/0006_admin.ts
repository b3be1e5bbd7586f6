import { type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * The operations console: the audit log of every admin action, where a home statistic takes its
 * number from ('manual' or a live count). The review queue (PENDING, oldest first) uses 0001's
 * user_files_status_idx; the `admin` role needs no schema (users.role is text).
 */
export default function admin(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'admin_audit_log')
        // Kept when the admin account goes: the log outlives its authors.
        .addColumn('admin_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('admin_audit_log_entity_idx')
        .on('admin_audit_log')
        .columns(['entity_type', 'entity_id', 'id'])
        .execute()
      await db.schema.createIndex('admin_audit_log_created_idx').on('admin_audit_log').column('created_at').execute()

      await db.schema
        .alterTable('statistics')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
        .execute()
    },
  }
}
