import { sql, type Kysely } from 'kysely'
import { expect } from 'vitest'
import { business, companyAccount, postingBody, type CompanyAccount } from './business'
import { testClient, type TestPlatform } from './platform'

/** A words table's rows and the rows the postings make now, each with its key (`word`). */
export type WordsAndExpected = (db: Kysely<any>) => Promise<{ held: Array<{ word: string }>; expected: unknown[] }>

/**
 * The writes no screen makes, which a words table's triggers (migrations 0016, 0045) must follow
 * all the same: a transaction that fails leaves the words as they were, a company's deletion
 * cascades to its postings and so to their words, a TRUNCATE empties them. `company` has postings.
 */
export async function checkWordsThroughRollbackAndCascades(
  p: TestPlatform,
  company: CompanyAccount,
  wordsAndExpected: WordsAndExpected,
) {
  const api = testClient(p)
  await api.post('/business/create-job-posting', postingBody({ title: 'Reparto de bebidas' }), business(company))
  const before = await wordsAndExpected(p.db)
  expect(before.held.map((r) => r.word)).toContain('bebi')
  // A write that fails leaves the words as they were (the trigger writes in its transaction).
  await expect(
    p.db.transaction().execute(async (trx) => {
      await sql`update job_postings set title = 'Otra cosa'`.execute(trx)
      expect((await wordsAndExpected(trx)).held.map((r) => r.word)).not.toContain('bebi')
      throw new Error('rolled back')
    }),
  ).rejects.toThrow('rolled back')
  expect(await wordsAndExpected(p.db)).toEqual(before)
  // A company's deletion cascades to its postings, and so to their words; a TRUNCATE too.
  await p.db.deleteFrom('companies').where('id', '=', company.companyId).execute()
  expect(await wordsAndExpected(p.db)).toEqual({ held: [], expected: [] })
  await api.post(
    '/business/create-job-posting',
    postingBody({ title: 'Reparto de muebles' }),
    business(await companyAccount(p, 'Mercado Sur Ltda.')),
  )
  expect((await wordsAndExpected(p.db)).held.length).toBeGreaterThan(0)
  await sql`truncate job_postings cascade`.execute(p.db)
  expect(await wordsAndExpected(p.db)).toEqual({ held: [], expected: [] })
}
