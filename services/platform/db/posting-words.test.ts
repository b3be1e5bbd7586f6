import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  addSearchPostings,
  databaseBefore,
  expectSqliteUnchangedBy,
  migrateThrough,
} from '#services/testing/before-migration'
import { business, companyAccount, postingBody } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient } from '#services/testing/platform'
import { checkWordsThroughRollbackAndCascades } from '#services/testing/words-tables'
import type { Dialect } from './migrations'

const THIS = '0016_posting_words'

const beforeThis = (engine: Dialect) => databaseBefore(engine, THIS)
const addPostings = addSearchPostings

interface WordsRow {
  word: string
  created_at: string
  posting_id: number
  lexemes: string
  filters: string
}

/** The rows job_posting_words holds, and the rows the open postings' words make now. */
async function wordsAndExpected(db: Kysely<any>) {
  const held = await sql<WordsRow>`select word, created_at, posting_id, lexemes,
      concat_ws(',', id_zone, id_region, id_commune, id_vehicle, id_schedule, pawn) as filters
    from job_posting_words order by word, created_at, posting_id`.execute(db)
  const expected = await sql<WordsRow>`select k.word, jp.created_at, jp.id as posting_id, k.lexemes,
      concat_ws(',', jp.id_zone, jp.id_region, jp.id_commune, jp.id_vehicle, jp.id_schedule, jp.pawn) as filters
    from job_postings jp, fleeters_posting_words(jp.search_vector) k where jp.status = 'open'
    order by k.word, jp.created_at, jp.id`.execute(db)
  return { held: held.rows, expected: expected.rows }
}

describe.runIf(engines.includes('postgres'))(
  'migration 0016 on postgres: the open postings words in a B-tree (decision 70)',
  () => {
    it(
      "fills job_posting_words from the open postings: a row per key (a lexeme's first " +
        '4 letters, or its 3) with the lexemes and filters',
      async () => {
        const { handle, cleanup } = await beforeThis('postgres')
        try {
          await addPostings(handle.db, 'postgres')
          await migrateThrough(handle, THIS)
          const { held, expected } = await wordsAndExpected(handle.db)
          expect(held).toEqual(expected)
          const ids = await sql<{ id: number; title: string }>`select id, title from job_postings order by id`.execute(
            handle.db,
          )
          const [refrigerado, camiones, closed] = ids.rows.map((r) => r.id)
          const of = (id: number) =>
            Object.fromEntries(held.filter((r) => r.posting_id === id).map((r) => [r.word, r.lexemes]))
          // Both configurations' lexemes, unaccented: the word (camiones) and its Spanish stem (camion).
          expect(of(camiones!)).toMatchObject({
            cami: 'camion camiones',
            repa: 'repart reparto',
            dist: 'distribucion',
            pedi: 'pedidos',
            comu: 'comun comuna',
          })
          expect(of(refrigerado!)).toMatchObject({ cami: 'camion', nuno: 'nuno nunoa', refr: 'refriger refrigerado' })
          // 1 and 2-letter lexemes have no row; a closed posting has none.
          expect(held.filter((r) => r.word.length < 3)).toEqual([])
          expect(of(closed!)).toEqual({})
          expect(held[0]!.filters).toBe('2,13000,13101,1,1,0')
        } finally {
          await cleanup()
        }
      },
    )

    it('keeps job_posting_words in step with every write of a posting, in its transaction', async () => {
      const p = await createTestPlatform('postgres')
      try {
        const api = testClient(p)
        const andes = await companyAccount(p)
        const steps: Array<[string, () => Promise<unknown>]> = []
        let id = 0
        const check = async (step: string) => {
          const { held, expected } = await wordsAndExpected(p.db)
          expect(held, step).toEqual(expected)
          return held.filter((r) => r.posting_id === id)
        }
        expect(
          (
            await api.post(
              '/business/create-job-posting',
              postingBody({ title: 'Reparto de farmacia en moto' }),
              business(andes),
            )
          ).status,
        ).toBe(201)
        id = (await p.db.selectFrom('job_postings').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id
        expect((await check('create')).map((r) => r.word)).toContain('farm')
        steps.push(
          [
            'edit',
            () =>
              api.put(
                `/business/update-job-posting/${id}`,
                postingBody({
                  title: 'Despacho de abarrotes en camión',
                  id_schedule: 2,
                  id_vehicle: 3,
                  id_capacity: '',
                }),
                business(andes),
              ),
          ],
          ['close', () => api.put(`/business/close-job-posting/${id}`, {}, business(andes))],
          [
            'reopen',
            () =>
              api.put(
                `/business/update-job-posting/${id}`,
                postingBody({ title: 'Despacho de abarrotes en camión', status: 'open' }),
                business(andes),
              ),
          ],
          [
            'close by editing',
            () => api.put(`/business/update-job-posting/${id}`, postingBody({ status: 'closed' }), business(andes)),
          ],
          [
            'reopen again',
            () =>
              api.put(
                `/business/update-job-posting/${id}`,
                postingBody({ title: 'Ruta de muebles', status: 'open' }),
                business(andes),
              ),
          ],
          [
            'a write that changes no word nor filter',
            () =>
              sql`update job_postings set updated_at = ${'2026-05-01T00:00:00.000Z'} where id = ${id}`.execute(p.db),
          ],
          ['delete', () => api.delete(`/business/delete-job-posting/${id}`, business(andes))],
        )
        for (const [step, write] of steps) {
          const res = (await write()) as { status?: number }
          if (res.status !== undefined) expect(res.status, step).toBe(200)
          const mine = await check(step)
          const words = mine.map((r) => r.word)
          if (step === 'edit') {
            expect(words).toEqual(expect.arrayContaining(['abar', 'cami', 'desp']))
            expect(words).not.toContain('farm')
            expect(new Set(mine.map((r) => r.filters.split(',')[3]))).toEqual(new Set(['3']))
          }
          if (step.startsWith('close') || step === 'delete') expect(words, step).toEqual([])
          if (step.startsWith('reopen')) expect(words.length, step).toBeGreaterThan(0)
        }
        await checkWordsThroughRollbackAndCascades(p, andes, wordsAndExpected)
      } finally {
        await p.destroy()
      }
    })
  },
)

describe('migration 0016 on sqlite', () => {
  it('changes nothing (SQLite keeps decision 64: its FTS5 table)', () => expectSqliteUnchangedBy(THIS))
})
