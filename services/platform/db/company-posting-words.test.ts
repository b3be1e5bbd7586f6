import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { PostingStatus } from '#domain/validation/marketplace'
import { companyPostingsQueries, companySearchDriver } from '#services/business/posting-operations'
import { isWordsDriver } from '#services/shared/posting-rows'
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

const THIS = '0045_company_posting_words'

const beforeThis = (engine: Dialect) => databaseBefore(engine, THIS)

interface WordsRow {
  company_id: number
  word: string
  created_at: string
  posting_id: number
  lexemes: string
  status: string
}

/** The rows company_posting_words holds, and the rows every posting's words make now. */
async function wordsAndExpected(db: Kysely<any>) {
  const held = await sql<WordsRow>`select company_id, word, created_at, posting_id, lexemes, status
    from company_posting_words order by company_id, word, created_at, posting_id`.execute(db)
  const expected = await sql<WordsRow>`select jp.company_id, k.word, jp.created_at, jp.id as posting_id, k.lexemes,
      jp.status from job_postings jp, fleeters_posting_words(jp.search_vector) k
    order by jp.company_id, k.word, jp.created_at, jp.id`.execute(db)
  return { held: held.rows, expected: expected.rows }
}

describe.runIf(engines.includes('postgres'))(
  'migration 0045 on postgres: every posting of a company in a B-tree of its words (decision 128)',
  () => {
    it('fills company_posting_words from every posting, drafts, open and closed, with its status', async () => {
      const { handle, cleanup } = await beforeThis('postgres')
      try {
        await addSearchPostings(handle.db, 'postgres')
        await migrateThrough(handle, THIS)
        const { held, expected } = await wordsAndExpected(handle.db)
        expect(held).toEqual(expected)
        const ids = await sql<{ id: number }>`select id from job_postings order by id`.execute(handle.db)
        const [, camiones, closed] = ids.rows.map((r) => r.id)
        const of = (id: number) =>
          Object.fromEntries(held.filter((r) => r.posting_id === id).map((r) => [r.word, `${r.lexemes}|${r.status}`]))
        expect(of(camiones!)).toMatchObject({ cami: 'camion camiones|open', repa: 'repart reparto|open' })
        // Unlike job_posting_words, a closed posting keeps its words, marked closed.
        expect(of(closed!)).toMatchObject({ furg: 'furgon|closed', noct: 'nocturn nocturno|closed' })
      } finally {
        await cleanup()
      }
    })

    it('keeps company_posting_words in step with every write of a posting, in its transaction', async () => {
      const p = await createTestPlatform('postgres')
      try {
        const api = testClient(p)
        const andes = await companyAccount(p)
        const check = async (step: string) => {
          const { held, expected } = await wordsAndExpected(p.db)
          expect(held, step).toEqual(expected)
          return held
        }
        const created = await api.post(
          '/business/create-job-posting',
          postingBody({ title: 'Reparto de farmacia en moto', status: 'draft' }),
          business(andes),
        )
        expect(created.status).toBe(201)
        const id = created.body.id as number
        const mine = async (step: string) => (await check(step)).filter((r) => r.posting_id === id)
        expect((await mine('draft')).map((r) => `${r.word}|${r.status}`)).toContain('farm|draft')
        const steps: Array<[string, () => Promise<{ status: number }>, string]> = [
          ['publish', () => api.put(`/business/update-job-posting/${id}`, postingBody(), business(andes)), 'open'],
          [
            'edit',
            () =>
              api.put(
                `/business/update-job-posting/${id}`,
                postingBody({ title: 'Despacho de abarrotes en camión' }),
                business(andes),
              ),
            'open',
          ],
          ['close', () => api.put(`/business/close-job-posting/${id}`, {}, business(andes)), 'closed'],
          [
            'reopen',
            () =>
              api.put(
                `/business/update-job-posting/${id}`,
                postingBody({ title: 'Ruta de muebles', status: 'open' }),
                business(andes),
              ),
            'open',
          ],
        ]
        for (const [step, write, status] of steps) {
          expect((await write()).status, step).toBe(200)
          const rows = await mine(step)
          expect(rows.length, step).toBeGreaterThan(0)
          expect(new Set(rows.map((r) => r.status)), step).toEqual(new Set([status]))
          if (step === 'edit') {
            expect(rows.map((r) => r.word)).toEqual(expect.arrayContaining(['abar', 'cami', 'desp']))
            expect(rows.map((r) => r.word)).not.toContain('farm')
          }
        }
        expect((await api.delete(`/business/delete-job-posting/${id}`, business(andes))).status).toBe(200)
        expect(await mine('delete')).toEqual([])
        await checkWordsThroughRollbackAndCascades(p, andes, wordsAndExpected)
      } finally {
        await p.destroy()
      }
    })

    it("walks the company's words for its own search and finds what search_vector finds, newest first", async () => {
      const p = await createTestPlatform('postgres')
      try {
        const api = testClient(p)
        const andes = await companyAccount(p)
        const sur = await companyAccount(p, 'Mercado Sur Ltda.')
        const titles: Array<[string, PostingStatus]> = [
          ['Reparto de farmacia en moto', 'open'],
          ['Reparto de camiones refrigerados', 'closed'],
          ['Despacho de farmacias en furgón', 'open'],
          ['Camión para mudanza', 'draft'],
          ['Repartidor nocturno de abarrotes', 'open'],
          ['Ruta de muebles en camión', 'open'],
        ]
        for (const [title, status] of titles) {
          for (const company of [andes, sur]) {
            const res = await api.post(
              '/business/create-job-posting',
              postingBody({ title, status: status === 'closed' ? 'open' : status }),
              business(company),
            )
            if (status === 'closed') await api.put(`/business/close-job-posting/${res.body.id}`, {}, business(company))
            p.advance(60_000)
          }
        }
        await sql`analyze`.execute(p.db)
        const ids = async (search: string, status: PostingStatus | undefined, walk: boolean) => {
          const driver = walk ? await companySearchDriver(p, andes.companyId, search, status) : 'text'
          return (await companyPostingsQueries(p, andes.companyId, 1, search, driver, status).ids.execute()).map(
            (r) => r.id,
          )
        }
        const searches = ['reparto', 'farmacia', 'farm', 'camiones', 'camión', 'reparto farmacia', 'noct abarrotes']
        const statuses = [undefined, 'open', 'closed', 'draft'] as const
        let found = 0
        for (const search of searches)
          for (const status of statuses) {
            expect(isWordsDriver(await companySearchDriver(p, andes.companyId, search, status)), search).toBe(true)
            const walked = await ids(search, status, true)
            expect(walked, `${search} ${status}`).toEqual(await ids(search, status, false))
            found += walked.length
          }
        expect(found).toBeGreaterThan(20)
        expect(await ids('camión', undefined, true)).toHaveLength(3)
        // A word the words table cannot answer (under 4 letters) is left to the planner.
        expect(await companySearchDriver(p, andes.companyId, 'ru', undefined)).toBe('text')
      } finally {
        await p.destroy()
      }
    })
  },
)

describe('migration 0045 on sqlite', () => {
  it('changes nothing (SQLite keeps decision 64: its FTS5 table)', () => expectSqliteUnchangedBy(THIS))
})
