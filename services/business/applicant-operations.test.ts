import type { QueryId, RootOperationNode } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import type { ApplicationStatus } from '#domain/validation/marketplace'
import { MESSAGES } from '#services/platform/http'
import { refreshApplicantDocuments } from '#services/shared/validated-drivers'
import {
  driverAccount,
  insertPostings,
  type Account,
  companyActorFor,
  documentRecord,
} from '#services/testing/business'
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

  /** Accepted records of a driver's slots, each with its expiry day (null: none). */
  async function accepted(who: Account, slots: Array<[string, string | null]>) {
    for (const [slot, expires] of slots)
      await p.db
        .insertInto('user_files')
        .values(documentRecord(p, who.userId, slot, { reviewed: true, expiresOn: expires }))
        .execute()
  }

  /**
   * The first page by documents, as [driver, n/22] in order, and how many statements read the
   * applications past their copy's date apart (those join driver_documents_accepted on that date).
   */
  async function byDocuments(status?: ApplicationStatus) {
    const nodes: Array<{ node: RootOperationNode; queryId: QueryId }> = []
    const db = p.db.withPlugin({
      transformQuery: (args) => (nodes.push(args), args.node),
      transformResult: async (args) => args.result,
    })
    const list = await listApplicants({ ...p, db }, andes, { id: postingId, page: 1, sort: 'documentos', status })
    const apart = nodes
      .map(({ node, queryId }) => p.db.getExecutor().compileQuery(node, queryId).sql)
      .filter((text) => text.includes('driver_documents_accepted') && /"documents_until" < /.test(text))
    return { order: list.applicants.map((a) => [a.id_user, a.documents_accepted]), apart: apart.length }
  }

  it('orders by documents from the copies, and reads apart only when one is past its date', async () => {
    const ale = await driverAccount(p, 'Ale')
    p.advance(60_000)
    await apply(ale, postingId)
    const day = (days: number) => dayInChile(new Date(p.now().getTime() + days * 86_400_000))
    await accepted(camila, [['cedula_identidad_frontal', day(30)]])
    await accepted(pedro, [
      ['cedula_identidad_frontal', null],
      ['licencia_conducir_frontal', day(2)],
      ['licencia_conducir_posterior', day(2)],
    ])
    await accepted(ale, [
      ['cedula_identidad_frontal', null],
      ['hoja_vida_conductor', null],
    ])
    // Every copy in force: the page is the index's, nothing read apart.
    expect(await byDocuments()).toEqual({
      order: [
        [pedro.userId, 3],
        [ale.userId, 2],
        [camila.userId, 1],
      ],
      apart: 0,
    })

    // Pedro's licence expired, his copy still says 3: read apart with his 1/22 on the day, and
    // placed by it (before Camila, the older application with as many).
    p.advance(3 * 86_400_000)
    const afterExpiry = {
      order: [
        [ale.userId, 2],
        [pedro.userId, 1],
        [camila.userId, 1],
      ],
      apart: 1,
    }
    expect(await byDocuments()).toEqual(afterExpiry)
    expect(await byDocuments('nueva')).toEqual(afterExpiry)
    // Paused, companies do not see him: the answer «one is past» counts him, the list does not.
    await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', pedro.userId).execute()
    expect((await byDocuments()).order).toEqual([
      [ale.userId, 2],
      [camila.userId, 1],
    ])
    await p.db.updateTable('users').set({ paused_at: null }).where('id', '=', pedro.userId).execute()

    // In another stage, he is past his date there only.
    await p.db
      .updateTable('applications')
      .set({ status: 'contactado' })
      .where('user_id', '=', pedro.userId)
      .where('posting_id', '=', postingId)
      .execute()
    expect(await byDocuments('nueva')).toEqual({
      order: [
        [ale.userId, 2],
        [camila.userId, 1],
      ],
      apart: 0,
    })
    expect(await byDocuments('contactado')).toEqual({ order: [[pedro.userId, 1]], apart: 1 })

    // The hourly refresh writes his 1/22 into the copies (of both his applications): the same
    // order, from the index alone.
    expect(await refreshApplicantDocuments(p.db, p.now())).toBe(2)
    expect(await byDocuments()).toEqual({ ...afterExpiry, apart: 0 })
  })
})
