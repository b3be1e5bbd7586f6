import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Ley 21.719's rights exercised from «Mis datos», and the states they leave on an account.
 *
 * `privacy_requests`: one row per request (who, which right, when, the legal deadline, when it was
 * answered and how), kept as the evidence the law asks for. It outlives the account's personal
 * data: a deletion anonymises the user row, never removes it, so the request still names an id.
 *
 * On `users`: `paused_at` (blocking: companies stop seeing the profile), `opted_out_at`
 * (opposition: no invitations nor non-essential messages), `deletion_due_at` (a deletion waiting
 * out its grace period; a login cancels it) and `closed_at` (the account was deleted and its
 * personal fields erased).
 */
export default function privacyRequests(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'privacy_requests')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('export', 'rectification', 'deletion', 'blocking', 'opposition')`),
        )
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done', 'cancelled')`))
        .addColumn('detail', 'text')
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .addColumn('file_key', 'text')
        .addColumn('file_expires_at', 'text')
        .execute()
      await db.schema
        .createIndex('privacy_requests_user_idx')
        .on('privacy_requests')
        .columns(['user_id', 'kind', 'requested_at'])
        .execute()
      await db.schema
        .createIndex('privacy_requests_open_idx')
        .on('privacy_requests')
        .columns(['status', 'due_at'])
        .execute()
      for (const column of ['paused_at', 'opted_out_at', 'deletion_due_at', 'closed_at']) {
        await db.schema.alterTable('users').addColumn(column, 'text').execute()
      }
    },
  }
}
