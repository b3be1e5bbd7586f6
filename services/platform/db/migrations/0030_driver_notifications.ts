import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * Driver notifications by email and WhatsApp (decision 98).
 *
 * `users.notify_email` / `users.notify_whatsapp`: the channels the driver chose in «Mi perfil»;
 * null means «never chosen», read as the default (email on; WhatsApp on when the stored phone is a
 * Chilean mobile), so a driver who changes the phone before choosing follows the new number.
 *
 * `outbox.event_key`: one key per event and channel, unique, so a retried request or two
 * processes writing the same event insert one message. `outbox.held_for`: an email written with
 * a WhatsApp message in status 'held', released by the delivery worker if that WhatsApp message
 * is given up, deleted once it is sent — the fallback that loses nothing.
 */
export default function driverNotifications(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('notify_email', 'integer').execute()
      await db.schema.alterTable('users').addColumn('notify_whatsapp', 'integer').execute()
      await db.schema.alterTable('outbox').addColumn('event_key', 'text').execute()
      await db.schema.alterTable('outbox').addColumn('held_for', 'integer').execute()
      await db.schema.createIndex('outbox_event_key_idx').on('outbox').column('event_key').unique().execute()
      await db.schema.createIndex('outbox_held_for_idx').on('outbox').column('held_for').execute()
    },
  }
}
