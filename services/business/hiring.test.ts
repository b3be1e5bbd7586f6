import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { REQUIRED_SLOTS } from '#services/shared/validated-drivers'
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
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'

/** The company's hiring screen: new applicants, the card's facts, the status filter, closing. */
describe.each(engines)("the company's hiring screen on %s", (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let camila: Account
  let pedro: Account
  let postingId: number
  let otherId: number
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
    ;[postingId, otherId] = await insertPostings(p, andes.companyId, [
      { title: 'Reparto de farmacia en Providencia' },
      { title: 'Ruta de supermercado en Ñuñoa' },
    ])
    for (const who of [camila, pedro])
      expect((await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(who))).status).toBe(
        201,
      )
  })
  afterEach(async () => p.destroy())

  const list = (who: Account = andes, id = postingId, query = '') =>
    api.get(`/business/job-postings/${id}/applicants${query}`, business(who))
  const panel = async () =>
    (await api.get('/business/job-postings', business(andes))).body.postings as Array<{
      id: number
      applicants_count: number
      new_applicants_count: number
    }>
  const counts = async (id = postingId) => (await panel()).find((x) => x.id === id)!
  const seen = (ids: number[], who: Account = andes, id = postingId) =>
    api.put(`/business/job-postings/${id}/applicants-seen`, { applications: ids }, business(who))

  it('counts new applicants per posting until the company has them on screen', async () => {
    expect(await counts()).toMatchObject({ applicants_count: 2, new_applicants_count: 2 })
    expect(await counts(otherId)).toMatchObject({ applicants_count: 0, new_applicants_count: 0 })
    const first = await list()
    expect(first.body.applicants.map((a: { is_new: boolean }) => a.is_new)).toEqual([true, true])
    // Reading the list does not mark anything: the screen says what it showed.
    expect(await counts()).toMatchObject({ new_applicants_count: 2 })
    const shown = first.body.applicants.map((a: { id_application: number }) => a.id_application)
    expect((await seen(shown)).body).toEqual({ marked: 2 })
    expect(await counts()).toMatchObject({ applicants_count: 2, new_applicants_count: 0 })
    expect((await list()).body.applicants.map((a: { is_new: boolean }) => a.is_new)).toEqual([false, false])
    // Marking again changes nothing, and the first time seen stays.
    expect((await seen(shown)).body).toEqual({ marked: 0 })
    // A later applicant is new again, only them.
    const ana = await driverAccount(p, 'Ana')
    await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(ana))
    expect(await counts()).toMatchObject({ applicants_count: 3, new_applicants_count: 1 })
    const after = (await list()).body.applicants
    expect(after.filter((a: { is_new: boolean }) => a.is_new).map((a: { id_user: number }) => a.id_user)).toEqual([
      ana.userId,
    ])
  })

  it('marks only the applications of that posting that the company had on screen', async () => {
    const [a, b] = (await list()).body.applicants as Array<{ id_application: number }>
    // Another posting's id in the path marks nothing of this one.
    expect((await seen([a!.id_application], andes, otherId)).body).toEqual({ marked: 0 })
    expect((await seen([a!.id_application])).body).toEqual({ marked: 1 })
    expect(await counts()).toMatchObject({ new_applicants_count: 1 })
    expect(
      (await list()).body.applicants.find((x: { id_application: number }) => x.id_application === b!.id_application)
        .is_new,
    ).toBe(true)
  })

  it('changing a status counts as seeing the application', async () => {
    const [a] = (await list()).body.applicants as Array<{ id_application: number }>
    expect(
      (
        await api.put(
          `/business/update-application-status/${a!.id_application}`,
          { status: 'en_revision' },
          business(andes),
        )
      ).status,
    ).toBe(200)
    expect(await counts()).toMatchObject({ new_applicants_count: 1 })
  })

  it('refuses a bad seen body with a 400 message and writes nothing', async () => {
    for (const body of [
      null,
      [],
      {},
      { applications: 'x' },
      { applications: [0] },
      { applications: [1.5] },
      { applications: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await api.put(`/business/job-postings/${postingId}/applicants-seen`, body, business(andes))
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(res.body.message).toBeTruthy()
    }
    expect(await counts()).toMatchObject({ new_applicants_count: 2 })
  })

  it(
    "shows on each card the driver's phone, email, documents in force out of 22 and " + 'an experience summary',
    async () => {
      await p.db.updateTable('users').set({ phone: '56987654321' }).where('id', '=', camila.userId).execute()
      const today = dayInChile(p.now())
      const file = (userId: number, slot: string, status: 'ACCEPTED' | 'PENDING', expiresOn: string | null = null) =>
        documentRecord(p, userId, slot, { status, expiresOn })
      // Five accepted, one accepted but expired yesterday (missing, as the driver sees it), one pending.
      const [s0, s1, s2, s3, s4, s5, s6] = REQUIRED_SLOTS
      await p.db
        .insertInto('user_files')
        .values([
          file(camila.userId, s0!, 'ACCEPTED'),
          file(camila.userId, s1!, 'ACCEPTED'),
          file(camila.userId, s2!, 'ACCEPTED', today),
          file(camila.userId, s3!, 'ACCEPTED'),
          file(camila.userId, s4!, 'ACCEPTED'),
          file(camila.userId, s5!, 'ACCEPTED', '2000-01-01'),
          file(camila.userId, s6!, 'PENDING'),
        ])
        .execute()
      const job = (
        user_id: number,
        job_title: string,
        company_name: string,
        start_date: string,
        end_date: string | null,
      ) => ({
        user_id,
        job_title,
        company_name,
        start_date,
        end_date,
        type_employment: 'Jornada completa',
        location: 'Santiago',
        job_description: 'Reparto.',
        created_at: start_date,
        updated_at: start_date,
      })
      await p.db
        .insertInto('work_experience')
        .values([
          job(camila.userId, 'Repartidora', 'Rápido Express', '2019-03-01', '2022-12-31'),
          job(camila.userId, 'Conductora', 'Mercado Sur', '2023-05-01', null),
          job(pedro.userId, 'Otro', 'Otra', '2020-01-01', '2020-12-31'),
        ] as never)
        .execute()
      const { applicants } = (await list()).body
      const card = applicants.find((a: { id_user: number }) => a.id_user === camila.userId)
      expect(card).toMatchObject({
        email: camila.email,
        phone: '56987654321',
        documents_accepted: 5,
        documents_total: 22,
        name_commune: null,
        name_vehicle: null,
        experience: { jobs: 2, since: '2019-03-01', latest_title: 'Conductora', latest_company: 'Mercado Sur' },
      })
      expect(applicants.find((a: { id_user: number }) => a.id_user === pedro.userId).experience).toEqual({
        jobs: 1,
        since: '2020-01-01',
        latest_title: 'Otro',
        latest_company: 'Otra',
      })
      // Nothing private beyond the contact the driver gave by applying.
      expect(JSON.stringify(applicants)).not.toMatch(/rut|password|address|bank/i)
    },
  )

  it(
    'shows the vehicle type and commune the driver stated in «Mi perfil» on the card ' +
      'and the profile, null only when not stated',
    async () => {
      const stated = await api.post(
        '/users/update-data-user',
        { firstname: 'Camila', lastname: 'Pérez', id_vehicle: 3, id_commune: 13123 },
        driver(camila),
      )
      expect(stated.status).toBe(200)
      const { applicants } = (await list()).body
      expect(applicants.find((a: { id_user: number }) => a.id_user === camila.userId)).toMatchObject({
        name_vehicle: 'Moto',
        name_commune: 'Providencia',
      })
      expect(applicants.find((a: { id_user: number }) => a.id_user === pedro.userId)).toMatchObject({
        name_vehicle: null,
        name_commune: null,
      })
      const profile = await api.get(`/business/driver-profile/${camila.userId}`, business(andes))
      expect(profile.body).toMatchObject({ name_vehicle: 'Moto', name_commune: 'Providencia' })
      // Only the names: the ids and the address stay private.
      expect(profile.body).not.toHaveProperty('id_commune')
      expect(profile.body).not.toHaveProperty('address')
    },
  )

  it('filters by status and counts each status over all the applicants', async () => {
    const all = (await list()).body
    expect(all).toMatchObject({
      status: null,
      total: 2,
      status_counts: { nueva: 2, en_revision: 0, contactado: 0, seleccionado: 0, descartada: 0 },
    })
    const pedroApp = all.applicants.find((a: { id_user: number }) => a.id_user === pedro.userId).id_application
    await api.put(`/business/update-application-status/${pedroApp}`, { status: 'contactado' }, business(andes))
    const contacted = (await list(andes, postingId, '?status=contactado')).body
    expect(contacted.status).toBe('contactado')
    expect(contacted.applicants.map((a: { id_user: number }) => a.id_user)).toEqual([pedro.userId])
    expect(contacted).toMatchObject({ total: 2, status_counts: { nueva: 1, contactado: 1 } })
    expect((await list(andes, postingId, '?status=descartada')).body.applicants).toEqual([])
    expect((await list(andes, postingId, '?status=')).body.applicants).toHaveLength(2)
    const bad = await list(andes, postingId, '?status=aprobada')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBeTruthy()
  })

  it('lets the company close its posting; drivers can no longer apply', async () => {
    const close = (who: Account, id = postingId) =>
      api.put(`/business/close-job-posting/${id}`, undefined, business(who))
    const res = await close(andes)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Publicación cerrada: ya no recibe postulaciones.' })
    expect((await api.get(`/business/get-data-job-posting-to-update/${postingId}`, business(andes))).body.status).toBe(
      'closed',
    )
    expect((await close(andes)).status).toBe(200)
    const ana = await driverAccount(p, 'Ana')
    expect((await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(ana))).status).toBe(
      409,
    )
    // The applicants stay, with the posting's state.
    expect((await list()).body).toMatchObject({ posting: { status: 'closed' }, total: 2 })
  })

  it(
    'answers another company, a driver and an anonymous caller with 404/403/401 on ' +
      'the new and changed calls, and changes nothing',
    async () => {
      const [a] = (await list()).body.applicants as Array<{ id_application: number }>
      const calls = [
        (h?: Record<string, string>) => api.get(`/business/job-postings/${postingId}/applicants?status=nueva`, h),
        (h?: Record<string, string>) =>
          api.put(`/business/job-postings/${postingId}/applicants-seen`, { applications: [a!.id_application] }, h),
        (h?: Record<string, string>) => api.put(`/business/close-job-posting/${postingId}`, undefined, h),
      ]
      for (const call of calls) {
        expect((await call(business(sur))).status).toBe(404)
        expect((await call(driver(camila))).status).toBe(403)
        expect((await call(undefined)).status).toBe(401)
        // A driver's token in the business header is not a business session.
        expect([401, 403]).toContain((await call({ 'auth-business': camila.token })).status)
      }
      expect(await counts()).toMatchObject({ new_applicants_count: 2 })
      expect(
        (await api.get(`/business/get-data-job-posting-to-update/${postingId}`, business(andes))).body.status,
      ).toBe('open')
      // The panel's counts are each company's own.
      expect((await api.get('/business/job-postings', business(sur))).body.postings).toEqual([])
    },
  )
})
