import type { Kysely, Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/**
 * The simple power of attorney: the single-use links a driver issues (their jti, so a token can
 * be spent once) and the powers created through them, with the owner's ID images (private file
 * keys) and the generated PDF (a user_files row of slot autorizacion_dueno_vehiculo).
 */
export default function simplePower(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'simple_power_links')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('jti', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute()
      await db.schema.createIndex('simple_power_links_user_idx').on('simple_power_links').column('user_id').execute()

      await createTable(db, dialect, 'simple_powers')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('link_id', 'integer', (c) =>
          c.notNull().unique().references('simple_power_links.id').onDelete('cascade'),
        )
        .addColumn('full_name_driver', 'text', (c) => c.notNull())
        .addColumn('rut_driver', 'text', (c) => c.notNull())
        .addColumn('address_driver', 'text', (c) => c.notNull())
        .addColumn('nationality_driver', 'text', (c) => c.notNull())
        .addColumn('vehicle_brand', 'text', (c) => c.notNull())
        .addColumn('vehicle_model', 'text', (c) => c.notNull())
        .addColumn('vehicle_year', 'integer', (c) => c.notNull())
        .addColumn('vehicle_license_plate', 'text', (c) => c.notNull())
        .addColumn('full_name_owner', 'text', (c) => c.notNull())
        .addColumn('rut_owner', 'text', (c) => c.notNull())
        .addColumn('address_owner', 'text', (c) => c.notNull())
        .addColumn('nationality_owner', 'text', (c) => c.notNull())
        .addColumn('phone_owner', 'text', (c) => c.notNull())
        .addColumn('email_owner', 'text', (c) => c.notNull())
        .addColumn('id_front_key', 'text', (c) => c.notNull())
        .addColumn('id_front_mime', 'text', (c) => c.notNull())
        .addColumn('id_back_key', 'text', (c) => c.notNull())
        .addColumn('id_back_mime', 'text', (c) => c.notNull())
        .addColumn('document_file_id', 'integer', (c) => c.notNull().references('user_files.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('simple_powers_user_idx').on('simple_powers').column('user_id').execute()
    },
  }
}
