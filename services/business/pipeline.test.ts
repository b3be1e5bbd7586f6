import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  type Account,
  type CompanyAccount,
  documentRecord,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'

/** The company panel's summary and tabs, the applicants' order and the bulk move (decision 96). */
describe.each(engines)('the company pipeline on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let drivers: Account[]
  let open: number
  let other: number
  let closed: number
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    drivers = [await driverAccount(p, 'Camila'), await driverAccount(p, 'Pedro'), await driverAccount(p, 'Ale')]
    const soon = dayInChile(new Date(p.now().getTime() + 3 * 86_400_000))
    const later = dayInChile(new Date(p.now().getTime() + 30 * 86_400_000))
    ;[open, other, closed] = await insertPostings(p, andes.companyId, [
      { title: 'Reparto de farmacia en Providencia', start_date: soon },
      { title: 'Ruta de supermercado en Ñuñoa', start_date: later },
      { title: 'Ruta cerrada en Maipú', start_date: soon },
    ])
    await insertPostings(p, sur.companyId, [{ title: 'Ruta de Mercado Sur', start_date: soon }])
    for (const d of drivers) await apply(d, open)
    await apply(drivers[0]!, other)
    await apply(drivers[1]!, closed)
    await p.db.updateTable('job_postings').set({ status: 'closed' }).where('id', '=', closed!).execute()
  })
  afterEach(async () => p.destroy())

  async function apply(d: Account, postingId: number) {
    const res = await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(d))
    expect(res.status).toBe(201)
  }
  async function applicationIds(postingId: number) {
    const rows = await p.db
      .selectFrom('applications')
      .select(['id', 'user_id', 'status'])
      .where('posting_id', '=', postingId)
      .orderBy('id')
      .execute()
    return rows
  }
  async function accepted(userId: number, slots: string[]) {
    for (const slot of slots)
      await p.db
        .insertInto('user_files')
        .values(documentRecord(p, userId, slot))
        .execute()
  }

  it('summarises the open postings: how many, their new and waiting applicants, those starting soon', async () => {
    const res = await api.get('/business/panel-summary', business(andes))
    expect(res.status).toBe(200)
    // The closed posting's applicant counts nowhere; only the open one starting in 3 days is «soon».
    expect(res.body).toEqual({
      open_postings: 2,
      new_applicants: 4,
      awaiting_reply: 4,
      starting_soon: 1,
      starting_soon_days: 7,
      unread_messages: 0,
    })
    const [first] = await applicationIds(open)
    await api.put(`/business/update-application-status/${first!.id}`, { status: 'contactado' }, business(andes))
    expect((await api.get('/business/panel-summary', business(andes))).body).toMatchObject({
      new_applicants: 3,
      awaiting_reply: 3,
    })
    // Another company sees its own.
    expect((await api.get('/business/panel-summary', business(sur))).body).toEqual({
      open_postings: 1,
      new_applicants: 0,
      awaiting_reply: 0,
      starting_soon: 1,
      starting_soon_days: 7,
      unread_messages: 0,
    })
    expect((await api.get('/business/panel-summary', driver(drivers[0]!))).status).toBe(403)
    expect((await api.get('/business/panel-summary')).status).toBe(401)
  })

  it('lists one status of postings (the panel tabs), listed and searched', async () => {
    const openList = await api.get('/business/job-postings?status=open', business(andes))
    expect(openList.status).toBe(200)
    expect(openList.body.postings.map((x: { id: number }) => x.id)).toEqual([other, open])
    expect(openList.body.count).toBe(2)
    const closedList = await api.get('/business/job-postings?status=closed&page=1', business(andes))
    expect(closedList.body.postings.map((x: { id: number }) => x.id)).toEqual([closed])
    expect(closedList.body.postings[0]).toMatchObject({ applicants_count: 1, new_applicants_count: 1 })
    expect((await api.get('/business/job-postings', business(andes))).body.count).toBe(3)
    const searched = await api.post(
      '/business/search-my-job-postings',
      { search: 'ruta', status: 'closed' },
      business(andes),
    )
    expect(searched.status).toBe(200)
    expect(searched.body.postings.map((x: { id: number }) => x.id)).toEqual([closed])
    expect((await api.get('/business/job-postings?status=borrador', business(andes))).status).toBe(400)
    expect(
      (await api.post('/business/search-my-job-postings', { search: 'ruta', status: 'x' }, business(andes))).status,
    ).toBe(400)
  })

  it('orders applicants by documents approved, and by date', async () => {
    const [camila, pedro, ale] = drivers as [Account, Account, Account]
    await accepted(pedro.userId, ['cedula_identidad_frontal', 'cedula_identidad_posterior', 'soap_frontal'])
    await accepted(ale.userId, ['cedula_identidad_frontal'])
    const byDocs = await api.get(`/business/job-postings/${open}/applicants?sort=documentos`, business(andes))
    expect(byDocs.status).toBe(200)
    expect(byDocs.body.sort).toBe('documentos')
    expect(byDocs.body.applicants.map((a: { id_user: number }) => a.id_user)).toEqual([
      pedro.userId,
      ale.userId,
      camila.userId,
    ])
    expect(byDocs.body.applicants.map((a: { documents_accepted: number }) => a.documents_accepted)).toEqual([3, 1, 0])
    const byDate = await api.get(`/business/job-postings/${open}/applicants`, business(andes))
    expect(byDate.body.sort).toBe('fecha')
    expect(byDate.body.applicants.map((a: { id_user: number }) => a.id_user)).toEqual([
      ale.userId,
      pedro.userId,
      camila.userId,
    ])
    // With a stage filter too.
    const filtered = await api.get(
      `/business/job-postings/${open}/applicants?status=nueva&sort=documentos`,
      business(andes),
    )
    expect(filtered.body.applicants[0].id_user).toBe(pedro.userId)
    expect((await api.get(`/business/job-postings/${open}/applicants?sort=nombre`, business(andes))).status).toBe(400)
  })

  it('moves the selected applicants to one stage in one go, and mails those newly selected', async () => {
    const apps = await applicationIds(open)
    const ids = apps.slice(0, 2).map((a) => a.id)
    const res = await api.put(
      `/business/job-postings/${open}/applicants-status`,
      { applications: ids, status: 'seleccionado' },
      business(andes),
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Estado de las postulaciones actualizado.', status: 'seleccionado', moved: 2 })
    expect((await applicationIds(open)).map((a) => a.status)).toEqual(['seleccionado', 'seleccionado', 'nueva'])
    const seen = await p.db.selectFrom('applications').select(['id', 'seen_at']).where('id', 'in', ids).execute()
    expect(seen.every((r) => r.seen_at !== null)).toBe(true)
    const mails = (await outbox(p)).filter((m) => /seleccionad/i.test(m.subject ?? ''))
    expect(mails.map((m) => m.recipient).sort()).toEqual([drivers[0]!.email, drivers[1]!.email].sort())
    // Selecting them again sends nothing more.
    await api.put(
      `/business/job-postings/${open}/applicants-status`,
      { applications: ids, status: 'seleccionado' },
      business(andes),
    )
    expect((await outbox(p)).filter((m) => /seleccionad/i.test(m.subject ?? ''))).toHaveLength(2)
  })

  it('moves all or nothing: an application of another posting stops the whole move', async () => {
    const apps = await applicationIds(open)
    const [foreign] = await applicationIds(other)
    const before = await applicationIds(open)
    const res = await api.put(
      `/business/job-postings/${open}/applicants-status`,
      { applications: [apps[0]!.id, foreign!.id], status: 'descartada' },
      business(andes),
    )
    expect(res.status).toBe(404)
    expect(await applicationIds(open)).toEqual(before)
    expect((await applicationIds(other))[0]!.status).toBe('nueva')
  })

  it('refuses another company, a driver, an anonymous caller and bad input', async () => {
    const ids = (await applicationIds(open)).map((a) => a.id)
    const path = `/business/job-postings/${open}/applicants-status`
    const body = { applications: ids, status: 'contactado' }
    expect((await api.put(path, body, business(sur))).status).toBe(404)
    expect((await api.put(path, body, driver(drivers[0]!))).status).toBe(403)
    expect((await api.put(path, body)).status).toBe(401)
    const empty = await api.put(path, { applications: [], status: 'contactado' }, business(andes))
    expect(empty.status).toBe(400)
    expect(empty.body.message).toContain('Selecciona al menos un postulante')
    expect((await api.put(path, { applications: ids, status: 'contratada' }, business(andes))).status).toBe(400)
    expect((await api.put(path, { applications: ['x'], status: 'contactado' }, business(andes))).status).toBe(400)
    expect((await applicationIds(open)).every((a) => a.status === 'nueva')).toBe(true)
  })
})
