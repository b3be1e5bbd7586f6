import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Dialect } from '#services/platform/db/migrations'
import { databaseBefore, migrateThrough } from '#services/testing/before-migration'
import { engines } from '#services/testing/database'

const THIS = '0023_retention'

/** Migration 0023: when was each record already there retired (replaced or rejected)? */
describe.each(engines as Dialect[])('migration 0023 on %s', (engine) => {
  it(
    'back-fills retired_at from the newer record or the rejection; the latest record ' + 'in force stays null',
    async () => {
      const { handle, cleanup } = await databaseBefore(engine, THIS)
      try {
        const db = handle.db
        const t = (day: number) => `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`
        const user = await sql<{
          id: number
        }>`INSERT INTO users (role, email, password_hash, firstname, lastname, email_verified, created_at, updated_at)
        VALUES ('User', 'c@b.cl', 'x', 'A', 'B', 1, ${t(1)}, ${t(1)}) RETURNING id`.execute(db)
        const userId = user.rows[0]!.id
        const file = async (slot: string, status: string, created: string, reviewed: string | null) => {
          const row = await sql<{ id: number }>`INSERT INTO user_files
            (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, original_name,
            created_at, reviewed_at)
          VALUES (${userId}, ${slot}, ${status}, ${`documents/${slot}-${created}.png`}, 'image/png', 3, 'a.png',
            ${created}, ${reviewed})
          RETURNING id`.execute(db)
          return row.rows[0]!.id
        }
        const first = await file('certificado_antecedentes', 'ACCEPTED', t(1), t(2))
        const second = await file('certificado_antecedentes', 'REJECTED', t(5), t(6))
        const third = await file('certificado_antecedentes', 'PENDING', t(9), null)
        const rejectedLatest = await file('soap_frontal', 'REJECTED', t(3), t(4))
        const rejectedUnreviewed = await file('soap_posterior', 'REJECTED', t(3), null)
        const accepted = await file('padron_vehiculo_frontal', 'ACCEPTED', t(3), t(4))

        await migrateThrough(handle, THIS)
        const rows = await sql<{ id: number; retired_at: string | null; file_purged_at: string | null }>`
        SELECT id, retired_at, file_purged_at FROM user_files ORDER BY id`.execute(db)
        const retired = Object.fromEntries(rows.rows.map((r) => [r.id, r.retired_at]))
        expect(retired).toEqual({
          [first]: t(5),
          [second]: t(6),
          [third]: null,
          [rejectedLatest]: t(4),
          [rejectedUnreviewed]: t(3),
          [accepted]: null,
        })
        expect(rows.rows.every((r) => r.file_purged_at === null)).toBe(true)

        // From now on the triggers keep it: a new upload retires the one it replaces, a rejection itself.
        const fourth = await file('certificado_antecedentes', 'PENDING', t(20), null)
        await sql`UPDATE user_files SET file_status = 'REJECTED', reviewed_at = ${t(21)} WHERE id = ${fourth}`.execute(
          db,
        )
        const after = await sql<{
          id: number
          retired_at: string | null
        }>`SELECT id, retired_at FROM user_files WHERE id IN (${third}, ${fourth}) ORDER BY id`.execute(db)
        expect(after.rows.map((r) => r.retired_at)).toEqual([t(20), t(21)])
        // A record already retired keeps its first time.
        expect(
          (await sql<{ retired_at: string }>`SELECT retired_at FROM user_files WHERE id = ${second}`.execute(db))
            .rows[0]!.retired_at,
        ).toBe(t(6))
      } finally {
        await cleanup()
      }
    },
  )
})
