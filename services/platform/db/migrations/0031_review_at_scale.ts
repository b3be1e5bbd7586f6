import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The review console at 100,000 drivers (decision 99).
 *
 * - `review_days`: one row per closed Chile day of document decisions — how many, how many timed
 *   (the upload still on record), how many within REVIEW_HOURS, and every timed decision's working
 *   milliseconds from upload to decision, sorted, as little-endian float64s (`times`). Written once
 *   per day, by the first read of «Rendimiento» or the daily team summary that needs the day
 *   (services/users/admin/performance.ts); the page reads at most 30 of them instead of the audit log.
 * - `review_day_reviewers`: the same day's decisions per reviewer, written in the same transaction
 *   as its `review_days` row. The reviewer's id goes when the account goes, as in the audit log;
 *   the address kept beside it then names them.
 * - `user_files_status_slot_created_idx` (file_status, purpose_name, created_at): the queue filtered
 *   by kind, soonest due (oldest upload) first, and its counts, a range of one kind's pending rows.
 *   The unfiltered queue keeps 0001's (file_status, created_at); first upload against re-upload is
 *   a probe of 0004's (user_id, purpose_name, id) per pending row.
 */
export default function reviewAtScale(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('review_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('decisions', 'integer', (c) => c.notNull())
        .addColumn('timed', 'integer', (c) => c.notNull())
        .addColumn('within', 'integer', (c) => c.notNull())
        .addColumn('times', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('review_day_reviewers')
        .addColumn('day', 'text', (c) => c.notNull().references('review_days.day').onDelete('cascade'))
        .addColumn('admin_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('decisions', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('review_day_reviewers_day_idx')
        .on('review_day_reviewers')
        .columns(['day', 'admin_user_id'])
        .execute()
      await db.schema
        .createIndex('user_files_status_slot_created_idx')
        .on('user_files')
        .columns(['file_status', 'purpose_name', 'created_at'])
        .execute()
    },
  }
}
