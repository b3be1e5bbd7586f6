import type { Kysely, Migration } from 'kysely'
import { createTable, type Dialect } from './helpers'

/** What visitors send through the public site: contact, business contact, fleet requests, inquiries. */
export default function publicSite(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createTable(db, dialect, 'contact_messages')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await createTable(db, dialect, 'business_contacts')
        .addColumn('fullname', 'text', (c) => c.notNull())
        .addColumn('name_business', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await createTable(db, dialect, 'fleet_requests')
        .addColumn('name_business', 'text', (c) => c.notNull())
        .addColumn('fullname', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('id_vehicle', 'integer', (c) => c.notNull().references('vehicles.id_vehicle'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('id_zone', 'integer', (c) => c.notNull().references('zones.id_zone'))
        .addColumn('id_region', 'integer', (c) => c.notNull().references('regions.id_region'))
        .addColumn('id_commune', 'integer', (c) => c.notNull().references('communes.id_commune'))
        .addColumn('id_schedule', 'integer', (c) => c.notNull().references('schedules.id_schedule'))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      await createTable(db, dialect, 'inquiries')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('complaint_type', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      // The team reads them newest first, inquiries and complaints apart.
      await db.schema
        .createIndex('inquiries_type_created_idx')
        .on('inquiries')
        .columns(['type', 'created_at'])
        .execute()
    },
  }
}
