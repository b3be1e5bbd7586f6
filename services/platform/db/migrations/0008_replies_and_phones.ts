import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

// Two migrations carry the number 0008, this one and 0008_power_signature, and both keep their
// names: deployed databases record each migration by its file name, so Kysely would refuse to
// migrate one whose recorded name went missing, and would run the renamed file again.

/**
 * A mail may name where replies go (`outbox.reply_to`, item 8); the drivers' phones
 * are stored the one way registration stores them, 569XXXXXXXX (item 10).
 */
export default function repliesAndPhones(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute()
      await normaliseDriverPhones(db)
    },
  }
}

/**
 * Drivers' phones written in another spelling of a Chilean mobile ('987654321',
 * '+56 9 8765 4321') become 569XXXXXXXX. A number that is not a Chilean mobile (the profile
 * took any 9 to 15 digits before item 10) stays as it was, and the screens show it as stored;
 * so does one whose normal form another account already has (the unique index would refuse it).
 * Returns how many rows changed.
 */
export async function normaliseDriverPhones(db: Kysely<any>): Promise<number> {
  const rows = await sql<{
    id: number
    phone: string
  }>`SELECT id, phone FROM users WHERE role = 'User' AND phone IS NOT NULL`.execute(db)
  let changed = 0
  for (const row of rows.rows) {
    // The rule of domain/phone.ts normalizeChileanMobile, written out: a migration never changes.
    const digits = row.phone.replace(/\D/g, '')
    const normal = /^9\d{8}$/.test(digits) ? `56${digits}` : /^569\d{8}$/.test(digits) ? digits : null
    if (!normal || normal === row.phone) continue
    const taken = await sql<{ id: number }>`SELECT id FROM users WHERE phone = ${normal}`.execute(db)
    if (taken.rows.length) continue
    await sql`UPDATE users SET phone = ${normal} WHERE id = ${row.id}`.execute(db)
    changed++
  }
  return changed
}
