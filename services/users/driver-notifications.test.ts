import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, dayInChile } from '#domain/format'
import { createDeliveryWorker } from '#services/platform/messaging/delivery'
import { createTransports } from '#services/platform/messaging/transports'
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
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { freePort } from '#services/testing/smtp'
import { sendExpiryReminders } from '#services/users/document-reminders'
import {
  documentForm,
  fileOf,
  samplePng,
  userWithSession,
  VALID_EXPIRY,
} from '#services/users/driver-area/test-helpers'
import { notifyAllDocumentsApproved, notifyDocumentApproved } from './driver-notifications'

const MOBILE = '56987654321'

describe.each(engines)('driver notifications on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let camila: Account
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    camila = await driverAccount(p, 'Camila')
  })
  afterEach(async () => p.destroy())

  const setPhone = (userId: number, phone: string | null) =>
    p.db.updateTable('users').set({ phone }).where('id', '=', userId).execute()
  const prefs = (who: Account) => api.get('/users/notification-preferences', driver(who))
  const choose = (who: Account, body: unknown) => api.put('/users/notification-preferences', body, driver(who))
  /** Every message to Camila: by email to her address, by WhatsApp to her mobile. */
  const messages = async () => (await outbox(p)).filter((m) => m.recipient === camila.email || m.recipient === MOBILE)
  const byChannel = async () => {
    const rows = await messages()
    return {
      email: rows.filter((m) => m.channel === 'email' && m.status !== 'held'),
      whatsapp: rows.filter((m) => m.channel === 'whatsapp'),
      held: rows.filter((m) => m.status === 'held'),
    }
  }

  async function uploadAndReview(decision: 'ACCEPTED' | 'REJECTED', reason?: string) {
    const admin = await userWithSession(p, 'admin')
    const form = documentForm({ soap_frontal: fileOf(await samplePng(), 'soap.png', 'image/png') })
    form.set('soap_frontal_expires_on', VALID_EXPIRY)
    const up = await api.call('POST', '/users/upload-files-user', { form, headers: driver(camila) })
    expect(up.status).toBe(201)
    const id = up.body.files[0].id_file as number
    const res = await api.post(`/admin/documents/${id}/review`, { decision, reason }, admin.headers)
    expect(res.status).toBe(200)
    return id
  }

  describe('preferences', () => {
    it('default: email on; WhatsApp on only when the stored phone is a Chilean mobile', async () => {
      expect((await prefs(camila)).body).toEqual({ email: true, whatsapp: false, whatsapp_available: false })
      await setPhone(camila.userId, '221234567')
      expect((await prefs(camila)).body).toEqual({ email: true, whatsapp: false, whatsapp_available: false })
      await setPhone(camila.userId, MOBILE)
      expect((await prefs(camila)).body).toEqual({ email: true, whatsapp: true, whatsapp_available: true })
    })

    it('the driver turns a channel off and it sticks; WhatsApp needs a mobile; bad bodies are 400', async () => {
      await setPhone(camila.userId, MOBILE)
      const off = await choose(camila, { email: true, whatsapp: false })
      expect(off.status).toBe(200)
      expect(off.body).toMatchObject({ email: true, whatsapp: false, message: expect.any(String) })
      expect((await prefs(camila)).body).toEqual({ email: true, whatsapp: false, whatsapp_available: true })
      await setPhone(camila.userId, null)
      const noMobile = await choose(camila, { email: true, whatsapp: true })
      expect(noMobile.status).toBe(400)
      expect(noMobile.body.message).toBe('Para recibir WhatsApp, agrega un celular en «Mis Datos».')
      for (const body of [
        {},
        { email: 'sí', whatsapp: false },
        { email: true },
        { email: true, whatsapp: false, x: 1 },
      ])
        expect((await choose(camila, body)).status).toBe(400)
      expect((await prefs(camila)).body).toEqual({ email: true, whatsapp: false, whatsapp_available: false })
    })

    it('only the driver, and only their own: another driver, a company, anonymous', async () => {
      const pedro = await driverAccount(p, 'Pedro')
      const andes = await companyAccount(p)
      expect((await choose(pedro, { email: false, whatsapp: false })).status).toBe(200)
      expect((await prefs(camila)).body.email).toBe(true)
      const callers: Array<Record<string, string>> = [{}, business(andes), { 'auth-user': 'forged' }]
      for (const headers of callers) {
        const read = await api.get('/users/notification-preferences', headers)
        const write = await api.put('/users/notification-preferences', { email: false, whatsapp: false }, headers)
        expect([401, 403]).toContain(read.status)
        expect([401, 403]).toContain(write.status)
      }
      expect((await prefs(camila)).body.email).toBe(true)
    })
  })

  describe('events', () => {
    it('an approval goes once by each chosen channel, with a link into the product', async () => {
      await setPhone(camila.userId, MOBILE)
      const id = await uploadAndReview('ACCEPTED')
      const { email, whatsapp, held } = await byChannel()
      expect(email.map((m) => m.subject)).toEqual(['Documento aprobado: SOAP (frontal)'])
      expect(whatsapp).toHaveLength(1)
      expect(whatsapp[0]!.body_text).toBe(
        'Fleeters: aprobamos tu documento «SOAP (frontal)». http://localhost:3000/user/dashboard/home',
      )
      expect(held).toEqual([])
      // The same event again (a retried request, a second process): nothing more.
      const again = { userId: camila.userId, firstname: 'Camila', email: camila.email }
      const link = `${p.publicUrl}/user/dashboard/home`
      expect(await notifyDocumentApproved(p.db, { ...again, fileId: id, title: 'SOAP (frontal)', link }, p.now())).toBe(
        0,
      )
      expect(await messages()).toHaveLength(2)
    })

    it('a rejection carries the reason; WhatsApp off → email only', async () => {
      await setPhone(camila.userId, MOBILE)
      await choose(camila, { email: true, whatsapp: false })
      await uploadAndReview('REJECTED', 'La imagen está borrosa.')
      const { email, whatsapp } = await byChannel()
      expect(whatsapp).toEqual([])
      expect(email).toHaveLength(1)
      expect(email[0]!.body_text).toContain('La imagen está borrosa.')
    })

    it('email off → WhatsApp only, its email held as the fallback; both off → nothing', async () => {
      await setPhone(camila.userId, MOBILE)
      await choose(camila, { email: false, whatsapp: true })
      await uploadAndReview('REJECTED', 'La imagen está borrosa.')
      const c = await byChannel()
      expect(c.email).toEqual([])
      expect(c.whatsapp).toHaveLength(1)
      expect(c.whatsapp[0]!.body_text).toMatch(
        new RegExp(
          '^Fleeters: rechazamos tu documento «SOAP \\(frontal\\)»\\. Motivo: La imagen está borrosa\\. ' +
            'Súbelo de nuevo: http://localhost:3000/user/dashboard/home\\?name=soap_frontal',
        ),
      )
      expect(c.held).toHaveLength(1)
      expect(c.held[0]!.held_for).toBe(c.whatsapp[0]!.id)
      await choose(camila, { email: false, whatsapp: false })
      const before = (await messages()).length
      await uploadAndReview('ACCEPTED')
      expect(await messages()).toHaveLength(before)
    })

    it('the 22 approved: once per channel, however often the approval is replayed', async () => {
      await setPhone(camila.userId, MOBILE)
      const d = { userId: camila.userId, firstname: 'Camila', email: camila.email, fileId: 7, link: 'http://x/y' }
      expect(await notifyAllDocumentsApproved(p.db, d, p.now())).toBe(2)
      const both = await Promise.all([
        notifyAllDocumentsApproved(p.db, d, p.now()),
        notifyAllDocumentsApproved(p.db, d, p.now()),
      ])
      expect(both).toEqual([0, 0])
      const { email, whatsapp } = await byChannel()
      expect(email.map((m) => m.subject)).toEqual(['¡Eres un Fleeter validado!'])
      expect(whatsapp.map((m) => m.body_text)).toEqual([
        'Fleeters: ¡aprobamos tus 22 documentos! Ya eres un Fleeter validado y puedes postular: http://x/y',
      ])
    })

    it('an application status change: once per change and channel; the same status again is no event', async () => {
      await setPhone(camila.userId, MOBILE)
      const andes: CompanyAccount = await companyAccount(p)
      const [postingId] = await insertPostings(p, andes.companyId, [{ title: 'Reparto en Ñuñoa' }])
      expect(
        (await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(camila))).status,
      ).toBe(201)
      const list = await api.get(`/business/job-postings/${postingId}/applicants`, business(andes))
      const appId = list.body.applicants[0].id_application as number
      const change = (status: string) =>
        api.put(`/business/update-application-status/${appId}`, { status }, business(andes))
      expect((await change('en_revision')).status).toBe(200)
      expect((await Promise.all([change('seleccionado'), change('seleccionado')])).map((r) => r.status)).toEqual([
        200, 200,
      ])
      p.advance(1000)
      expect((await change('nueva')).status).toBe(200)
      const { email, whatsapp } = await byChannel()
      expect(email.map((m) => m.subject)).toEqual([
        'Tu postulación a «Reparto en Ñuñoa»',
        '¡Fuiste seleccionado para «Reparto en Ñuñoa»!',
      ])
      expect(whatsapp.map((m) => m.body_text)).toEqual([
        `Fleeters: ${andes.name} está revisando tu postulación a «Reparto en Ñuñoa». ` +
          'http://localhost:3000/user/dashboard/job-postings/postuladas',
        `Fleeters: ${andes.name} te seleccionó para «Reparto en Ñuñoa». ` +
          'http://localhost:3000/user/dashboard/job-postings/postuladas',
      ])
    })

    it('expiry reminders: the one mail per run, and its WhatsApp variant, under an injected clock', async () => {
      await setPhone(camila.userId, MOBILE)
      const today = dayInChile(p.now())
      for (const [slot, date] of [
        ['soap_frontal', addDays(today, 40)],
        ['permiso_circulacion_frontal', addDays(today, 45)],
      ] as const) {
        const form = documentForm({ [slot]: fileOf(await samplePng(), `${slot}.png`, 'image/png') })
        form.set(`${slot}_expires_on`, date)
        expect((await api.call('POST', '/users/upload-files-user', { form, headers: driver(camila) })).status).toBe(201)
      }
      const at = (days: number) => new Date(p.now().getTime() + days * 86_400_000)
      expect(await sendExpiryReminders(p, at(5))).toEqual({ mails: 0, documents: 0 })
      expect(await sendExpiryReminders(p, at(16))).toEqual({ mails: 1, documents: 2 })
      await Promise.all([sendExpiryReminders(p, at(16)), sendExpiryReminders(p, at(17))])
      const { email, whatsapp } = await byChannel()
      expect(email.map((m) => m.subject)).toEqual(['Tienes 2 documentos por vencer'])
      expect(whatsapp).toHaveLength(1)
      expect(whatsapp[0]!.body_text).toMatch(
        new RegExp(
          '^Fleeters: tienes 2 documentos por vencer; el primero, «SOAP \\(frontal\\)»: vence en \\d+ días\\. ' +
            'Sube la versión vigente: http://localhost:3000/user/dashboard/home$',
        ),
      )
    })
  })

  describe('a dead WhatsApp transport', () => {
    /** Runs the delivery worker as the hours pass, until nothing is left to try. */
    async function deliverAll(whatsappApiBase: string) {
      let clock = p.now()
      const transports = createTransports({
        mailFrom: 'no-responder@fleeters.cl',
        dataDir: p.config.DATA_DIR,
        whatsappToken: 'tok',
        whatsappPhoneId: '123',
        whatsappApiBase,
      })
      const worker = createDeliveryWorker({ db: p.db, transports, now: () => clock })
      for (let i = 0; i < 12; i++) {
        await worker.runOnce()
        clock = new Date(clock.getTime() + 2 * 3600_000)
      }
    }
    const mailFiles = () => {
      const dir = path.join(p.config.DATA_DIR, 'mail')
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : []
    }

    it('email off: the WhatsApp message is given up and arrives by email, once', async () => {
      await setPhone(camila.userId, MOBILE)
      await choose(camila, { email: false, whatsapp: true })
      await uploadAndReview('ACCEPTED')
      await deliverAll(`http://127.0.0.1:${await freePort()}`)
      const rows = await messages()
      expect(rows.map((m) => [m.channel, m.status])).toEqual([
        ['whatsapp', 'failed'],
        ['email', 'sent'],
      ])
      const mails = mailFiles()
      expect(mails).toHaveLength(1)
      expect(mails[0]).toContain(camila.email)
    })

    it('email on: the email already carries the news; no second copy', async () => {
      await setPhone(camila.userId, MOBILE)
      await uploadAndReview('ACCEPTED')
      await deliverAll(`http://127.0.0.1:${await freePort()}`)
      expect((await messages()).map((m) => [m.channel, m.status])).toEqual([
        ['whatsapp', 'failed'],
        ['email', 'sent'],
      ])
      expect(mailFiles()).toHaveLength(1)
    })

    it('a WhatsApp message delivered drops its held email', async () => {
      await setPhone(camila.userId, MOBILE)
      await choose(camila, { email: false, whatsapp: true })
      await uploadAndReview('ACCEPTED')
      const { createServer } = await import('node:http')
      const server = createServer((_req, res) => res.end('{}'))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const port = (server.address() as { port: number }).port
        await deliverAll(`http://127.0.0.1:${port}`)
      } finally {
        await new Promise((resolve) => server.close(resolve))
      }
      expect((await messages()).map((m) => [m.channel, m.status])).toEqual([['whatsapp', 'sent']])
      expect(mailFiles()).toHaveLength(0)
    })
  })
})
