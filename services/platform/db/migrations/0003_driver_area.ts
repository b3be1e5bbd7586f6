import { sql, type Kysely, type Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/** The driver area: work experience, bank details and profile images (user_files is in 0001). */
export default function driverArea(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'work_experience')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('job_title', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('type_employment', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('job_description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('work_experience_user_idx')
        .on('work_experience')
        .columns(['user_id', 'start_date'])
        .execute()

      await createTable(db, dialect, 'bank_details')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('account_holder_name', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('invoice_type', 'text', (c) => c.notNull())
        .addColumn('receipt_issuance', 'text', (c) => c.notNull())
        .addColumn('sii_address', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('selected', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('bank_details_user_idx').on('bank_details').column('user_id').execute()
      // At most one selected account per driver, whatever races the service loses.
      await db.schema
        .createIndex('bank_details_one_selected_uq')
        .on('bank_details')
        .column('user_id')
        .unique()
        .where(sql.ref('selected'), '=', 'Seleccionado')
        .execute()

      await createTable(db, dialect, 'profile_images')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('profile_images_user_idx').on('profile_images').column('user_id').execute()
    },
  }
}
