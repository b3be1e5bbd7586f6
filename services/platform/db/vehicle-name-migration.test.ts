import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Dialect } from '#services/platform/db/migrations'
import { databaseBefore, migrateThrough } from '#services/testing/before-migration'
import { engines } from '#services/testing/database'

const THIS = '0044_vehicle_name_accent'

/** Migration 0044: vehicle 7 gets its accent in a database seeded with the spec's «Camion ¾». */
describe.each(engines as Dialect[])('migration 0044 on %s', (engine) => {
  it('renames «Camion ¾» to «Camión ¾»; other vehicles and a name changed by hand stay', async () => {
    for (const seven of ['Camion ¾', 'Camión 3/4']) {
      const { handle, cleanup } = await databaseBefore(engine, THIS)
      try {
        const db = handle.db
        await sql`DELETE FROM vehicles`.execute(db)
        await sql`INSERT INTO vehicles (id_vehicle, name_vehicle) VALUES (5, 'Camión'), (7, ${seven})`.execute(db)
        await migrateThrough(handle, THIS)
        const rows = await sql<{ id_vehicle: number; name_vehicle: string }>`
          SELECT id_vehicle, name_vehicle FROM vehicles ORDER BY id_vehicle`.execute(db)
        expect(rows.rows).toEqual([
          { id_vehicle: 5, name_vehicle: 'Camión' },
          { id_vehicle: 7, name_vehicle: seven === 'Camion ¾' ? 'Camión ¾' : seven },
        ])
      } finally {
        await cleanup()
      }
    }
  })
})
