import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { searchCondition } from '#services/shared/posting-rows'
import { addSearchPostings, databaseBefore, migrateThrough } from '#services/testing/before-migration'
import { engines } from '#services/testing/database'
import type { Dialect } from './migrations'

const THIS = '0015_search_open_postings'

const beforeThis = (engine: Dialect) => databaseBefore(engine, THIS)
const addPostings = addSearchPostings

const titlesFound = async (db: Kysely<any>, dialect: Dialect, search: string) =>
  (
    await sql<{
      title: string
    }>`select jp.title from job_postings jp where ${searchCondition(search, dialect)} order by jp.id`.execute(db)
  ).rows.map((r) => r.title)

describe.runIf(engines.includes('postgres'))(
  'migration 0015 on postgres: the open postings searched through partial indexes',
  () => {
    it('keeps every posting findable by the same words, stores no word positions and drops search_text', async () => {
      const { handle, cleanup } = await beforeThis('postgres')
      try {
        await addPostings(handle.db, 'postgres')
        const searches = ['camion', 'CAMIONES', 'nunoa', 'repar', 'distribucion pedidos', 'refrig', 'furgon']
        const before = await Promise.all(searches.map((s) => titlesFound(handle.db, 'postgres', s)))

        await migrateThrough(handle, THIS)

        expect(await Promise.all(searches.map((s) => titlesFound(handle.db, 'postgres', s)))).toEqual(before)
        expect(before[0]).toEqual(['Despacho en camión refrigerado', 'Reparto de camiones'])
        // strip(): lexemes without positions ('camion' rather than 'camion':4).
        const vectors = await sql<{ v: string }>`select search_vector::text as v from job_postings`.execute(handle.db)
        for (const { v } of vectors.rows) expect(v).not.toMatch(/':\d/)
        const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'job_postings'`.execute(handle.db)
        expect(columns.rows.map((r) => r.column_name)).not.toContain('search_text')
        // A new posting gets its vector too (the column is still generated).
        const row = await sql<{
          id: number
        }>`INSERT INTO job_postings (company_id, title, description, id_zone, id_region, id_commune, id_vehicle,
          id_schedule, start_date, pawn, payment_amount, payment_period, drivers_needed, status, created_at, updated_at)
        SELECT company_id, 'Peoneta para mudanzas', 'Carga y descarga.', id_zone, id_region, id_commune, id_vehicle,
          id_schedule, start_date, pawn, payment_amount, payment_period, drivers_needed, 'open', created_at, updated_at
        FROM job_postings LIMIT 1 RETURNING id`.execute(handle.db)
        expect(row.rows).toHaveLength(1)
        expect(await titlesFound(handle.db, 'postgres', 'mudanza')).toEqual(['Peoneta para mudanzas'])
      } finally {
        await cleanup()
      }
    })

    it(
      'indexes the open postings only, each filter first and then created_at, and walks ' +
        'them newest first reading no row',
      async () => {
        const { handle, cleanup } = await beforeThis('postgres')
        try {
          await migrateThrough(handle, THIS)
          await addPostings(handle.db, 'postgres')
          // 6,000 more in time order, over 50 communes, one in 7 closed.
          await sql`INSERT INTO job_postings (company_id, title, description, id_zone, id_region, id_commune,
          id_vehicle, id_schedule, start_date, pawn, payment_amount, payment_period, drivers_needed, status, created_at,
          updated_at)
        SELECT p.company_id, p.title, p.description, p.id_zone, p.id_region, c.id_commune, p.id_vehicle, 1 + g % 3,
          p.start_date, g % 2, p.payment_amount, p.payment_period, p.drivers_needed,
          CASE WHEN g % 7 = 0 THEN 'closed' ELSE 'open' END,
          to_char(timestamp '2026-02-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), p.start_date
        FROM (SELECT * FROM job_postings ORDER BY id LIMIT 1) p, generate_series(1, 6000) g,
          LATERAL (SELECT id_commune FROM communes ORDER BY id_commune OFFSET g % 50 LIMIT 1) c`.execute(handle.db)
          await sql`vacuum analyze job_postings`.execute(handle.db)
          const indexes = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'job_postings' and indexname like 'job_postings_open%'
        order by indexname`.execute(handle.db)
          expect(
            Object.fromEntries(indexes.rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')])),
          ).toEqual({
            job_postings_open_commune_idx:
              "btree (id_commune, created_at, id, id_vehicle, id_schedule, pawn) WHERE (status = 'open'::text)",
            job_postings_open_idx:
              "btree (created_at, id, id_vehicle, id_schedule, pawn) WHERE (status = 'open'::text)",
            job_postings_open_region_idx:
              "btree (id_region, created_at, id, id_vehicle, id_schedule, pawn) WHERE (status = 'open'::text)",
            job_postings_open_vehicle_idx:
              "btree (id_vehicle, created_at, id, id_schedule, pawn) WHERE (status = 'open'::text)",
            job_postings_open_zone_idx:
              "btree (id_zone, created_at, id, id_vehicle, id_schedule, pawn) WHERE (status = 'open'::text)",
          })
          const options = await sql<{
            reloptions: string[]
          }>`select reloptions from pg_class where oid = 'job_postings'::regclass`.execute(handle.db)
          expect(options.rows[0]!.reloptions).toContain('fillfactor=90')
          const plan = await handle.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx)
            const rows = await sql<{
              'QUERY PLAN': string
            }>`explain select jp.id from job_postings jp
          where jp.status = 'open' and jp.id_commune = 13101 and jp.pawn = 0
          order by jp.created_at desc, jp.id desc limit 1001`.execute(trx)
            return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
          })
          expect(plan).toMatch(/Index Only Scan Backward using job_postings_open_commune_idx/)
          expect(plan).not.toMatch(/Sort/)
        } finally {
          await cleanup()
        }
      },
    )
  },
)

describe('migration 0015 on sqlite', () => {
  it('changes nothing (SQLite keeps decision 64: migrations 0009 and 0013)', async () => {
    const { handle, cleanup } = await beforeThis('sqlite')
    try {
      await addPostings(handle.db, 'sqlite')
      const schema = async () =>
        (await sql<{ sql: string | null }>`select sql from sqlite_master order by name`.execute(handle.db)).rows
      const before = await schema()
      const found = await titlesFound(handle.db, 'sqlite', 'camion')
      await migrateThrough(handle, THIS)
      expect(await schema()).toEqual(before)
      expect(await titlesFound(handle.db, 'sqlite', 'camion')).toEqual(found)
      expect(found).toEqual(['Despacho en camión refrigerado', 'Reparto de camiones'])
    } finally {
      await cleanup()
    }
  })
})
