import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  messages,
  postingBody,
  type Account,
  type CompanyAccount,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'

/** Drafts, publishing and duplicating (decision 104). */
describe.each(engines)('posting drafts on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let camila: Account
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p)
  })
  afterEach(async () => p.destroy())

  const draft = async (overrides: Record<string, unknown> = {}) => {
    const res = await api.post(
      '/business/create-job-posting',
      postingBody({ status: 'draft', title: 'Borrador de reparto en Santiago', ...overrides }),
      business(andes),
    )
    expect(res.status).toBe(201)
    return res.body.id as number
  }

  /** Every way a driver or a visitor could come across a posting: none shows `id`. */
  async function invisibleToDrivers(id: number) {
    const ids = (body: { jobPostings: Array<{ id: number }> }) => body.jobPostings.map((j) => j.id)
    const list = await api.get('/users/job-postings', driver(camila))
    expect(list.status).toBe(200)
    expect(ids(list.body)).not.toContain(id)
    expect(list.body.count).toBe(0)
    const search = await api.post('/users/search-job-postings', { search_jps: 'borrador' }, driver(camila))
    expect(ids(search.body)).not.toContain(id)
    const filter = await api.post('/users/filter-job-postings', { id_commune: 13101 }, driver(camila))
    expect(ids(filter.body)).not.toContain(id)
    const forYou = await api.get('/users/job-postings-for-you', driver(camila))
    expect(JSON.stringify(forYou.body)).not.toContain('Borrador de reparto')
    expect((await api.get(`/users/filter-job-postings-by-id/${id}`, driver(camila))).status).toBe(404)
    for (const path of ['/users/postulate-job-posting', '/users/save-posting']) {
      expect((await api.post(path, { id_publication: id }, driver(camila))).status).toBe(404)
    }
    const home = await api.get('/general-data/get-jobpostings-home')
    expect(home.body.map((j: { id: number }) => j.id)).not.toContain(id)
    const summary = await api.get('/business/panel-summary', business(andes))
    expect(summary.body.open_postings).toBe(0)
  }

  it('saves a draft that no driver or visitor sees, anywhere', async () => {
    const res = await api.post('/business/create-job-posting', postingBody({ status: 'draft' }), business(andes))
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Borrador guardado. Los conductores no lo ven hasta que lo publiques.')
    await invisibleToDrivers(res.body.id)
    // The company sees it, in its own tab.
    const drafts = await api.get('/business/job-postings?status=draft', business(andes))
    expect(drafts.body.postings.map((j: { id: number; status: string }) => [j.id, j.status])).toEqual([
      [res.body.id, 'draft'],
    ])
    expect((await api.get('/business/job-postings?status=open', business(andes))).body.count).toBe(0)
  })

  it('publishes a draft through an update: open, dated now, and drivers see it', async () => {
    const id = await draft()
    await p.db
      .updateTable('job_postings')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute()
    const before = Date.now()
    const res = await api.put(`/business/update-job-posting/${id}`, postingBody({ status: 'open' }), business(andes))
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Trabajo publicado: los conductores ya lo ven.')
    const row = await p.db.selectFrom('job_postings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('open')
    expect(row.title).toBe('Reparto de paquetería en Santiago')
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 1000)
    const list = await api.get('/users/job-postings', driver(camila))
    expect(list.body.jobPostings.map((j: { id: number }) => j.id)).toEqual([id])
    expect((await api.get(`/users/filter-job-postings-by-id/${id}`, driver(camila))).status).toBe(200)
  })

  it('keeps a draft a draft when saved again, and a create without status publishes as before', async () => {
    const id = await draft()
    const res = await api.put(
      `/business/update-job-posting/${id}`,
      postingBody({ status: 'draft', title: 'Borrador de reparto, segunda versión' }),
      business(andes),
    )
    expect(res.status).toBe(200)
    await invisibleToDrivers(id)
    const plain = postingBody()
    delete (plain as Partial<typeof plain>).status
    const created = await api.post('/business/create-job-posting', plain, business(andes))
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Trabajo creado correctamente.')
    const row = await p.db
      .selectFrom('job_postings')
      .select('status')
      .where('id', '=', created.body.id)
      .executeTakeFirst()
    expect(row?.status).toBe('open')
  })

  it('never turns a published posting back into a draft, nor closes a draft (409, nothing written)', async () => {
    const open = await api.post('/business/create-job-posting', postingBody(), business(andes))
    const back = await api.put(
      `/business/update-job-posting/${open.body.id}`,
      postingBody({ status: 'draft', title: 'Vuelta a borrador' }),
      business(andes),
    )
    expect(back.status).toBe(409)
    expect(messages(back.body)).toEqual(['Una publicación ya publicada no vuelve a ser borrador'])
    const id = await draft()
    const closed = await api.put(
      `/business/update-job-posting/${id}`,
      postingBody({ status: 'closed' }),
      business(andes),
    )
    expect(closed.status).toBe(409)
    expect(messages(closed.body)).toEqual(['Un borrador se publica o se elimina; no se cierra'])
    expect((await api.put(`/business/close-job-posting/${id}`, undefined, business(andes))).status).toBe(409)
    const rows = await p.db.selectFrom('job_postings').select(['id', 'status', 'title']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: open.body.id, status: 'open', title: 'Reparto de paquetería en Santiago' },
      { id, status: 'draft', title: 'Borrador de reparto en Santiago' },
    ])
  })

  it('reads «$450.000», «450.000» and «450000» as the same whole pesos', async () => {
    for (const amount of ['$450.000', '$ 450.000', '450.000', '450000']) {
      const res = await api.post(
        '/business/create-job-posting',
        postingBody({ status: 'draft', payment_amount: amount }),
        business(andes),
      )
      expect(res.status).toBe(201)
      const row = await p.db
        .selectFrom('job_postings')
        .select('payment_amount')
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow()
      expect(Number(row.payment_amount)).toBe(450000)
    }
    for (const amount of ['$', '450.00', '$450,000', 'US$450']) {
      const res = await api.post(
        '/business/create-job-posting',
        postingBody({ payment_amount: amount }),
        business(andes),
      )
      expect(res.status).toBe(400)
    }
  })

  it('duplicates any own posting as a new draft without applicants', async () => {
    const open = await api.post('/business/create-job-posting', postingBody({ payment_amount: 52000 }), business(andes))
    await api.post('/users/postulate-job-posting', { id_publication: open.body.id }, driver(camila))
    const res = await api.post(`/business/duplicate-job-posting/${open.body.id}`, undefined, business(andes))
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Copia guardada como borrador.')
    const copy = await api.get(`/business/get-data-job-posting-to-update/${res.body.id}`, business(andes))
    expect(copy.body).toMatchObject({
      title: 'Reparto de paquetería en Santiago',
      payment_amount: 52000,
      name_commune: 'Santiago Centro',
      status: 'draft',
    })
    const drafts = await api.get('/business/job-postings?status=draft', business(andes))
    expect(drafts.body.postings).toMatchObject([{ id: res.body.id, applicants_count: 0 }])
    // Only one posting for drivers: the copy stays unseen.
    expect((await api.get('/users/job-postings', driver(camila))).body.count).toBe(1)
  })

  it('lets only the owning company edit, publish, duplicate or close its draft', async () => {
    const id = await draft()
    const calls = [
      () => ['put', `/business/update-job-posting/${id}`, postingBody({ status: 'open' })] as const,
      () => ['post', `/business/duplicate-job-posting/${id}`, undefined] as const,
      () => ['put', `/business/close-job-posting/${id}`, undefined] as const,
      () => ['get', `/business/get-data-job-posting-to-update/${id}`, undefined] as const,
    ]
    for (const call of calls) {
      const [method, path, body] = call()
      const send = (headers?: Record<string, string>) =>
        method === 'get' ? api.get(path, headers) : api[method](path, body, headers)
      expect((await send(business(sur))).status).toBe(404)
      expect((await send(driver(camila))).status).toBe(403)
      expect((await send()).status).toBe(401)
    }
    const rows = await p.db.selectFrom('job_postings').select(['status']).execute()
    expect(rows).toEqual([{ status: 'draft' }])
  })
})
