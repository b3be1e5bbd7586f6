import type { Kysely, Migration } from 'kysely'
import { resealColumns, SEALED_COLUMNS } from '#services/platform/column-crypto'
import type { Dialect, MigrationContext } from './helpers'

/**
 * RUTs of people and bank account numbers encrypted in their columns (decision 80,
 * services/platform/column-crypto.ts): `users.rut`, `simple_powers.rut_owner` and `rut_driver`,
 * `bank_details.account_number` keep their names and now hold `v1:<key id>:<iv>:<ciphertext>`.
 * `users.rut_hmac` is the keyed hash of the normalised RUT, unique as the RUT was, for «is this RUT
 * taken» and the console's search by RUT. A company's RUT (`companies.rut`) names a legal person and
 * stays in clear.
 *
 * The rows already there are encrypted in place within this migration's transaction, so it needs
 * the master key (migrateToLatest's `columns`); on a database without any such value (a new
 * install, the tests) it needs none. A crash rolls it all back and the next start runs it again.
 */
export default function sealedColumns(_dialect: Dialect, context: MigrationContext = {}): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('rut_hmac', 'text').execute()
      await db.schema.createIndex('users_rut_hmac_uq').on('users').column('rut_hmac').unique().execute()
      if (!context.columns) {
        for (const { table, column } of SEALED_COLUMNS) {
          const row = await db.selectFrom(table).select('id').where(column, 'is not', null).limit(1).executeTakeFirst()
          if (row) {
            throw new Error(
              `${table}.${column} tiene valores que cifrar y la migración no recibió la clave ` +
                `de datos (DATA_ENCRYPTION_KEY o DATA_DIR/.data-keys)`,
            )
          }
        }
        return
      }
      await resealColumns(db, context.columns)
    },
  }
}
