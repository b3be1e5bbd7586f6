import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Companies invite validated drivers to apply (decision 106).
 *
 * `users.invitations_opt_in_at`: when the driver turned on «Quiero que las empresas me inviten» in
 * «Mi perfil»; null (every driver until they choose) means no company counts or invites them.
 *
 * `users_invitable_idx`: the matching count of a posting reads only the opted-in drivers with the
 * posting's vehicle in the communes of its region, from the index (partial: the drivers who never
 * opted in are not in it), before it checks the documents of each through `user_files_user_slot_id_idx`.
 *
 * `posting_invitations`: one row per driver invited to a posting, unique on the pair, so a driver
 * is invited once per posting however often the company presses the button or two requests race;
 * `day` is the day in Chile the invitation was sent, indexed with the company for the daily cap.
 */
export default function driverInvitations(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('invitations_opt_in_at', 'text').execute()
      await db.schema
        .createIndex('users_invitable_idx')
        .on('users')
        .columns(['id_vehicle', 'id_commune', 'id'])
        .where(sql.ref('invitations_opt_in_at'), 'is not', null)
        .execute()
      await createTable(db, dialect, 'posting_invitations')
        .addColumn('posting_id', 'integer', (c) => c.notNull().references('job_postings.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('posting_invitations_posting_user_uq', ['posting_id', 'user_id'])
        .execute()
      await db.schema
        .createIndex('posting_invitations_company_day_idx')
        .on('posting_invitations')
        .columns(['company_id', 'day'])
        .execute()
      await db.schema.createIndex('posting_invitations_user_idx').on('posting_invitations').column('user_id').execute()
    },
  }
}
