import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bulkOverLimit } from '#domain/validation/application-messages'
import { CAMPO_REQUERIDO } from '#domain/validation/fields'
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
import { userWithSession } from '#services/users/driver-area/test-helpers'

describe.each(engines)('conversations per application on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let camila: Account
  let pedro: Account
  let postingId: number
  let applicationId: number
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
    ;[postingId] = await insertPostings(p, andes.companyId, [{ title: 'Reparto de farmacia en Providencia' }])
    await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(camila))
    applicationId = (
      await p.db.selectFrom('applications').select('id').where('user_id', '=', camila.userId).executeTakeFirstOrThrow()
    ).id
  })
  afterEach(async () => p.destroy())

  const thread = (id = applicationId) => `/business/applications/${id}/messages`
  const driverThread = (id = applicationId) => `/users/applications/${id}/messages`

  it('carries a company message and the answer back, unread counts cleared on read', async () => {
    const sent = await api.post(thread(), { body: 'Hola Camila, ¿puedes empezar el lunes?' }, business(andes))
    expect(sent.status).toBe(201)
    expect(sent.body.message).toBe('Mensaje enviado.')
    // The driver hears it on their channels, with a link to the thread; the text stays in the product.
    const notice = (await outbox(p, camila.email)).find((m) => m.subject === 'Nuevo mensaje de Transportes Andes SpA')
    expect(notice?.body_text).toContain(`/user/dashboard/job-postings/postuladas?conversacion=${applicationId}`)
    expect(notice?.body_text).not.toContain('lunes')

    expect((await api.get('/users/applications/messages/unread', driver(camila))).body).toEqual({ unread: 1 })
    expect((await api.get('/users/applications/messages', driver(camila))).body).toEqual({
      unread_total: 1,
      threads: [{ id_application: applicationId, id_publication: postingId, messages: 1, unread: 1 }],
    })
    const read = await api.get(driverThread(), driver(camila))
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      posting_title: 'Reparto de farmacia en Providencia',
      company_name: 'Transportes Andes SpA',
      can_write: true,
      messages: [{ sender: 'company', body: 'Hola Camila, ¿puedes empezar el lunes?', read: false, subject: null }],
    })
    expect((await api.get('/users/applications/messages/unread', driver(camila))).body).toEqual({ unread: 0 })
    expect((await api.get(driverThread(), driver(camila))).body.messages[0].read).toBe(true)

    const answer = await api.post(driverThread(), { body: 'Sí, el lunes puedo.' }, driver(camila))
    expect(answer.status).toBe(201)
    // The company gets an email that names the driver and links to the thread, never the driver's text.
    const mail = (await outbox(p, andes.email)).find((m) => m.subject?.endsWith('te respondió'))
    expect(mail?.body_text).toContain(`/business/dashboard/publicaciones/${postingId}?conversacion=${applicationId}`)
    expect(mail?.body_text).not.toContain('lunes puedo')

    const list = await api.get(`/business/job-postings/${postingId}/applicants`, business(andes))
    expect(list.body.applicants[0].unread_messages).toBe(1)
    expect((await api.get('/business/panel-summary', business(andes))).body.unread_messages).toBe(1)
    const companyRead = await api.get(thread(), business(andes))
    expect(companyRead.body.messages.map((m: { sender: string }) => m.sender)).toEqual(['company', 'driver'])
    expect((await api.get('/business/panel-summary', business(andes))).body.unread_messages).toBe(0)
    const again = await api.get(`/business/job-postings/${postingId}/applicants`, business(andes))
    expect(again.body.applicants[0].unread_messages).toBe(0)
  })

  it('lets the driver answer only once the company has written', async () => {
    const first = await api.post(driverThread(), { body: 'Hola, ¿sigue abierta?' }, driver(camila))
    expect(first.status).toBe(409)
    expect((await api.get(driverThread(), driver(camila))).body.can_write).toBe(false)
    expect(await p.db.selectFrom('application_messages').selectAll().execute()).toEqual([])
  })

  it('shows a thread only to its two parties and the console, and lets no one else write', async () => {
    await api.post(thread(), { body: 'Hola Camila, te escribimos por la ruta.' }, business(andes))
    // Another company, another driver: the thread does not exist for them.
    expect((await api.get(thread(), business(sur))).status).toBe(404)
    expect((await api.post(thread(), { body: 'Intruso' }, business(sur))).status).toBe(404)
    expect((await api.get(driverThread(), driver(pedro))).status).toBe(404)
    expect((await api.post(driverThread(), { body: 'Intruso' }, driver(pedro))).status).toBe(404)
    // Anonymous, and a driver's token on the company's route.
    expect((await api.get(thread())).status).toBe(401)
    expect((await api.post(driverThread(), { body: 'Hola' })).status).toBe(401)
    expect((await api.get(thread(), { 'auth-business': camila.token })).status).toBe(403)
    expect((await p.db.selectFrom('application_messages').selectAll().execute()).length).toBe(1)
    // A driver who paused their profile is out of the companies' sight, threads included.
    await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', camila.userId).execute()
    expect((await api.get(thread(), business(andes))).status).toBe(404)
    await p.db.updateTable('users').set({ paused_at: null }).where('id', '=', camila.userId).execute()

    // The console reads it (an «administrador»), and its reading marks nothing read.
    const admin = await userWithSession(p, 'admin')
    const seen = await api.get(`/admin/applications/${applicationId}/messages`, admin.headers)
    expect(seen.status).toBe(200)
    expect(seen.body.messages).toHaveLength(1)
    expect(seen.body.can_write).toBe(false)
    expect((await api.get('/users/applications/messages/unread', driver(camila))).body).toEqual({ unread: 1 })
    const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    expect((await api.get(`/admin/applications/${applicationId}/messages`, revisor.headers)).status).toBe(403)
    expect((await api.get(`/admin/applications/999999/messages`, admin.headers)).status).toBe(404)
  })

  it('takes text only, up to 2.000 characters, and keeps markup as typed', async () => {
    const empty = await api.post(thread(), { body: '   ' }, business(andes))
    expect(empty.status).toBe(400)
    expect(messages(empty.body)).toEqual([CAMPO_REQUERIDO])
    const long = await api.post(thread(), { body: 'a'.repeat(2001) }, business(andes))
    expect(long.status).toBe(400)
    expect(messages(long.body)).toEqual(['El mensaje no puede superar los 2.000 caracteres'])
    expect((await api.post(thread(), { body: 'hola\u0000' }, business(andes))).status).toBe(400)
    expect((await api.post(thread(), { body: 'a'.repeat(2000) }, business(andes))).status).toBe(201)
    const markup = '<img src=x onerror=alert(1)> <b>hola</b>'
    expect((await api.post(thread(), { body: markup }, business(andes))).status).toBe(201)
    const read = await api.get(driverThread(), driver(camila))
    expect(read.body.messages[1].body).toBe(markup)
  })

  it('limits how many messages a sender writes in an hour, across threads', async () => {
    await api.post(thread(), { body: 'Hola Camila, te escribimos por la ruta.' }, business(andes))
    for (let i = 0; i < 30; i++) {
      const res = await api.post(driverThread(), { body: `Respuesta ${i}` }, driver(camila))
      expect(res.status).toBe(201)
    }
    const over = await api.post(driverThread(), { body: 'Una más' }, driver(camila))
    expect(over.status).toBe(429)
    expect(over.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
    const stored = await p.db.selectFrom('application_messages').select('id').where('sender', '=', 'driver').execute()
    expect(stored).toHaveLength(30)
  })

  it("writes the spec's email call into the same thread and still mails the driver", async () => {
    const res = await api.post(
      '/business/send-email-to-user-jobpostulate',
      {
        subject: 'Entrevista',
        message: 'Hola Camila, ¿conversamos mañana a las 10:00?',
        name_user: 'Camila',
        user_email: camila.email,
        email_business: andes.email,
        name_business: andes.name,
        phone_business: '22876543',
      },
      business(andes),
    )
    expect(res.status).toBe(200)
    const mails = await outbox(p, camila.email)
    expect(mails.map((m) => m.subject)).toContain('Entrevista')
    // The mail carries the message itself: no second notice about it.
    expect(mails.map((m) => m.subject)).not.toContain('Nuevo mensaje de Transportes Andes SpA')
    const read = await api.get(driverThread(), driver(camila))
    expect(read.body.messages).toEqual([
      expect.objectContaining({
        sender: 'company',
        subject: 'Entrevista',
        body: 'Hola Camila, ¿conversamos mañana a las 10:00?',
      }),
    ])
    expect(read.body.can_write).toBe(true)
  })
  describe('a bulk message to the selected applicants of a posting', () => {
    let pedroApplication: number
    const bulk = (id = postingId) => `/business/job-postings/${id}/applicants-messages`
    beforeEach(async () => {
      await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(pedro))
      pedroApplication = (
        await p.db.selectFrom('applications').select('id').where('user_id', '=', pedro.userId).executeTakeFirstOrThrow()
      ).id
    })
    const stored = () => p.db.selectFrom('application_messages').selectAll().orderBy('id').execute()

    it("writes the message into each applicant's own thread, each with their notice and unread count", async () => {
      const body = 'Hola, la entrevista es el martes a las 10:00 en Av. Matta 123.'
      const res = await api.post(bulk(), { applications: [applicationId, pedroApplication], body }, business(andes))
      expect(res.status).toBe(201)
      expect(res.body).toEqual({ message: 'Mensaje enviado a 2 postulantes.', sent: 2 })
      const rows = await stored()
      expect(rows.map((r) => [r.application_id, r.sender, r.body, r.read_at])).toEqual([
        [applicationId, 'company', body, null],
        [pedroApplication, 'company', body, null],
      ])
      for (const [who, id] of [
        [camila, applicationId],
        [pedro, pedroApplication],
      ] as const) {
        // The same notice a single message sends, with the link to the driver's own thread, never the text.
        const notice = (await outbox(p, who.email)).find((m) => m.subject === 'Nuevo mensaje de Transportes Andes SpA')
        expect(notice?.body_text).toContain(`/user/dashboard/job-postings/postuladas?conversacion=${id}`)
        expect(notice?.body_text).not.toContain('Matta')
        expect((await api.get('/users/applications/messages/unread', driver(who))).body).toEqual({ unread: 1 })
        const thread = await api.get(driverThread(id), driver(who))
        expect(thread.body.messages).toEqual([expect.objectContaining({ sender: 'company', body })])
        // The company wrote: the driver may answer in their thread.
        expect(thread.body.can_write).toBe(true)
      }
      const one = await api.post(
        bulk(),
        { applications: [pedroApplication], body: 'Y trae tu licencia.' },
        business(andes),
      )
      expect(one.body.message).toBe('Mensaje enviado a 1 postulante.')
    })

    it("leaves the drivers' unread answers unread: the company has not opened those threads", async () => {
      await api.post(thread(), { body: 'Hola Camila, ¿sigues disponible?' }, business(andes))
      await api.post(driverThread(), { body: 'Sí, sigo disponible.' }, driver(camila))
      const before = await api.get(`/business/job-postings/${postingId}/applicants`, business(andes))
      expect(
        before.body.applicants.find((a: { id_application: number }) => a.id_application === applicationId),
      ).toMatchObject({ unread_messages: 1 })
      const res = await api.post(
        bulk(),
        { applications: [applicationId, pedroApplication], body: 'Les escribimos a todos: mañana confirmamos.' },
        business(andes),
      )
      expect(res.status).toBe(201)
      expect((await api.get('/business/panel-summary', business(andes))).body.unread_messages).toBe(1)
    })

    it("reaches only applicants of the caller's own posting: anything else is refused, nothing written", async () => {
      const body = 'Hola, ¿conversamos mañana?'
      const [otherPosting] = await insertPostings(p, andes.companyId, [{ title: 'Reparto en Maipú' }])
      await api.post('/users/postulate-job-posting', { id_publication: otherPosting }, driver(pedro))
      const elsewhere = (
        await p.db
          .selectFrom('applications')
          .select('id')
          .where('posting_id', '=', otherPosting!)
          .executeTakeFirstOrThrow()
      ).id
      const [surPosting] = await insertPostings(p, sur.companyId, [{ title: 'Ruta de Mercado Sur' }])
      const refusals = [
        // Another company, on this posting or on its own posting naming these applications.
        await api.post(bulk(), { applications: [applicationId], body }, business(sur)),
        await api.post(bulk(surPosting), { applications: [applicationId], body }, business(sur)),
        // One application of another posting among the selected: all or nothing.
        await api.post(bulk(), { applications: [applicationId, elsewhere], body }, business(andes)),
        await api.post(bulk(), { applications: [applicationId, 999_999], body }, business(andes)),
        await api.post(bulk(999_999), { applications: [applicationId], body }, business(andes)),
      ]
      expect(refusals.map((r) => r.status)).toEqual([404, 404, 404, 404, 404])
      expect(refusals.map((r) => r.body.message)).toEqual(Array(5).fill('Recurso no encontrado.'))
      // A driver who paused their profile is out of the companies' sight: the whole send stops.
      await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', pedro.userId).execute()
      const paused = await api.post(bulk(), { applications: [applicationId, pedroApplication], body }, business(andes))
      expect(paused.status).toBe(404)
      // Anonymous; a driver, with their token in the company's header or in their own.
      expect((await api.post(bulk(), { applications: [applicationId], body })).status).toBe(401)
      expect(
        (await api.post(bulk(), { applications: [applicationId], body }, { 'auth-business': camila.token })).status,
      ).toBe(403)
      expect((await api.post(bulk(), { applications: [applicationId], body }, driver(camila))).status).toBe(403)
      expect(await stored()).toEqual([])
      expect((await outbox(p, camila.email)).map((m) => m.subject)).not.toContain(
        'Nuevo mensaje de Transportes Andes SpA',
      )
    })

    it("takes the single message's text rules and at least one applicant", async () => {
      const send = (b: Record<string, unknown>) => api.post(bulk(), b, business(andes))
      const empty = await send({ applications: [applicationId], body: '  ' })
      expect(empty.status).toBe(400)
      expect(messages(empty.body)).toEqual([CAMPO_REQUERIDO])
      const long = await send({ applications: [applicationId], body: 'a'.repeat(2001) })
      expect(messages(long.body)).toEqual(['El mensaje no puede superar los 2.000 caracteres'])
      expect((await send({ applications: [applicationId], body: 'hola\u0000' })).status).toBe(400)
      const none = await send({ applications: [], body: 'Hola' })
      expect(none.status).toBe(400)
      expect(messages(none.body)).toEqual(['Selecciona al menos un postulante'])
      expect((await send({ applications: ['x'], body: 'Hola' })).status).toBe(400)
      expect((await send({ applications: Array(501).fill(applicationId), body: 'Hola' })).status).toBe(400)
      expect(await stored()).toEqual([])
      // The same application twice is one message.
      const twice = await send({ applications: [applicationId, applicationId], body: 'Hola, una vez.' })
      expect(twice.body.sent).toBe(1)
      expect(await stored()).toHaveLength(1)
    })

    it('counts one message per recipient against the hour, and refuses a send that does not fit whole', async () => {
      for (let i = 0; i < 118; i++) {
        const res = await api.post(thread(), { body: `Mensaje ${i}` }, business(andes))
        expect(res.status).toBe(201)
      }
      const third = await driverAccount(p, 'Rosa')
      await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(third))
      const rosaApplication = (
        await p.db.selectFrom('applications').select('id').where('user_id', '=', third.userId).executeTakeFirstOrThrow()
      ).id
      const all = [applicationId, pedroApplication, rosaApplication]
      const over = await api.post(bulk(), { applications: all, body: 'A los tres.' }, business(andes))
      expect(over.status).toBe(429)
      expect(over.body.message).toBe(bulkOverLimit(2))
      expect(await stored()).toHaveLength(118)
      // Nothing was counted: two still fit, then the hour is spent.
      const two = await api.post(bulk(), { applications: all.slice(1), body: 'A los dos.' }, business(andes))
      expect(two.status).toBe(201)
      const spent = await api.post(bulk(), { applications: [applicationId], body: 'Una más.' }, business(andes))
      expect(spent.status).toBe(429)
      expect(spent.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
      expect((await api.post(thread(), { body: 'Otra.' }, business(andes))).status).toBe(429)
      expect(await stored()).toHaveLength(120)
    })
  })

  it("records the console's reading among the driver's data views, and names the parties", async () => {
    await api.post(thread(), { body: 'Hola Camila, te escribimos por la ruta.' }, business(andes))
    const admin = await userWithSession(p, 'admin')
    const seen = await api.get(`/admin/applications/${applicationId}/messages`, admin.headers)
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({
      id_application: applicationId,
      id_driver: camila.userId,
      id_company: andes.companyId,
      id_publication: postingId,
      company_name: 'Transportes Andes SpA',
    })
    const views = await p.db.selectFrom('data_views').selectAll().where('kind', '=', 'conversacion').execute()
    expect(views.map((v) => [v.subject_user_id, v.viewer_user_id, v.viewer_kind, v.item_id, v.detail])).toEqual([
      [camila.userId, admin.user.id, 'staff', applicationId, 'Transportes Andes SpA'],
    ])
    // The driver sees it in «Quién vio mis datos», the team by its collective name.
    const mine = await api.get('/users/my-data/views', driver(camila))
    expect(mine.body.views).toContainEqual(
      expect.objectContaining({
        viewer: 'Equipo Fleeters',
        kind: 'conversacion',
        item: 'Mensajes con Transportes Andes SpA',
      }),
    )
    // The driver page counts each application's messages for the console.
    const detail = await api.get(`/admin/drivers/${camila.userId}`, admin.headers)
    expect(detail.body.applications).toEqual([expect.objectContaining({ id: applicationId, messages: 1 })])
    // Nothing is recorded when there is nothing to serve.
    expect((await api.get('/admin/applications/999999/messages', admin.headers)).status).toBe(404)
    expect(await p.db.selectFrom('data_views').select('id').where('kind', '=', 'conversacion').execute()).toHaveLength(
      1,
    )
  })
})
