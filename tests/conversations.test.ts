import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
})
