import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jobPostingSchema, POSTING_MESSAGES as POSTING_FORM_MESSAGES } from '#domain/validation/marketplace'
import { companyAccount, postingBody } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { closePosting, createPosting, deletePosting, duplicatePosting, POSTING_MESSAGES } from './posting-operations'

/** The operations called directly, as scripts and other tests do: no session, the company by its id. */
describe.each(engines)('posting operations on %s', (engine) => {
  let p: TestPlatform
  let andes: { id: number }
  let sur: { id: number }
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    andes = { id: (await companyAccount(p, 'Transportes Andes SpA')).companyId }
    sur = { id: (await companyAccount(p, 'Mercado Sur Ltda.')).companyId }
  })
  afterEach(async () => p.destroy())

  const input = (overrides: Record<string, unknown> = {}) => jobPostingSchema.parse(postingBody(overrides))
  const row = (id: number) => p.db.selectFrom('job_postings').selectAll().where('id', '=', id).executeTakeFirst()

  it('creates an open posting and a draft, each with its message', async () => {
    const open = await createPosting(p, andes, input({ pawn: 'Sí' }))
    expect(open.message).toBe(POSTING_MESSAGES.created)
    expect(await row(open.id)).toMatchObject({ company_id: andes.id, status: 'open', pawn: 1, drivers_needed: 3 })

    const draft = await createPosting(p, andes, input({ status: 'draft' }))
    expect(draft.message).toBe(POSTING_MESSAGES.draftSaved)
    expect(await row(draft.id)).toMatchObject({ company_id: andes.id, status: 'draft', pawn: 0 })
  })

  it('duplicates a posting as a draft, closes the original, and refuses to close the draft', async () => {
    const { id } = await createPosting(p, andes, input({ title: 'Reparto nocturno en Maipú' }))
    const copy = await duplicatePosting(p, andes, { id })
    expect(copy).toEqual({ message: POSTING_MESSAGES.duplicated, id: expect.any(Number) })
    expect(copy.id).not.toBe(id)
    expect(await row(copy.id)).toMatchObject({ title: 'Reparto nocturno en Maipú', status: 'draft' })

    expect(await closePosting(p, andes, { id })).toEqual({ message: POSTING_MESSAGES.closed })
    expect((await row(id))?.status).toBe('closed')
    await expect(closePosting(p, andes, { id: copy.id })).rejects.toMatchObject({
      status: 409,
      message: POSTING_FORM_MESSAGES.draftNotClosed,
    })
    expect((await row(copy.id))?.status).toBe('draft')
  })

  it('leaves a posting of another company alone: 404 and nothing written', async () => {
    const { id } = await createPosting(p, andes, input())
    await expect(duplicatePosting(p, sur, { id })).rejects.toMatchObject({ status: 404 })
    await expect(closePosting(p, sur, { id })).rejects.toMatchObject({ status: 404 })
    await expect(deletePosting(p, sur, { id })).rejects.toMatchObject({ status: 404 })
    expect(await p.db.selectFrom('job_postings').select('status').execute()).toEqual([{ status: 'open' }])

    expect(await deletePosting(p, andes, { id })).toEqual({ message: POSTING_MESSAGES.deleted })
    expect(await row(id)).toBeUndefined()
  })
})
