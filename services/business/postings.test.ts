import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  messages,
  postingBody,
  type CompanyAccount,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'

describe.each(engines)('company postings on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
  })
  afterEach(async () => p.destroy())

  const rows = async () => p.db.selectFrom('job_postings').selectAll().orderBy('id').execute()

  it('creates a posting and reads it back with every name', async () => {
    const res = await api.post(
      '/business/create-job-posting',
      postingBody({ payment_amount: '45.000', pawn: 'Sí' }),
      business(andes),
    )
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Trabajo creado correctamente.')
    const data = await api.get(`/business/get-data-job-posting-to-update/${res.body.id}`, business(andes))
    expect(data.status).toBe(200)
    expect(data.body).toMatchObject({
      id: res.body.id,
      title: 'Reparto de paquetería en Santiago',
      company_name: 'Transportes Andes SpA',
      name_zone: 'Zona Centro',
      name_region: 'Metropolitana de Santiago',
      name_commune: 'Santiago Centro',
      name_vehicle: 'Furgón',
      capacity: '1.000 kg',
      time: 'AM (mañanas)',
      pawn: 'Si',
      payment: '$45.000 por día',
      payment_amount: 45000,
      drivers_needed: 3,
      status: 'open',
    })
  })

  it.each([
    ['title', '', 'Campo requerido'],
    ['title', 'Ruta', 'El título debe tener al menos 5 caracteres'],
    ['title', 'x'.repeat(101), 'El título no puede superar los 100 caracteres'],
    ['description', 'corta', 'La descripción debe tener al menos 20 caracteres'],
    ['id_region', 1000, 'La región no pertenece a la zona seleccionada'],
    ['id_commune', 5101, 'La comuna no pertenece a la región seleccionada'],
    ['id_commune', 13199, 'Selecciona una opción válida'],
    ['id_commune', 'x', 'Selecciona una opción válida'],
    ['id_vehicle', 4, 'Selecciona una opción válida'],
    ['id_capacity', null, 'Campo requerido'],
    ['id_capacity', 7, 'La capacidad no corresponde al vehículo seleccionado'],
    ['id_schedule', 9, 'Selecciona una opción válida'],
    ['start_date', '2026-02-30', 'Ingresa una fecha válida'],
    ['pawn', 'quizás', 'Selecciona una opción válida'],
    ['payment_amount', 500, 'Ingresa un monto en pesos entre $1.000 y $50.000.000'],
    ['payment_amount', '45,5', 'Ingresa un monto en pesos entre $1.000 y $50.000.000'],
    ['payment_period', 'por hora', 'Selecciona una opción válida'],
    ['drivers_needed', 0, 'Ingresa una cantidad entre 1 y 999'],
    ['status', 'paused', 'Selecciona una opción válida'],
  ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
    const res = await api.post('/business/create-job-posting', postingBody({ [field]: value }), business(andes))
    expect(res.status).toBe(400)
    expect(messages(res.body)).toContain(message)
    expect(await rows()).toHaveLength(0)
  })

  it('accepts a vehicle without capacities and drops no capacity', async () => {
    const res = await api.post(
      '/business/create-job-posting',
      postingBody({ id_vehicle: 3, id_capacity: '' }),
      business(andes),
    )
    expect(res.status).toBe(201)
    expect((await rows())[0]).toMatchObject({ id_vehicle: 3, id_capacity: null })
  })

  it('lists 10 per page, newest first, with the total and applicant counts', async () => {
    const ids = await insertPostings(
      p,
      andes.companyId,
      Array.from({ length: 25 }, (_, i) => ({ title: `Ruta número ${i + 1}` })),
    )
    await insertPostings(p, sur.companyId, [{ title: 'Ruta de otra empresa' }])
    const d = await driverAccount(p)
    await api.post('/users/postulate-job-posting', { id_publication: ids[24] }, driver(d))

    const first = await api.get('/business/job-postings', business(andes))
    expect(first.body.count).toBe(25)
    expect(first.body.postings).toHaveLength(10)
    expect(first.body.postings[0]).toMatchObject({ title: 'Ruta número 25', applicants_count: 1 })
    expect(first.body.postings[1].applicants_count).toBe(0)
    const second = await api.get('/business/job-postings?page=2', business(andes))
    expect(second.body.postings.map((x: { title: string }) => x.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Ruta número ${15 - i}`),
    )
    const third = await api.get('/business/job-postings?page=3', business(andes))
    expect(third.body.postings).toHaveLength(5)
    expect((await api.get('/business/job-postings?page=9', business(andes))).body.postings).toHaveLength(0)
    expect((await api.get('/business/job-postings?page=abc', business(andes))).status).toBe(400)
    expect((await api.get('/business/job-postings?page=0', business(andes))).status).toBe(400)
  })

  it('reads a page past the first 1.000 postings newest first, with its applicants, on every list', async () => {
    const ids = await insertPostings(
      p,
      andes.companyId,
      Array.from({ length: 1_015 }, (_, i) => ({ title: `Ruta número ${i + 1}`, status: i === 9 ? 'closed' : 'open' })),
    )
    const d = await driverAccount(p)
    await api.post('/users/postulate-job-posting', { id_publication: ids[7] }, driver(d))
    const titles = (res: { body: { postings: Array<{ title: string }> } }) => res.body.postings.map((x) => x.title)
    const numbers = (...n: number[]) => n.map((k) => `Ruta número ${k}`)
    const page101 = await api.get('/business/job-postings?page=101', business(andes))
    expect(page101.body.count).toBe(1_001)
    expect(titles(page101)).toEqual(numbers(15, 14, 13, 12, 11, 10, 9, 8, 7, 6))
    expect(page101.body.postings[7]).toMatchObject({ applicants_count: 1, new_applicants_count: 1 })
    expect(titles(await api.get('/business/job-postings?page=102', business(andes)))).toEqual(numbers(5, 4, 3, 2, 1))
    // The tab of the open postings skips the closed one (number 10).
    expect(titles(await api.get('/business/job-postings?page=101&status=open', business(andes)))).toEqual(
      numbers(15, 14, 13, 12, 11, 9, 8, 7, 6, 5),
    )
    const search = await api.post('/business/search-my-job-postings', { search: 'ruta', page: 102 }, business(andes))
    expect(titles(search)).toEqual(numbers(5, 4, 3, 2, 1))
  })

  it('searches only its own postings, ignoring accents and case, by word prefixes', async () => {
    await insertPostings(p, andes.companyId, [
      { title: 'Conductor de furgón para farmacia' },
      { title: 'Reparto en moto', description: 'Despacho de farmacia a domicilio en la comuna.' },
      { title: 'Mudanzas pequeñas en camión' },
    ])
    await insertPostings(p, sur.companyId, [{ title: 'Farmacia del sur, reparto' }])
    const search = (search: string) => api.post('/business/search-my-job-postings', { search }, business(andes))
    expect((await search('FARMACIA')).body.count).toBe(2)
    expect((await search('furgon')).body.postings.map((x: { title: string }) => x.title)).toEqual([
      'Conductor de furgón para farmacia',
    ])
    expect((await search('camión mudanza')).body.count).toBe(1)
    expect((await search('farm moto')).body.count).toBe(1)
    expect((await search('inexistente')).body).toMatchObject({ postings: [], count: 0 })
    expect((await search('')).body.count).toBe(3)
    expect((await search('x'.repeat(101))).status).toBe(400)
  })

  it('updates and deletes its own postings', async () => {
    const [id] = await insertPostings(p, andes.companyId, [{}])
    const updated = await api.put(
      `/business/update-job-posting/${id}`,
      postingBody({ title: 'Ruta actualizada de la tarde', id_schedule: 2, status: 'closed' }),
      business(andes),
    )
    expect(updated.status).toBe(200)
    expect(updated.body.message).toBe('Trabajo actualizado correctamente.')
    expect((await rows())[0]).toMatchObject({ title: 'Ruta actualizada de la tarde', id_schedule: 2, status: 'closed' })
    const bad = await api.put(`/business/update-job-posting/${id}`, postingBody({ title: '' }), business(andes))
    expect(bad.status).toBe(400)
    expect((await rows())[0]!.title).toBe('Ruta actualizada de la tarde')
    const deleted = await api.delete(`/business/delete-job-posting/${id}`, business(andes))
    expect(deleted.body.message).toBe('Trabajo eliminado correctamente.')
    expect(await rows()).toHaveLength(0)
    expect((await api.delete(`/business/delete-job-posting/${id}`, business(andes))).status).toBe(404)
  })

  it("cannot read, change, delete or see applicants of another company's posting (404)", async () => {
    const [id] = await insertPostings(p, andes.companyId, [{ title: 'Ruta privada de Andes' }])
    expect((await api.get(`/business/get-data-job-posting-to-update/${id}`, business(sur))).status).toBe(404)
    expect((await api.put(`/business/update-job-posting/${id}`, postingBody(), business(sur))).status).toBe(404)
    expect((await api.delete(`/business/delete-job-posting/${id}`, business(sur))).status).toBe(404)
    expect((await api.get(`/business/job-postings/${id}/applicants`, business(sur))).status).toBe(404)
    expect((await api.get('/business/job-postings', business(sur))).body.count).toBe(0)
    expect((await rows())[0]).toMatchObject({ title: 'Ruta privada de Andes' })
  })

  it('answers 401 without a token and 403 to a driver token', async () => {
    const d = await driverAccount(p)
    const calls: Array<[string, string]> = [
      ['GET', '/business/job-postings'],
      ['POST', '/business/search-my-job-postings'],
      ['POST', '/business/create-job-posting'],
      ['GET', '/business/get-data-job-posting-to-update/1'],
      ['PUT', '/business/update-job-posting/1'],
      ['DELETE', '/business/delete-job-posting/1'],
      ['GET', '/business/job-postings/1/applicants'],
      ['PUT', '/business/update-application-status/1'],
      ['POST', '/business/send-email-to-user-jobpostulate'],
      ['GET', '/business/driver-profile/1'],
      ['GET', '/business/get-data-business'],
    ]
    for (const [method, path] of calls) {
      expect(
        (await api.call(method, path, { json: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
        path,
      ).toBe(401)
      expect((await api.call(method, path, { headers: driver(d) })).status, path).toBe(403)
      expect(
        (await api.call(method, path, { headers: { 'auth-user': d.token, 'auth-business': 'x' } })).status,
        path,
      ).toBe(401)
    }
    expect(await rows()).toHaveLength(0)
  })
})
