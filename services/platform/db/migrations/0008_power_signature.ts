import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

// Two migrations carry the number 0008, this one and 0008_replies_and_phones, and both keep their
// names: deployed databases record each migration by its file name, so Kysely would refuse to
// migrate one whose recorded name went missing, and would run the renamed file again.

/**
 * The owner's signature of a simple power is recorded by a reviewer (the WhatsApp
 * «ACEPTO» reply is read by people): when, by whom (the admin's email as in the audit log, and
 * the account while it exists). Until then the power's PDF cannot be approved.
 */
export default function powerSignature(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('simple_powers').addColumn('signature_recorded_at', 'text').execute()
      await db.schema.alterTable('simple_powers').addColumn('signature_recorded_by', 'text').execute()
      await db.schema
        .alterTable('simple_powers')
        .addColumn('signature_recorded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute()
      // The review looks the power up by its PDF.
      await db.schema.createIndex('simple_powers_document_idx').on('simple_powers').column('document_file_id').execute()
    },
  }
}
