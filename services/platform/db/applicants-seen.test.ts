import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from './connect'
import { migrations } from './migrations'

describe('migration 0012 on sqlite: applications.seen_at', () => {
  const THIS = '0012_applicants_seen'

  it('counts the applications the company already acted on as seen, and leaves the initial ones new', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-0012-'))
    const handle = openDatabase({ sqlitePath: path.join(dir, 'fleeters.db') })
    try {
      const all = await migrations('sqlite')
      const earlier = Object.fromEntries(Object.entries(all).filter(([name]) => name < THIS))
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => earlier },
        allowUnorderedMigrations: true,
      }).migrateToLatest()
      expect(error).toBeUndefined()
      // The reference data (zones, communes…) is seeded by the app, not by the migrations.
      await sql`PRAGMA foreign_keys = OFF`.execute(handle.db)
      const now = '2026-01-01T00:00:00.000Z'
      const later = '2026-01-02T00:00:00.000Z'
      const user = async (email: string, role: string) =>
        (
          await sql<{
            id: number
          }>`INSERT INTO users (role, email, password_hash, firstname, lastname, email_verified, created_at, updated_at)
            VALUES (${role}, ${email}, 'x', 'A', 'B', 1, ${now}, ${now}) RETURNING id`.execute(handle.db)
        ).rows[0]!.id
      const owner = await user('empresa@b.cl', 'business')
      const company = (
        await sql<{
          id: number
        }>`INSERT INTO companies (user_id, name, rut, contact_name, email, phone, verified, created_at)
          VALUES (${owner}, 'Andes', '76000000-0', 'Ana', 'empresa@b.cl', '22876543', 1, ${now}) RETURNING id`.execute(
          handle.db,
        )
      ).rows[0]!.id
      const posting = (
        await sql<{
          id: number
        }>`INSERT INTO job_postings (company_id, title, description, id_zone, id_region, id_commune, id_vehicle,
            id_schedule, start_date, pawn, payment_amount, payment_period, drivers_needed, status, created_at,
            updated_at)
          VALUES (${company}, 'Ruta', 'Reparto', 2, 13000, 13101, 1, 1, '2026-03-02', 0, 45000, 'por día', 2, 'open',
            ${now}, ${now}) RETURNING id`.execute(handle.db)
      ).rows[0]!.id
      for (const [email, status] of [
        ['nueva@b.cl', 'nueva'],
        ['contactado@b.cl', 'contactado'],
      ] as const) {
        const driver = await user(email, 'User')
        await sql`INSERT INTO applications (posting_id, user_id, status, created_at, updated_at)
          VALUES (${posting}, ${driver}, ${status}, ${now}, ${later})`.execute(handle.db)
      }

      await migrateToLatest(handle)

      const rows = await handle.db.selectFrom('applications').select(['status', 'seen_at']).orderBy('id').execute()
      expect(rows).toEqual([
        { status: 'nueva', seen_at: null },
        { status: 'contactado', seen_at: later },
      ])
    } finally {
      await handle.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
