import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATA_VIEW_WINDOW_MS, STAFF_VIEWER_NAME } from '#domain/data-views'
import { DATA_VIEWS_PAGE_SIZE, recordView } from '#services/shared/data-views'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  type Account,
  type CompanyAccount,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { documentForm, fileOf, sampleJpeg, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'

const powerFields = {
  fullNameDriver: 'Juan Andrés Peña',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'BBBB12',
  fullNameOwner: 'María José Muñoz',
  rutOwner: '11.111.111-1',
  addressOwner: 'Av. Grecia 123, Ñuñoa',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.munoz@gmail.com',
}

/** Decision 78: views of a driver's sensitive items, recorded by the service that serves them. */
describe.each(engines)('views of sensitive items on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let camila: Account
  let pedro: Account
  let postingId: number

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
    ;[postingId] = await insertPostings(p, andes.companyId, [{ title: 'Reparto de farmacia en Providencia' }])
    expect((await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(camila))).status).toBe(
      201,
    )
    // Windows are fixed: each test starts a second into one, so its calls a minute apart share it.
    p.advance(DATA_VIEW_WINDOW_MS - (p.now().getTime() % DATA_VIEW_WINDOW_MS) + 1000)
  })
  afterEach(async () => p.destroy())

  const rows = () => p.db.selectFrom('data_views').selectAll().orderBy('id').execute()
  const myViews = (who: Account, page?: number) =>
    api.get(`/users/my-data/views${page ? `?page=${page}` : ''}`, driver(who))

  async function admin() {
    const a = await userWithSession(p, 'admin')
    await p.db
      .updateTable('users')
      .set({ firstname: 'Rosa', lastname: 'Revisora' })
      .where('id', '=', a.user.id)
      .execute()
    return a
  }

  async function uploaded(who: Account, slot = 'certificado_antecedentes') {
    const form = documentForm({ [slot]: fileOf(await samplePng(), `${slot}.png`, 'image/png') })
    const res = await api.call('POST', '/users/upload-files-user', { form, headers: driver(who) })
    expect(res.status).toBe(201)
    const row = await p.db
      .selectFrom('user_files')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('purpose_name', '=', slot)
      .executeTakeFirstOrThrow()
    return row.id
  }

  it(
    'records a company opening its applicant’s profile, once per 10 minutes, and the ' +
      'driver sees the company by name',
    async () => {
      expect((await myViews(camila)).body).toEqual({ views: [], count: 0, page: 1, page_size: DATA_VIEWS_PAGE_SIZE })

      expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).status).toBe(200)
      p.advance(60_000)
      expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).status).toBe(200)
      const recorded = await rows()
      expect(recorded).toHaveLength(1)
      expect(recorded[0]).toMatchObject({
        subject_user_id: camila.userId,
        viewer_user_id: andes.userId,
        viewer_kind: 'company',
        company_id: andes.companyId,
        kind: 'perfil',
        item_id: camila.userId,
      })

      // A company that is not hers gets 404 and leaves no record.
      expect((await api.get(`/business/driver-profile/${camila.userId}`, business(sur))).status).toBe(404)
      expect(await rows()).toHaveLength(1)

      p.advance(DATA_VIEW_WINDOW_MS)
      expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).status).toBe(200)
      expect(await rows()).toHaveLength(2)

      const mine = await myViews(camila)
      expect(mine.status).toBe(200)
      expect(mine.body.count).toBe(2)
      expect(mine.body.views[0]).toMatchObject({
        viewer: 'Transportes Andes SpA',
        viewer_kind: 'company',
        kind: 'perfil',
        item: 'Perfil de postulante',
      })
      expect(mine.body.views[0].viewed_at > mine.body.views[1].viewed_at).toBe(true)
      // Another driver reads only their own record.
      expect((await myViews(pedro)).body.count).toBe(0)
    },
  )

  it(
    'records the applicants a company’s list shows (email and phone on each card), ' +
      'one row per applicant and window',
    async () => {
      expect(
        (await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(pedro))).status,
      ).toBe(201)
      const list = () => api.get(`/business/job-postings/${postingId}/applicants`, business(andes))
      expect((await list()).status).toBe(200)
      expect((await list()).status).toBe(200)
      const recorded = await rows()
      expect(recorded.map((r) => [r.subject_user_id, r.kind, r.company_id]).sort()).toEqual(
        [
          [camila.userId, 'contacto', andes.companyId],
          [pedro.userId, 'contacto', andes.companyId],
        ].sort(),
      )
      // Another company's list of its own posting shows neither.
      const [other] = await insertPostings(p, sur.companyId, [{ title: 'Ruta del sur' }])
      expect((await api.get(`/business/job-postings/${other}/applicants`, business(sur))).status).toBe(200)
      expect((await api.get(`/business/job-postings/${postingId}/applicants`, business(sur))).status).toBe(404)
      expect(await rows()).toHaveLength(2)
      expect((await myViews(pedro)).body.views).toMatchObject([
        { viewer: 'Transportes Andes SpA', item: 'Ficha de postulante (correo y teléfono)' },
      ])
    },
  )

  it(
    'records a staff member opening a document’s file with their id; the driver sees ' +
      '«Equipo Fleeters», the console the name',
    async () => {
      const staff = await admin()
      const fileId = await uploaded(camila)
      const res = await api.app.request(`/admin/documents/${fileId}/file`, { headers: staff.headers })
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
      await api.app.request(`/admin/documents/${fileId}/file`, { headers: staff.headers })
      expect(await rows()).toMatchObject([
        {
          subject_user_id: camila.userId,
          viewer_user_id: staff.user.id,
          viewer_kind: 'staff',
          company_id: null,
          kind: 'documento',
          item_id: fileId,
          detail: 'certificado_antecedentes',
        },
      ])
      // A file that does not exist: 404, nothing recorded.
      expect((await api.app.request(`/admin/documents/${fileId + 99}/file`, { headers: staff.headers })).status).toBe(
        404,
      )
      expect(await rows()).toHaveLength(1)

      const mine = (await myViews(camila)).body
      expect(mine.views).toEqual([
        {
          id: expect.any(Number),
          viewer: STAFF_VIEWER_NAME,
          viewer_kind: 'staff',
          kind: 'documento',
          item: 'Documento: Certificado de antecedentes',
          viewed_at: expect.any(String),
        },
      ])
      expect(JSON.stringify(mine)).not.toContain(staff.user.email)

      const trail = await api.get(`/admin/drivers/${camila.userId}/data-views`, staff.headers)
      expect(trail.status).toBe(200)
      expect(trail.body.views).toEqual([
        {
          id: expect.any(Number),
          viewer_kind: 'staff',
          viewer_name: 'Rosa Revisora',
          viewer_email: staff.user.email,
          company_name: null,
          kind: 'documento',
          item: 'Documento: Certificado de antecedentes',
          viewed_at: expect.any(String),
        },
      ])
    },
  )

  it('records the RUT shown by the console’s driver page and document review, not when there is none', async () => {
    const staff = await admin()
    const fileId = await uploaded(camila, 'soap_frontal')
    expect((await api.get(`/admin/drivers/${camila.userId}`, staff.headers)).status).toBe(200)
    expect(await rows()).toHaveLength(0)
    await p.db
      .updateTable('users')
      .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
      .where('id', '=', camila.userId)
      .execute()
    expect((await api.get(`/admin/drivers/${camila.userId}`, staff.headers)).status).toBe(200)
    expect((await api.get(`/admin/documents/${fileId}`, staff.headers)).status).toBe(200)
    expect(await rows()).toMatchObject([
      { subject_user_id: camila.userId, viewer_user_id: staff.user.id, kind: 'rut', item_id: camila.userId },
    ])
    p.advance(DATA_VIEW_WINDOW_MS)
    expect((await api.get(`/admin/documents/${fileId}`, staff.headers)).status).toBe(200)
    expect((await myViews(camila)).body.views.map((v: { item: string }) => v.item)).toEqual(['RUT', 'RUT'])
  })

  it('records the RUTs the console’s driver search and document queue show, once per driver and window', async () => {
    const staff = await admin()
    await uploaded(camila, 'soap_frontal')
    await uploaded(pedro, 'soap_frontal')
    await p.db
      .updateTable('users')
      .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
      .where('id', '=', camila.userId)
      .execute()
    expect((await api.get('/admin/drivers', staff.headers)).status).toBe(200)
    expect((await api.get('/admin/documents', staff.headers)).status).toBe(200)
    // Pedro has no RUT: nothing of his was shown.
    expect(await rows()).toMatchObject([
      {
        subject_user_id: camila.userId,
        viewer_user_id: staff.user.id,
        viewer_kind: 'staff',
        kind: 'rut',
        item_id: camila.userId,
      },
    ])
    p.advance(DATA_VIEW_WINDOW_MS)
    expect((await api.get('/admin/drivers?q=Pedro', staff.headers)).status).toBe(200)
    expect(await rows()).toHaveLength(1)
    expect((await api.get('/admin/documents', staff.headers)).status).toBe(200)
    expect(await rows()).toHaveLength(2)
  })

  it(
    'records a staff member opening a vehicle owner’s ID image on the record of the ' + 'driver who sent the power',
    async () => {
      const staff = await admin()
      // The owner's message names the driver: the test account's name gets letters only.
      await p.db.updateTable('users').set({ lastname: 'Rojas' }).where('id', '=', camila.userId).execute()
      const link = await api.post('/users/create-power-simple-link', undefined, driver(camila))
      const form = new FormData()
      form.set('power', link.body.token)
      for (const [k, v] of Object.entries(powerFields)) form.set(k, v)
      form.set('files[cedula_identidad_frontal_owner]', fileOf(await samplePng(), 'frente.png', 'image/png'))
      form.set('files[cedula_identidad_posterior_owner]', fileOf(await sampleJpeg(), 'atras.jpg', 'image/jpeg'))
      const created = await api.call('POST', '/users/create-power-simple', { form })
      expect(created.status).toBe(201)
      const powerId = created.body.id_power as number
      expect(
        (await api.app.request(`/admin/powers/${powerId}/id-images/back`, { headers: staff.headers })).status,
      ).toBe(200)
      expect(await rows()).toMatchObject([
        {
          subject_user_id: camila.userId,
          viewer_user_id: staff.user.id,
          kind: 'cedula_dueno',
          item_id: powerId,
          detail: 'back',
        },
      ])
      expect((await myViews(camila)).body.views[0]).toMatchObject({
        viewer: STAFF_VIEWER_NAME,
        item: 'Cédula del dueño del vehículo (reverso)',
      })
    },
  )

  it('fails closed: when the view cannot be recorded the file is not served', async () => {
    const staff = await admin()
    const fileId = await uploaded(camila)
    await sql`drop table data_views`.execute(p.db)
    const res = await api.app.request(`/admin/documents/${fileId}/file`, { headers: staff.headers })
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toHaveProperty('message')
  })

  it('pages the record newest first and refuses a bad page with 400', async () => {
    const start = p.now().getTime()
    for (let i = 0; i < DATA_VIEWS_PAGE_SIZE + 3; i++) {
      await recordView(p.db, {
        viewer: { kind: 'company', userId: andes.userId, companyId: andes.companyId },
        subjectUserId: camila.userId,
        kind: 'documento',
        itemId: 1000 + i,
        detail: 'soap_frontal',
        now: new Date(start + i * 1000),
      })
    }
    const first = (await myViews(camila)).body
    expect(first.count).toBe(DATA_VIEWS_PAGE_SIZE + 3)
    expect(first.views).toHaveLength(DATA_VIEWS_PAGE_SIZE)
    expect(first.views[0].viewed_at).toBe(new Date(start + (DATA_VIEWS_PAGE_SIZE + 2) * 1000).toISOString())
    const second = (await myViews(camila, 2)).body
    expect(second.views).toHaveLength(3)
    expect(second.views[2].viewed_at).toBe(new Date(start).toISOString())
    const bad = await api.get('/users/my-data/views?page=abc', driver(camila))
    expect(bad.status).toBe(400)
    expect(bad.body).toHaveProperty('message')
  })

  it('answers the driver’s record to that driver only, and the console’s trail to staff only', async () => {
    const staff = await admin()
    await recordView(p.db, {
      viewer: { kind: 'staff', userId: staff.user.id },
      subjectUserId: camila.userId,
      kind: 'rut',
      itemId: camila.userId,
      now: p.now(),
    })
    expect((await api.get('/users/my-data/views')).status).toBe(401)
    expect((await api.get('/users/my-data/views', business(andes))).status).toBe(403)
    expect((await api.get('/users/my-data/views', { 'auth-user': andes.token })).status).toBe(403)
    expect((await myViews(pedro)).body.views).toEqual([])
    expect((await api.get(`/admin/drivers/${camila.userId}/data-views`, { 'auth-admin': camila.token })).status).toBe(
      403,
    )
    expect((await api.get(`/admin/drivers/${camila.userId}/data-views`)).status).toBe(401)
    expect((await api.get(`/admin/drivers/${andes.userId}/data-views`, staff.headers)).status).toBe(404)
    expect((await api.get(`/admin/drivers/${camila.userId}/data-views?page=0`, staff.headers)).status).toBe(400)
  })
})
