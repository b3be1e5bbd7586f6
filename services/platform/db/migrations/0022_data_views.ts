import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Ley 21.719 (decision 78): every view of a driver's sensitive item by staff or a
 * company — a document's file, a vehicle owner's ID image, the RUT, the public profile — is
 * recorded here by the service that served it, in the same request; the driver reads it in
 * «Quién vio mis datos», the console as the trail.
 *
 * `window_start`: the 10-minute window the view fell in (ms since the epoch / 600 000). A viewer
 * reloading the same item within it writes nothing more: the unique index makes a burst one row,
 * without a read first and without a race between two tabs.
 *
 * The rows go with the driver's account (cascade), like the account's other rows; a viewer's
 * account that disappears leaves the row with its role and company (set null on the ids).
 */
export default function dataViews(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'data_views')
        .addColumn('subject_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('viewer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('viewer_kind', 'text', (c) => c.notNull().check(sql`viewer_kind in ('staff', 'company')`))
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('viewed_at', 'text', (c) => c.notNull())
        .addColumn('window_start', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('data_views_burst_idx')
        .on('data_views')
        .columns(['viewer_user_id', 'kind', 'item_id', 'window_start'])
        .unique()
        .execute()
      await db.schema
        .createIndex('data_views_subject_idx')
        .on('data_views')
        .columns(['subject_user_id', 'viewed_at'])
        .execute()
    },
  }
}
