import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * Staff who prove who they are (decision 77).
 *
 * `totp_factors`: one authenticator app per account (RFC 6238), its secret sealed with the data
 * keys (services/platform/file-crypto.ts), never in clear; `confirmed_at` null while the person is
 * enrolling (the code that confirms it has not come yet); `last_step` the last 30-second step a
 * code was accepted for, so one code never opens two sessions.
 *
 * `recovery_codes`: ten single-use codes per factor, stored as keyed hashes; `used_at` once spent.
 *
 * On `sessions`: `factor_pending` 1 while a session that needs the second factor has not passed it
 * (the services refuse it everywhere but the second-factor step); `reauth_at` when its owner last
 * proved it again (password or code) — the console's sensitive actions ask for the last 10 minutes.
 *
 * On `users`: `staff_role`, for console accounts: 'revisor' or 'administrador'. Every console
 * account that exists becomes administrador (they could do everything until now), and every open
 * console session needs the second factor from now on.
 */
export default function staffFactors(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('totp_factors')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('last_step', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await createTable(db, dialect, 'recovery_codes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('recovery_codes_user_idx')
        .on('recovery_codes')
        .columns(['user_id', 'code_hash'])
        .unique()
        .execute()
      await db.schema
        .alterTable('sessions')
        .addColumn('factor_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('sessions').addColumn('reauth_at', 'text').execute()
      await db.schema
        .alterTable('users')
        .addColumn('staff_role', 'text', (c) => c.check(sql`staff_role in ('revisor', 'administrador')`))
        .execute()
      await db.updateTable('users').set({ staff_role: 'administrador' }).where('role', '=', 'admin').execute()
      await db.updateTable('sessions').set({ factor_pending: 1 }).where('role', '=', 'admin').execute()
    },
  }
}
