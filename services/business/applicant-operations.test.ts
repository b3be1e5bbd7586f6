import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '#services/platform/http'
import { driverAccount, insertPostings, type Account, companyActorFor } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import {
  APPLICANT_MESSAGES,
  listApplicants,
  markApplicantsSeen,
  moveApplicants,
  updateApplicationStatus,
} from './applicant-operations'
import type { CompanyActor } from './company-context'

/** The applicant operations called as a script would call them, without a route in between. */
describe.each(engines)('applicant operations on %s', (engine) => {
  let p: TestPlatform
  let andes: CompanyActor
  let sur: CompanyActor
  let camila: Account
  let pedro: Account
  let postingId: number
  let otherPostingId: number

  /** A driver's application as «nueva», as applying writes it. */
  async function apply(who: Account, id: number) {
    const now = p.now().toISOString()
    await p.db
      .insertInto('applications')
      .values({ posting_id: id, user_id: who.userId, status: 'nueva', created_at: now, updated_at: now })
      .execute()
  }

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    andes = await companyActorFor(p, 'Transportes Andes SpA')
    sur = await companyActorFor(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
    ;[postingId, otherPostingId] = await insertPostings(p, andes.company.id, [
      { title: 'Reparto de farmacia en Providencia' },
      { title: 'Ruta de courier en Maipú' },
    ])
    await apply(camila, postingId)
    p.advance(60_000)
    await apply(pedro, postingId)
    await apply(pedro, otherPostingId)
  })
  afterEach(async () => p.destroy())

  const applications = (id = postingId) =>
    p.db
      .selectFrom('applications')
      .select(['id', 'user_id', 'status', 'seen_at'])
      .where('posting_id', '=', id)
      .orderBy('id')
      .execute()

  it('lists a posting newest first with its stage counts, records a view per card, then marks them seen', async () => {
    const list = await listApplicants(p, andes, { id: postingId, page: 1 })
    expect(list.posting).toEqual({ id: postingId, title: 'Reparto de farmacia en Providencia', status: 'open' })
    expect(list.applicants.map((a) => [a.id_user, a.status, a.is_new])).toEqual([
      [pedro.userId, 'nueva', true],
      [camila.userId, 'nueva', true],
    ])
    expect(list).toMatchObject({ status: null, sort: 'fecha', page: 1, total: 2 })
    expect(list.status_counts.nueva).toBe(2)
    const views = await p.db
      .selectFrom('data_views')
      .select(['subject_user_id', 'viewer_user_id', 'company_id', 'kind'])
      .orderBy('subject_user_id')
      .execute()
    expect(views).toEqual(
      [camila.userId, pedro.userId]
        .sort((a, b) => a - b)
        .map((id) => ({
          subject_user_id: id,
          viewer_user_id: andes.userId,
          company_id: andes.company.id,
          kind: 'contacto',
        })),
    )

    const ids = list.applicants.map((a) => a.id_application)
    expect(await markApplicantsSeen(p, andes, { id: postingId, applications: ids })).toEqual({ marked: 2 })
    // seen_at keeps the first view: a second call marks none.
    expect(await markApplicantsSeen(p, andes, { id: postingId, applications: ids })).toEqual({ marked: 0 })
    expect((await applications()).every((a) => a.seen_at !== null)).toBe(true)
    // Another company's call finds no such posting.
    await expect(listApplicants(p, sur, { id: postingId, page: 1 })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
  })

  it('moves several applications all or none, seeing them and telling each driver once', async () => {
    const [first, second] = await applications()
    const [elsewhere] = await applications(otherPostingId)
    const move = (ids: number[]) =>
      moveApplicants(p, andes, { id: postingId, applications: ids, status: 'en_revision' })
    // One of another posting stops the whole move: nothing is written.
    await expect(move([first!.id, elsewhere!.id])).rejects.toMatchObject({ status: 404 })
    expect((await applications()).map((a) => [a.status, a.seen_at])).toEqual([
      ['nueva', null],
      ['nueva', null],
    ])

    expect(await move([first!.id, second!.id, first!.id])).toEqual({
      message: APPLICANT_MESSAGES.statusesUpdated,
      status: 'en_revision',
      moved: 2,
    })
    const moved = await applications()
    expect(moved.map((a) => a.status)).toEqual(['en_revision', 'en_revision'])
    expect(moved.every((a) => a.seen_at !== null)).toBe(true)
    expect((await outbox(p, camila.email)).map((m) => m.subject)).toEqual([
      'Tu postulación a «Reparto de farmacia en Providencia»',
    ])
    // The same stage again is no change: no second mail.
    await move([first!.id])
    expect(await outbox(p, camila.email)).toHaveLength(1)
  })

  it("moves one application of the company's; another company's does not exist for it", async () => {
    const [elsewhere] = await applications(otherPostingId)
    await expect(updateApplicationStatus(p, sur, { id: elsewhere!.id, status: 'descartada' })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    expect(await updateApplicationStatus(p, andes, { id: elsewhere!.id, status: 'descartada' })).toEqual({
      message: APPLICANT_MESSAGES.statusUpdated,
      status: 'descartada',
    })
    expect((await applications(otherPostingId)).map((a) => [a.user_id, a.status])).toEqual([
      [pedro.userId, 'descartada'],
    ])
  })
})
