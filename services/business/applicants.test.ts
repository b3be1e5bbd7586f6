import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDeliveryWorker } from '#services/platform/messaging/delivery'
import { createTransports } from '#services/platform/messaging/transports'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  messages,
  type Account,
  type CompanyAccount,
  documentRecord,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'

describe.each(engines)('applicants of a company on %s', (engine) => {
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
  })
  afterEach(async () => p.destroy())

  async function file(userId: number, slot: string, status: 'PENDING' | 'ACCEPTED' | 'REJECTED') {
    await p.db
      .insertInto('user_files')
      .values(documentRecord(p, userId, slot, { status }))
      .execute()
  }

  const applicants = (who = andes, id = postingId) => api.get(`/business/job-postings/${id}/applicants`, business(who))

  it(
    'lists applicants with their accepted documents out of 22 (latest record per ' + 'slot, van interior excluded)',
    async () => {
      await file(camila.userId, 'cedula_identidad_frontal', 'ACCEPTED')
      await file(camila.userId, 'cedula_identidad_posterior', 'ACCEPTED')
      await file(camila.userId, 'soap_frontal', 'ACCEPTED')
      await file(camila.userId, 'soap_frontal', 'REJECTED')
      await file(camila.userId, 'licencia_conducir_frontal', 'REJECTED')
      await file(camila.userId, 'licencia_conducir_frontal', 'ACCEPTED')
      await file(camila.userId, 'hoja_vida_conductor', 'PENDING')
      await file(camila.userId, 'furgon_interior_general', 'ACCEPTED')
      await file(pedro.userId, 'cedula_identidad_frontal', 'ACCEPTED')
      const res = await applicants()
      expect(res.status).toBe(200)
      expect(res.body.posting).toMatchObject({
        id: postingId,
        title: 'Reparto de farmacia en Providencia',
        status: 'open',
      })
      expect(res.body.applicants).toHaveLength(1)
      expect(res.body.applicants[0]).toMatchObject({
        id_user: camila.userId,
        name: expect.stringContaining('Camila'),
        email: camila.email,
        status: 'nueva',
        documents_accepted: 3,
        documents_total: 22,
        name_commune: null,
        name_vehicle: null,
      })
      expect(res.body.applicants[0].applied_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    },
  )

  it('changes the status; each change mails the driver once (decision 98)', async () => {
    const [a] = (await applicants()).body.applicants
    const change = (status: string, who = andes) =>
      api.put(`/business/update-application-status/${a.id_application}`, { status }, business(who))
    expect((await change('en_revision')).body).toEqual({
      message: 'Estado de la postulación actualizado.',
      status: 'en_revision',
    })
    expect((await outbox(p, camila.email)).map((m) => m.subject)).toEqual([
      'Tu postulación a «Reparto de farmacia en Providencia»',
    ])
    expect((await change('seleccionado')).status).toBe(200)
    expect((await change('seleccionado')).status).toBe(200)
    const mails = await outbox(p, camila.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.subject).toBe('¡Fuiste seleccionado para «Reparto de farmacia en Providencia»!')
    expect(mails[1]!.reply_to).toBe(andes.email)
    const bad = await change('aprobada')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Estado de postulación inválido')
    expect((await change('descartada', sur)).status).toBe(404)
    const mine = await api.get('/users/get-all-postulate-job-posting', driver(camila))
    expect(mine.body.jobPostings[0]).toMatchObject({ id: postingId, application_status: 'seleccionado' })
  })

  const email = (overrides: Record<string, unknown> = {}) => ({
    subject: 'Entrevista para la ruta de farmacia',
    message: 'Hola Camila, nos gustaría conversar contigo mañana a las 10:00.',
    name_user: 'Camila',
    user_email: camila.email,
    email_business: andes.email,
    name_business: andes.name,
    phone_business: '22876543',
    logo_business: '',
    ...overrides,
  })

  it('emails an applicant through the outbox, signed with the stored company data', async () => {
    const res = await api.post(
      '/business/send-email-to-user-jobpostulate',
      email({ name_business: 'Otra Empresa' }),
      business(andes),
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Correo enviado correctamente.')
    const [mail] = await outbox(p, camila.email)
    expect(mail!.subject).toBe('Entrevista para la ruta de farmacia')
    expect(mail!.body_text).toContain('nos gustaría conversar contigo')
    expect(mail!.body_text).toContain('Transportes Andes SpA te escribió a través de Fleeters')
    expect(mail!.body_text).not.toContain('Otra Empresa')
  })

  it("sends the applicant's mail with Reply-To the company's contact email, and says so in the text", async () => {
    const res = await api.post('/business/send-email-to-user-jobpostulate', email(), business(andes))
    expect(res.status).toBe(200)
    const [row] = await outbox(p, camila.email)
    expect(row!.reply_to).toBe(andes.email)
    // Delivered the way the server does it (no SMTP_URL: an .eml file), then read as a mail client would.
    const worker = createDeliveryWorker({
      db: p.db,
      transports: createTransports({ mailFrom: 'Fleeters <no-responder@fleeters.cl>', dataDir: p.config.dataDir }),
      now: () => p.now(),
    })
    expect((await worker.runOnce()).sent).toBeGreaterThanOrEqual(1)
    const dir = path.join(p.config.dataDir, 'mail')
    const eml = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((m) => m.includes(`To: ${camila.email}`))!
    expect(eml).toMatch(new RegExp(`^From: Fleeters <no-responder@fleeters\\.cl>$`, 'm'))
    expect(eml).toMatch(new RegExp(`^Reply-To: ${andes.email.replace('.', '\\.')}$`, 'm'))
    const text = eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    expect(Buffer.from(text, 'latin1').toString('utf8')).toContain(
      'Responde a este correo para contactar a Transportes Andes SpA',
    )
  })

  it.each(['subject', 'message', 'name_user', 'user_email', 'email_business', 'name_business', 'phone_business'])(
    'refuses the email without %s',
    async (field) => {
      const res = await api.post('/business/send-email-to-user-jobpostulate', email({ [field]: '' }), business(andes))
      expect(res.status).toBe(400)
      expect(messages(res.body)).toContain('Campo requerido')
      expect(await outbox(p, camila.email)).toHaveLength(0)
    },
  )

  it('only emails drivers who applied to its own postings (404 otherwise)', async () => {
    expect(
      (await api.post('/business/send-email-to-user-jobpostulate', email({ user_email: pedro.email }), business(andes)))
        .status,
    ).toBe(404)
    expect((await api.post('/business/send-email-to-user-jobpostulate', email(), business(sur))).status).toBe(404)
    expect(
      (await api.post('/business/send-email-to-user-jobpostulate', email({ user_email: sur.email }), business(andes)))
        .status,
    ).toBe(404)
    expect(await outbox(p, pedro.email)).toHaveLength(0)
    expect(await outbox(p, camila.email)).toHaveLength(0)
  })

  it("shows an applicant's public profile to that company only, without private data", async () => {
    await p.db
      .updateTable('users')
      .set({
        rut: p.columns.seal('rut', '12345678-5'),
        rut_hmac: p.columns.hash('rut', '12345678-5'),
        phone: '56987654321',
        address: 'Calle 1',
      })
      .where('id', '=', camila.userId)
      .execute()
    const res = await api.get(`/business/driver-profile/${camila.userId}`, business(andes))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id_user: camila.userId,
      firstname: 'Camila',
      about_me: 'Conductor con experiencia en reparto.',
      documents_accepted: 0,
      experience: [],
    })
    for (const key of ['rut', 'phone', 'address', 'email', 'password_hash']) expect(res.body).not.toHaveProperty(key)
    expect(JSON.stringify(res.body)).not.toContain('12345678')
    expect((await api.get(`/business/driver-profile/${camila.userId}`, business(sur))).status).toBe(404)
    expect((await api.get(`/business/driver-profile/${pedro.userId}`, business(andes))).status).toBe(404)
    expect((await api.get(`/business/driver-profile/${sur.userId}`, business(andes))).status).toBe(404)
  })

  it("serves an applicant's photo to that company only", async () => {
    expect((await api.get(`/business/driver-photo/${camila.userId}`, business(andes))).status).toBe(404)
    const key = await p.files.put('profile-images', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'jpg')
    const image = await p.db
      .insertInto('profile_images')
      .values({
        user_id: camila.userId,
        storage_key: key,
        mime_type: 'image/jpeg',
        size_bytes: 7,
        created_at: p.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await p.db
      .updateTable('users')
      .set({ img_profile: `/users/profile-image/${image.id}` })
      .where('id', '=', camila.userId)
      .execute()
    const res = await api.app.request(`/business/driver-photo/${camila.userId}`, { headers: business(andes) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))
    expect((await api.get(`/business/driver-photo/${camila.userId}`, business(sur))).status).toBe(404)
    expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).body.has_photo).toBe(true)
    expect((await applicants()).body.applicants[0].has_photo).toBe(true)
  })

  it('adds the work experience kept by the driver area', async () => {
    const tables = await p.db.introspection.getTables()
    // Migration 0003 (driver area) owns this table; the profile must also work before it exists.
    if (!tables.some((t) => t.name === 'work_experience')) {
      let table = p.db.schema
        .createTable('work_experience')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('user_id', 'integer')
      for (const col of [
        'job_title',
        'company_name',
        'type_employment',
        'location',
        'start_date',
        'end_date',
        'job_description',
        'created_at',
        'updated_at',
      ])
        table = table.addColumn(col, 'text')
      await table.execute()
    }
    const row = (user_id: number, job_title: string, company_name: string, start_date: string) => ({
      user_id,
      job_title,
      company_name,
      start_date,
      end_date: '2024-12-31',
      type_employment: 'Jornada completa',
      location: 'Santiago',
      job_description: 'Reparto.',
      created_at: start_date,
      updated_at: start_date,
    })
    await (p.db as unknown as Kysely<any>)
      .insertInto('work_experience')
      .values([
        row(camila.userId, 'Repartidora', 'Rápido Express', '2021-01-01'),
        row(camila.userId, 'Conductora', 'Mercado Sur', '2023-05-01'),
        row(pedro.userId, 'Otro', 'Otra', '2020-01-01'),
      ])
      .execute()
    const res = await api.get(`/business/driver-profile/${camila.userId}`, business(andes))
    expect(res.body.experience.map((e: { job_title: string }) => e.job_title)).toEqual(['Conductora', 'Repartidora'])
    expect(res.body.experience[0]).toMatchObject({
      company_name: 'Mercado Sur',
      start_date: '2023-05-01',
      type_employment: 'Jornada completa',
      location: 'Santiago',
    })
  })

  it('mailed the company when the driver applied, once', async () => {
    expect((await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(camila))).status).toBe(
      200,
    )
    const mails = await outbox(p, andes.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Nueva postulación: Reparto de farmacia en Providencia')
    expect(mails[0]!.body_text).toContain(`/business/dashboard/publicaciones/${postingId}`)
  })
})
