import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  messages,
  type Account,
  type CompanyAccount,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { applyToPosting, savePosting, unsavePosting, withdrawApplication } from './holds'

/** Six postings covering every filter value once or more (Santiago Centro = 13101, Valparaíso = 5101). */
const FIXTURE = [
  {
    title: 'Reparto de farmacia en furgón',
    id_vehicle: 1,
    id_capacity: 2,
    id_schedule: 1,
    pawn: 'Si',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
  },
  {
    title: 'Ruta de última milla en moto',
    id_vehicle: 3,
    id_capacity: null,
    id_schedule: 2,
    pawn: 'No',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13114,
  },
  {
    title: 'Despacho de muebles en camión',
    id_vehicle: 5,
    id_capacity: 7,
    id_schedule: 3,
    pawn: 'Si',
    id_zone: 2,
    id_region: 5000,
    id_commune: 5101,
  },
  {
    title: 'Reparto nocturno de supermercado',
    id_vehicle: 1,
    id_capacity: 3,
    id_schedule: 2,
    pawn: 'No',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
  },
  {
    title: 'Courier express en Antofagasta',
    id_vehicle: 2,
    id_capacity: null,
    id_schedule: 1,
    pawn: 'No',
    id_zone: 1,
    id_region: 2000,
    id_commune: 2101,
  },
  {
    title: 'Ruta cerrada de farmacia',
    id_vehicle: 1,
    id_capacity: 2,
    id_schedule: 1,
    pawn: 'Si',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
    status: 'closed',
  },
]

describe.each(engines)('driver postings on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let camila: Account
  let ids: number[]
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p)
    camila = await driverAccount(p)
    ids = await insertPostings(p, andes.companyId, FIXTURE)
  })
  afterEach(async () => p.destroy())

  const titles = (body: { jobPostings: Array<{ title: string }> }) => body.jobPostings.map((x) => x.title)
  const filter = (f: Record<string, unknown>) => api.post('/users/filter-job-postings', f, driver(camila))

  it("tells drivers whether the console verified the posting's company", async () => {
    const sur = await companyAccount(p, 'Mercado Sur Ltda.')
    await p.db.updateTable('companies').set({ verified: 0 }).where('id', '=', sur.companyId).execute()
    const [surPosting] = await insertPostings(p, sur.companyId, [{ title: 'Ruta de Mercado Sur' }])
    const list = (await api.get('/users/job-postings', driver(camila))).body.jobPostings as Array<{
      id: number
      company_verified: boolean
    }>
    expect(list.find((x) => x.id === surPosting)!.company_verified).toBe(false)
    expect(list.find((x) => x.id === ids[0])!.company_verified).toBe(true)
    expect(
      (await api.get(`/users/filter-job-postings-by-id/${surPosting}`, driver(camila))).body.company_verified,
    ).toBe(false)
    // The company sees its own state too.
    expect((await api.get('/business/get-data-business', business(sur))).body.verified).toBe(false)
    expect((await api.get('/business/get-data-business', business(andes))).body.verified).toBe(true)
  })

  it('lists open postings only, newest first, with names and the spec §3 fields', async () => {
    const res = await api.get('/users/job-postings', driver(camila))
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(5)
    expect(titles(res.body)).toEqual([
      'Courier express en Antofagasta',
      'Reparto nocturno de supermercado',
      'Despacho de muebles en camión',
      'Ruta de última milla en moto',
      'Reparto de farmacia en furgón',
    ])
    expect(res.body.jobPostings[4]).toMatchObject({
      id: ids[0],
      company_name: 'Transportes Andes SpA',
      name_zone: 'Zona Centro',
      name_region: 'Metropolitana de Santiago',
      name_commune: 'Santiago Centro',
      name_vehicle: 'Furgón',
      time: 'AM (mañanas)',
      pawn: 'Si',
      payment: '$45.000 por día',
      applied: false,
      saved: false,
      application_status: null,
    })
  })

  it('pages 10 at a time with the total', async () => {
    await insertPostings(
      p,
      andes.companyId,
      Array.from({ length: 20 }, (_, i) => ({ title: `Ruta extra ${i + 1}` })),
    )
    const first = await api.get('/users/job-postings', driver(camila))
    expect(first.body).toMatchObject({ count: 25, page: 1, page_size: 10 })
    expect(first.body.jobPostings).toHaveLength(10)
    const third = await api.get('/users/job-postings?page=3', driver(camila))
    expect(third.body.jobPostings).toHaveLength(5)
    expect((await filter({ id_region: 13000, id_zone: 2, page: 2 })).body).toMatchObject({ count: 23 })
    expect((await filter({ id_region: 13000, id_zone: 2, page: 3 })).body.jobPostings).toHaveLength(3)
  })

  it.each([
    [{ id_vehicle: 1 }, ['Reparto nocturno de supermercado', 'Reparto de farmacia en furgón']],
    [{ id_zone: 1 }, ['Courier express en Antofagasta']],
    [{ id_region: 5000 }, ['Despacho de muebles en camión']],
    [{ id_commune: 13114 }, ['Ruta de última milla en moto']],
    [{ start_time: 2 }, ['Reparto nocturno de supermercado', 'Ruta de última milla en moto']],
    [{ pawn: 'Si' }, ['Despacho de muebles en camión', 'Reparto de farmacia en furgón']],
    [
      { pawn: false },
      ['Courier express en Antofagasta', 'Reparto nocturno de supermercado', 'Ruta de última milla en moto'],
    ],
    [{ search: 'FARMACIA' }, ['Reparto de farmacia en furgón']],
    [{ search: 'camion' }, ['Despacho de muebles en camión']],
    [{ search: 'repar' }, ['Reparto nocturno de supermercado', 'Reparto de farmacia en furgón']],
    [
      {
        id_vehicle: '1',
        id_zone: '2',
        id_region: '13000',
        id_commune: '13101',
        start_time: '2',
        pawn: 'No',
        search: 'nocturno',
      },
      ['Reparto nocturno de supermercado'],
    ],
    [{ id_vehicle: 1, start_time: 1 }, ['Reparto de farmacia en furgón']],
    [
      { id_zone: 2, id_region: 13000, pawn: 'No' },
      ['Reparto nocturno de supermercado', 'Ruta de última milla en moto'],
    ],
    [{ id_vehicle: 8 }, []],
    [
      { id_vehicle: '', id_zone: '', pawn: '', search: '' },
      [
        'Courier express en Antofagasta',
        'Reparto nocturno de supermercado',
        'Despacho de muebles en camión',
        'Ruta de última milla en moto',
        'Reparto de farmacia en furgón',
      ],
    ],
  ])('filters by %j', async (f, expected) => {
    const res = await filter(f)
    expect(res.status).toBe(200)
    expect(titles(res.body)).toEqual(expected)
    expect(res.body.count).toBe(expected.length)
  })

  it.each([
    [{ id_vehicle: 4 }, 'Selecciona una opción válida'],
    [{ id_zone: 'norte' }, 'Selecciona una opción válida'],
    [{ start_time: 9 }, 'Selecciona una opción válida'],
    [{ pawn: 'quizás' }, 'Selecciona una opción válida'],
    [{ id_zone: 1, id_region: 13000 }, 'La región no pertenece a la zona seleccionada'],
    [{ id_region: 13000, id_commune: 5101 }, 'La comuna no pertenece a la región seleccionada'],
    [{ search: 'x'.repeat(101) }, 'La búsqueda no puede superar los 100 caracteres'],
    [{ page: -1 }, 'Página inválida'],
  ])('refuses the filter %j', async (f, message) => {
    const res = await filter(f)
    expect(res.status).toBe(400)
    expect(messages(res.body)).toContain(message)
  })

  it('searches with search_jps, and finds a posting again after its title changes', async () => {
    const res = await api.post('/users/search-job-postings', { search_jps: 'Última Milla' }, driver(camila))
    expect(titles(res.body)).toEqual(['Ruta de última milla en moto'])
    expect(
      (await api.post('/users/search-job-postings', { search_jps: 'inexistente' }, driver(camila))).body,
    ).toMatchObject({ jobPostings: [], count: 0 })
    await api.put(
      `/business/update-job-posting/${ids[1]}`,
      {
        ...FIXTURE[1],
        title: 'Reparto express en bicicleta',
        description: 'Entregas rápidas en la comuna de Providencia.',
        start_date: '2026-03-02',
        payment_amount: 40000,
        payment_period: 'por ruta',
        drivers_needed: 2,
        id_capacity: '',
      },
      business(andes),
    )
    expect((await api.post('/users/search-job-postings', { search_jps: 'milla' }, driver(camila))).body.count).toBe(0)
    expect(
      titles((await api.post('/users/search-job-postings', { search_jps: 'bicicleta' }, driver(camila))).body),
    ).toEqual(['Reparto express en bicicleta'])
    await api.delete(`/business/delete-job-posting/${ids[1]}`, business(andes))
    expect((await api.post('/users/search-job-postings', { search_jps: 'bicicleta' }, driver(camila))).body.count).toBe(
      0,
    )
  })

  it('opens one posting by id, open or closed; 404 for an unknown one', async () => {
    const open = await api.get(`/users/filter-job-postings-by-id/${ids[0]}`, driver(camila))
    expect(open.body).toMatchObject({
      id: ids[0],
      description: expect.stringContaining('Rutas'),
      capacity: '1.000 kg',
      status: 'open',
    })
    expect((await api.get(`/users/filter-job-postings-by-id/${ids[5]}`, driver(camila))).body.status).toBe('closed')
    expect((await api.get('/users/filter-job-postings-by-id/999999', driver(camila))).status).toBe(404)
    expect((await api.get('/users/filter-job-postings-by-id/abc', driver(camila))).status).toBe(404)
  })

  it('applies once (idempotent), mails the company once, and can withdraw and apply again', async () => {
    const apply = () => api.post('/users/postulate-job-posting', { id_publication: ids[0] }, driver(camila))
    const first = await apply()
    expect(first.status).toBe(201)
    expect(first.body.message).toBe('Postulación enviada correctamente.')
    const again = await apply()
    expect(again.status).toBe(200)
    expect(again.body.message).toBe('Ya postulaste a esta publicación.')
    expect(await p.db.selectFrom('applications').selectAll().execute()).toHaveLength(1)
    expect(await outbox(p, andes.email)).toHaveLength(1)
    const detail = await api.get(`/users/filter-job-postings-by-id/${ids[0]}`, driver(camila))
    expect(detail.body).toMatchObject({ applied: true, application_status: 'nueva' })
    const applied = await api.get('/users/get-all-postulate-job-posting', driver(camila))
    expect(applied.body).toMatchObject({ count: 1, jobPostings: [{ id: ids[0], application_status: 'nueva' }] })

    const withdrawn = await api.post('/users/withdraw-postulation', { id_publication: ids[0] }, driver(camila))
    expect(withdrawn.body.message).toBe('Postulación retirada.')
    expect((await api.post('/users/withdraw-postulation', { id_publication: ids[0] }, driver(camila))).status).toBe(200)
    expect((await api.get('/users/get-all-postulate-job-posting', driver(camila))).body.count).toBe(0)
    expect((await apply()).status).toBe(201)
  })

  it('serves the four holds as operations a script can call, with the answers the routes send', async () => {
    const me = { userId: camila.userId }
    const ref = { id_publication: ids[1]! }
    expect(await savePosting(p, me, ref)).toEqual({ status: 201, body: { message: 'Publicación guardada.' } })
    expect(await savePosting(p, me, ref)).toEqual({
      status: 200,
      body: { message: 'La publicación ya estaba guardada.' },
    })
    expect((await unsavePosting(p, me, ref)).body.message).toBe('Publicación quitada de tus guardadas.')
    expect(await applyToPosting(p, me, ref)).toEqual({
      status: 201,
      body: { message: 'Postulación enviada correctamente.', status: 'nueva' },
    })
    expect((await applyToPosting(p, me, ref)).status).toBe(200)
    expect((await withdrawApplication(p, me, ref)).body.message).toBe('Postulación retirada.')
    expect(await p.db.selectFrom('applications').selectAll().execute()).toHaveLength(0)
    expect(await p.db.selectFrom('saved_postings').selectAll().execute()).toHaveLength(0)
    await expect(savePosting(p, me, { id_publication: 999_999 })).rejects.toMatchObject({ status: 404 })
  })

  it('applies concurrently without duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post('/users/postulate-job-posting', { id_publication: ids[2] }, driver(camila)),
      ),
    )
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true)
    expect(await p.db.selectFrom('applications').selectAll().execute()).toHaveLength(1)
    expect(await outbox(p, andes.email)).toHaveLength(1)
  })

  it('refuses to apply to a closed posting, an unknown one or a bad id, writing nothing', async () => {
    const closed = await api.post('/users/postulate-job-posting', { id_publication: ids[5] }, driver(camila))
    expect(closed.status).toBe(409)
    expect(closed.body.message).toBe('Esta publicación está cerrada y ya no recibe postulaciones.')
    expect((await api.post('/users/postulate-job-posting', { id_publication: 999999 }, driver(camila))).status).toBe(
      404,
    )
    for (const bad of [{}, { id_publication: 0 }, { id_publication: 'abc' }, { id_publication: -3 }]) {
      const res = await api.post('/users/postulate-job-posting', bad, driver(camila))
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Publicación inválida')
    }
    expect(await p.db.selectFrom('applications').selectAll().execute()).toHaveLength(0)
    expect(await outbox(p)).toHaveLength(0)
  })

  it('saves and unsaves idempotently, listing saved postings newest first', async () => {
    const save = (id: number) => api.post('/users/save-posting', { id_publication: id }, driver(camila))
    expect((await save(ids[0]!)).status).toBe(201)
    expect((await save(ids[0]!)).body.message).toBe('La publicación ya estaba guardada.')
    p.advance(1000)
    expect((await save(ids[5]!)).status).toBe(201)
    const saved = await api.get('/users/get-all-save-posting', driver(camila))
    expect(saved.body.count).toBe(2)
    expect(saved.body.jobPostings.map((x: { id: number }) => x.id)).toEqual([ids[5], ids[0]])
    expect(saved.body.jobPostings[0]).toMatchObject({ saved: true, status: 'closed' })
    const list = await api.get('/users/job-postings', driver(camila))
    expect(list.body.jobPostings.find((x: { id: number }) => x.id === ids[0]).saved).toBe(true)
    expect((await api.post('/users/unsave-posting', { id_publication: ids[0] }, driver(camila))).body.message).toBe(
      'Publicación quitada de tus guardadas.',
    )
    expect((await api.post('/users/unsave-posting', { id_publication: ids[0] }, driver(camila))).status).toBe(200)
    expect((await api.get('/users/get-all-save-posting', driver(camila))).body.count).toBe(1)
    expect((await save(999999)).status).toBe(404)
  })

  it("keeps each driver's applications and saves apart", async () => {
    const pedro = await driverAccount(p, 'Pedro')
    await api.post('/users/save-posting', { id_publication: ids[0] }, driver(camila))
    await api.post('/users/postulate-job-posting', { id_publication: ids[0] }, driver(camila))
    expect((await api.get('/users/get-all-save-posting', driver(pedro))).body.count).toBe(0)
    expect((await api.get('/users/get-all-postulate-job-posting', driver(pedro))).body.count).toBe(0)
    expect((await api.get(`/users/filter-job-postings-by-id/${ids[0]}`, driver(pedro))).body).toMatchObject({
      applied: false,
      saved: false,
    })
  })

  it('answers 401 without a token and 403 to a business token', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/users/job-postings'],
      ['POST', '/users/filter-job-postings'],
      ['POST', '/users/search-job-postings'],
      ['GET', `/users/filter-job-postings-by-id/${ids[0]}`],
      ['POST', '/users/postulate-job-posting'],
      ['POST', '/users/withdraw-postulation'],
      ['POST', '/users/save-posting'],
      ['POST', '/users/unsave-posting'],
      ['GET', '/users/get-all-save-posting'],
      ['GET', '/users/get-all-postulate-job-posting'],
    ]
    for (const [method, path] of calls) {
      const json = method === 'POST' ? { id_publication: ids[0] } : undefined
      expect((await api.call(method, path, { json })).status, path).toBe(401)
      expect((await api.call(method, path, { json, headers: business(andes) })).status, path).toBe(403)
    }
    expect(await p.db.selectFrom('applications').selectAll().execute()).toHaveLength(0)
    expect(await p.db.selectFrom('saved_postings').selectAll().execute()).toHaveLength(0)
  })
})
