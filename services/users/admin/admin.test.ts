import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DOCUMENT_SLOT_KEYS, OPTIONAL_DOCUMENT_SLOT } from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin'
import { business, companyAccount, postingBody } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { enrolFactor } from '#services/testing/second-factor'
import {
  documentForm,
  fileOf,
  formWith,
  samplePdf,
  samplePng,
  userWithSession,
} from '#services/users/driver-area/test-helpers'
import { createAdminAccount } from './accounts'

/** Every console call, with a body good enough to pass validation once authorised. */
const ADMIN_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/admin/summary'],
  ['GET', '/admin/audit'],
  ['GET', '/admin/documents'],
  ['GET', '/admin/documents/1'],
  ['GET', '/admin/documents/1/file'],
  ['GET', '/admin/documents/1/pages'],
  ['GET', '/admin/documents/1/pages/1'],
  ['POST', '/admin/documents/1/review', { decision: 'ACCEPTED' }],
  ['GET', '/admin/drivers'],
  ['GET', '/admin/drivers/1'],
  ['GET', '/admin/companies'],
  ['GET', '/admin/companies/1'],
  ['POST', '/admin/companies/1/verification', { verified: true }],
  ['POST', '/admin/postings/1/close'],
  ['GET', '/admin/content'],
  ['POST', '/admin/content/faqs', { question: '¿Pregunta?', answers: ['Respuesta.'] }],
  ['PUT', '/admin/content/faqs/1', { question: '¿Pregunta?', answers: ['Respuesta.'] }],
  ['DELETE', '/admin/content/faqs/1'],
  ['POST', '/admin/content/faqs/1/move', { direction: 'up' }],
  ['POST', '/admin/content/testimonials', { name: 'A', job_title: 'B', name_business: 'C', comment: 'D' }],
  ['PUT', '/admin/content/testimonials/1', { name: 'A', job_title: 'B', name_business: 'C', comment: 'D' }],
  ['DELETE', '/admin/content/testimonials/1'],
  ['POST', '/admin/content/testimonials/1/move', { direction: 'down' }],
  ['POST', '/admin/content/logos'],
  ['PUT', '/admin/content/logos/1'],
  ['DELETE', '/admin/content/logos/1'],
  ['POST', '/admin/content/logos/1/move', { direction: 'down' }],
  ['PUT', '/admin/content/statistics/1', { title: 'T', value: '1', description: 'D' }],
  ['POST', '/admin/content/statistics/1/move', { direction: 'down' }],
  ['GET', '/admin/powers/1/id-images/front'],
  ['POST', '/admin/powers/1/signature'],
]

describe.each(engines)('operations console on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const upload = async (headers: Record<string, string>, slot: string) => {
    const res = await api.call('POST', '/users/upload-files-user', {
      form: documentForm({ [slot]: fileOf(await samplePng(), `${slot}.png`, 'image/png') }),
      headers,
    })
    expect(res.status).toBe(201)
    return res.body.files[0].id_file as number
  }
  const review = (headers: Record<string, string>, id: number, body: unknown) =>
    api.post(`/admin/documents/${id}/review`, body, headers)

  it('refuses drivers and companies (403) and anonymous callers (401) on every call', async () => {
    const driver = await userWithSession(p, 'User')
    const company = await userWithSession(p, 'business')
    const admin = await userWithSession(p, 'admin')
    for (const [method, path, json] of ADMIN_CALLS) {
      const anonymous = await api.call(method, path, { json })
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401)
      const asDriver = await api.call(method, path, { json, headers: driver.headers })
      expect(asDriver.status, `${method} ${path} driver`).toBe(403)
      // A driver's token sent in the admin header is still a driver's token.
      const disguised = await api.call(method, path, { json, headers: { 'auth-admin': driver.token } })
      expect(disguised.status, `${method} ${path} driver as admin`).toBe(403)
      const asCompany = await api.call(method, path, { json, headers: company.headers })
      expect(asCompany.status, `${method} ${path} company`).toBe(403)
      const asAdmin = await api.call(method, path, { json, headers: admin.headers })
      expect([401, 403], `${method} ${path} admin`).not.toContain(asAdmin.status)
    }
    // Nothing was written by the refused calls.
    expect(
      await p.db.selectFrom('admin_audit_log').selectAll().where('admin_user_id', '!=', admin.user.id).execute(),
    ).toEqual([])
  })

  it('creates an admin from the command line with a one-time password link, who then logs in as admin', async () => {
    const created = await createAdminAccount(p, { email: 'Operaciones@Fleeters.cl', name: 'Olga Operaciones' })
    expect(created.created).toBe(true)
    expect(created.email).toBe('operaciones@fleeters.cl')
    const mail = (await outbox(p, 'operaciones@fleeters.cl')).at(-1)!
    expect(mail.body_text).toContain(created.link)
    const token = new URL(created.link).searchParams.get('token')!
    expect(new URL(created.link).pathname).toBe('/login/restablecer')
    // No password works before the link is used.
    expect((await api.post('/auth/login', { email: 'operaciones@fleeters.cl', password: 'x' })).status).toBe(401)
    const set = await api.post('/auth/reset-password-confirm', {
      token,
      password: 'Consola2024',
      confirmPassword: 'Consola2024',
    })
    expect(set.status).toBe(200)
    const login = await api.post('/auth/login', { email: 'operaciones@fleeters.cl', password: 'Consola2024' })
    expect(login.status).toBe(200)
    expect(login.body.role).toBe('admin')
    // The console needs the second factor: the first login enrols the app (decision 77).
    expect(login.body.second_factor).toBe('enrol')
    expect((await api.get('/admin/summary', { 'auth-admin': login.body.token_jwt })).status).toBe(401)
    await enrolFactor(p, api, { 'auth-admin': login.body.token_jwt })
    expect((await api.get('/admin/summary', { 'auth-admin': login.body.token_jwt })).status).toBe(200)
    // The link is single use.
    expect(
      (await api.post('/auth/reset-password-confirm', { token, password: 'Otra12345', confirmPassword: 'Otra12345' }))
        .status,
    ).toBe(400)
    // Run again: a fresh link for the same account, never a second account.
    const again = await createAdminAccount(p, { email: 'operaciones@fleeters.cl', name: 'Olga Operaciones' })
    expect(again.created).toBe(false)
    expect(again.userId).toBe(created.userId)
    // A driver's email is never turned into an admin.
    const driver = await userWithSession(p, 'User')
    await expect(createAdminAccount(p, { email: driver.user.email, name: 'X' })).rejects.toThrow(/conductor o empresa/)
    await expect(createAdminAccount(p, { email: 'no-es-correo', name: 'X' })).rejects.toThrow()
    const log = await p.db.selectFrom('admin_audit_log').selectAll().orderBy('id').execute()
    expect(log.map((r) => [r.actor, r.action])).toEqual([
      ['cli', 'admin.create'],
      ['cli', 'admin.link'],
    ])
  })

  it(
    'lists PENDING documents oldest first with filters, serves the file, and rejects ' + 'with a reason (mail, audit)',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const a = await userWithSession(p, 'User')
      const b = await userWithSession(p, 'User')
      await p.db
        .updateTable('users')
        .set({
          firstname: 'Bruno',
          rut: p.columns.seal('rut', '11111111-1'),
          rut_hmac: p.columns.hash('rut', '11111111-1'),
        })
        .where('id', '=', b.user.id)
        .execute()
      const first = await upload(a.headers, 'soap_frontal')
      p.advance(1000)
      const second = await upload(b.headers, 'soap_frontal')
      p.advance(1000)
      const pdf = await api.call('POST', '/users/upload-files-user', {
        form: formWith({ certificado_antecedentes: fileOf(samplePdf, 'c.pdf') }),
        headers: a.headers,
      })
      const third = pdf.body.files[0].id_file as number

      const queue = await api.get('/admin/documents', admin.headers)
      expect(queue.status).toBe(200)
      expect(queue.body.documents.map((d: { id: number }) => d.id)).toEqual([first, second, third])
      expect(queue.body.total).toBe(3)
      expect(
        (await api.get('/admin/documents?slot=certificado_antecedentes', admin.headers)).body.documents.map(
          (d: { id: number }) => d.id,
        ),
      ).toEqual([third])
      expect(
        (await api.get('/admin/documents?driver=bruno', admin.headers)).body.documents.map((d: { id: number }) => d.id),
      ).toEqual([second])
      expect(
        (await api.get('/admin/documents?driver=11.111.111-1', admin.headers)).body.documents.map(
          (d: { id: number }) => d.id,
        ),
      ).toEqual([second])
      // The RUT is encrypted (decision 80): a whole one is found however written, a part of one finds nothing.
      expect(
        (await api.get('/admin/documents?driver=111111111', admin.headers)).body.documents.map(
          (d: { id: number }) => d.id,
        ),
      ).toEqual([second])
      expect((await api.get('/admin/documents?driver=11.111', admin.headers)).body.total).toBe(0)
      expect(
        (await api.get(`/admin/documents?driver=${encodeURIComponent(a.user.email)}`, admin.headers)).body.total,
      ).toBe(2)

      const detail = await api.get(`/admin/documents/${first}`, admin.headers)
      expect(detail.status).toBe(200)
      expect(detail.body.document.title).toBe('SOAP (frontal)')
      expect(detail.body.driver.email).toBe(a.user.email)
      expect(detail.body.slots).toHaveLength(23)
      expect(detail.body.next_id).toBe(second)

      const file = await api.app.request(`/admin/documents/${third}/file`, { headers: admin.headers })
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      expect(file.headers.get('content-disposition')).toMatch(/^inline/)

      const noReason = await review(admin.headers, first, { decision: 'REJECTED', reason: '  ' })
      expect(noReason.status).toBe(400)
      expect(noReason.body.message).toBe(ADMIN_MESSAGES.reasonRequired)
      const rejected = await review(admin.headers, first, {
        decision: 'REJECTED',
        reason: 'El documento está vencido. Sube uno vigente.',
      })
      expect(rejected.status).toBe(200)
      expect(rejected.body.file_status).toBe('REJECTED')

      const mine = await api.get('/users/obtain-all-documents-user', a.headers)
      const soap = mine.body.find((r: { purpose_name: string }) => r.purpose_name === 'soap_frontal')
      expect(soap.file_status).toBe('REJECTED')
      expect(soap.rejection_reason).toBe('El documento está vencido. Sube uno vigente.')

      const mail = (await outbox(p, a.user.email)).at(-1)!
      expect(mail.subject).toBe('Documento rechazado: SOAP (frontal)')
      expect(mail.body_text).toContain('Motivo: El documento está vencido. Sube uno vigente.')
      expect(mail.body_text).toContain('http://localhost:3000/user/dashboard/home?name=soap_frontal')

      const log = await p.db.selectFrom('admin_audit_log').selectAll().execute()
      expect(log).toHaveLength(1)
      expect(log[0]).toMatchObject({
        admin_user_id: admin.user.id,
        actor: admin.user.email,
        action: 'document.reject',
        entity_type: 'user_file',
        entity_id: first,
      })
      expect(JSON.parse(log[0]!.before_json!)).toEqual({ file_status: 'PENDING', rejection_reason: null })
      expect(JSON.parse(log[0]!.after_json!)).toMatchObject({
        file_status: 'REJECTED',
        rejection_reason: 'El documento está vencido. Sube uno vigente.',
      })
      expect((await api.get('/admin/audit', admin.headers)).body[0].action).toBe('document.reject')

      // Out of the queue; approving it now is refused, never overwritten.
      expect(
        (await api.get('/admin/documents', admin.headers)).body.documents.map((d: { id: number }) => d.id),
      ).toEqual([second, third])
      const late = await review(admin.headers, first, { decision: 'ACCEPTED' })
      expect(late.status).toBe(409)
      expect(late.body.message).toBe(ADMIN_MESSAGES.alreadyReviewed)

      // The driver uploads again: the new record is queued, the approval mails them.
      const again = await upload(a.headers, 'soap_frontal')
      const approved = await review(admin.headers, again, { decision: 'ACCEPTED' })
      expect(approved.status).toBe(200)
      expect((await outbox(p, a.user.email)).at(-1)!.subject).toBe('Documento aprobado: SOAP (frontal)')
    },
  )

  it(
    'two reviewers deciding the same document at once: one wins, the other gets 409 ' + 'and nothing is overwritten',
    async () => {
      const one = await userWithSession(p, 'admin')
      const two = await userWithSession(p, 'admin')
      const a = await userWithSession(p, 'User')
      for (let round = 0; round < 3; round++) {
        const id = await upload(a.headers, DOCUMENT_SLOT_KEYS[round]!)
        const [x, y] = await Promise.all([
          review(one.headers, id, { decision: 'ACCEPTED' }),
          review(two.headers, id, { decision: 'REJECTED', reason: 'El documento es ilegible.' }),
        ])
        expect([x.status, y.status].sort()).toEqual([200, 409])
        const loser = x.status === 409 ? x : y
        expect(loser.body.message).toBe(ADMIN_MESSAGES.alreadyReviewed)
        const winner = x.status === 200 ? 'ACCEPTED' : 'REJECTED'
        const row = await p.db.selectFrom('user_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
        expect(row.file_status).toBe(winner)
        const log = await p.db
          .selectFrom('admin_audit_log')
          .selectAll()
          .where('entity_id', '=', id)
          .where('entity_type', '=', 'user_file')
          .execute()
        expect(log).toHaveLength(1)
        expect(log[0]!.action).toBe(winner === 'ACCEPTED' ? 'document.approve' : 'document.reject')
      }
    },
  )

  it('an older PENDING upload replaced by a newer one is not reviewable and leaves the queue', async () => {
    const admin = await userWithSession(p, 'admin')
    const a = await userWithSession(p, 'User')
    const old = await upload(a.headers, 'soap_posterior')
    const fresh = await upload(a.headers, 'soap_posterior')
    expect((await api.get('/admin/documents', admin.headers)).body.documents.map((d: { id: number }) => d.id)).toEqual([
      fresh,
    ])
    const res = await review(admin.headers, old, { decision: 'ACCEPTED' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(ADMIN_MESSAGES.superseded)
  })

  it(
    'all 22 approved: the driver is a validated Fleeter (mail once, counted, home ' + 'statistic can follow the count)',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const a = await userWithSession(p, 'User')
      const other = await userWithSession(p, 'User')
      const required = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)
      const form = documentForm(
        Object.fromEntries(
          await Promise.all(required.map(async (slot) => [slot, fileOf(await samplePng(), `${slot}.png`)])),
        ),
      )
      const up = await api.call('POST', '/users/upload-files-user', { form, headers: a.headers })
      expect(up.status).toBe(201)
      const ids = (up.body.files as Array<{ id_file: number }>).map((f) => f.id_file)
      for (const id of ids.slice(0, -1))
        expect((await review(admin.headers, id, { decision: 'ACCEPTED' })).body.driver_validated).toBe(false)
      let list = await api.get('/admin/drivers', admin.headers)
      expect(list.body.validated_total).toBe(0)
      expect(list.body.drivers.find((d: { id: number }) => d.id === a.user.id).documents.accepted).toBe(21)
      const last = await review(admin.headers, ids.at(-1)!, { decision: 'ACCEPTED' })
      expect(last.body.driver_validated).toBe(true)
      const mails = (await outbox(p, a.user.email)).filter((m) => m.subject === '¡Eres un Fleeter validado!')
      expect(mails).toHaveLength(1)

      list = await api.get('/admin/drivers', admin.headers)
      expect(list.body.validated_total).toBe(1)
      expect(list.body.drivers.find((d: { id: number }) => d.id === a.user.id)).toMatchObject({
        validated: true,
        documents: { accepted: 22, total: 22 },
      })
      expect(list.body.drivers.find((d: { id: number }) => d.id === other.user.id).validated).toBe(false)
      expect(
        (await api.get('/admin/drivers?validados=1', admin.headers)).body.drivers.map((d: { id: number }) => d.id),
      ).toEqual([a.user.id])
      expect((await api.get(`/admin/drivers?q=${encodeURIComponent(a.user.email)}`, admin.headers)).body.count).toBe(1)
      expect((await api.get('/admin/drivers?q=siempre%20viva', admin.headers)).body.count).toBe(2)
      // The RUT, encrypted in its column (decision 80): found whole, however written; shown in clear.
      await p.db
        .updateTable('users')
        .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
        .where('id', '=', a.user.id)
        .execute()
      for (const q of ['12.345.678-5', '123456785', '12345678-5']) {
        const found = await api.get(`/admin/drivers?q=${encodeURIComponent(q)}`, admin.headers)
        expect({ q, ids: found.body.drivers.map((d: { id: number }) => d.id) }).toEqual({ q, ids: [a.user.id] })
        expect(found.body.drivers[0].rut).toBe('12345678-5')
      }
      expect((await api.get('/admin/drivers?q=12.345', admin.headers)).body.count).toBe(0)
      const detail = await api.get(`/admin/drivers/${a.user.id}`, admin.headers)
      expect(detail.body.driver.rut).toBe('12345678-5')
      expect(detail.body.validated).toBe(true)
      expect(detail.body.slots).toHaveLength(23)
      expect(detail.body.reviews).toHaveLength(22)
      expect((await api.get(`/admin/drivers/${admin.user.id}`, admin.headers)).status).toBe(404)

      // The 'drivers' statistic follows the live count once the console says so.
      const content = await api.get('/admin/content', admin.headers)
      expect(content.body.validated_drivers).toBe(1)
      const stat = content.body.statistics.find((s: { key: string }) => s.key === 'drivers')
      const put = await api.put(
        `/admin/content/statistics/${stat.id}`,
        { title: stat.title, value: stat.value, description: stat.description, source: 'validated_drivers' },
        admin.headers,
      )
      expect(put.status).toBe(200)
      const pub = await api.get('/general-data/get-statistics')
      expect(pub.body.find((s: { key: string }) => s.key === 'drivers').value).toBe('1')
      expect(pub.body[0]).not.toHaveProperty('source')
    },
  )

  it('companies: list, verification flag and closing a posting on their behalf (audited)', async () => {
    const admin = await userWithSession(p, 'admin')
    const company = await companyAccount(p, 'Reparto Austral SpA')
    const created = await api.post('/business/create-job-posting', postingBody(), business(company))
    expect(created.status).toBe(201)
    const list = await api.get('/admin/companies?q=austral', admin.headers)
    expect(list.body.companies).toHaveLength(1)
    expect(list.body.companies[0]).toMatchObject({
      name: 'Reparto Austral SpA',
      verified: true,
      postings: 1,
      open_postings: 1,
    })
    const detail = await api.get(`/admin/companies/${company.companyId}`, admin.headers)
    const postingId = detail.body.postings[0].id
    expect(detail.body.postings[0].status).toBe('open')

    const unverify = await api.post(
      `/admin/companies/${company.companyId}/verification`,
      { verified: false },
      admin.headers,
    )
    expect(unverify.status).toBe(200)
    expect((await api.get(`/admin/companies/${company.companyId}`, admin.headers)).body.company.verified).toBe(false)
    expect(
      (await api.post(`/admin/companies/${company.companyId}/verification`, { verified: 'si' }, admin.headers)).status,
    ).toBe(400)

    // No reason, no closing (and no mail).
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await api.post(`/admin/postings/${postingId}/close`, body, admin.headers)
      expect(refused.status).toBe(400)
      expect(([] as string[]).concat(refused.body.message)[0]).toMatch(
        /^(Indica el motivo del cierre|Máximo 500 caracteres|Datos inválidos)/,
      )
    }
    expect((await api.get(`/admin/companies/${company.companyId}`, admin.headers)).body.postings[0].status).toBe('open')
    expect(await outbox(p, company.email)).toHaveLength(0)

    const reason = 'La oferta pide un pago por adelantado a los conductores, lo que no está permitido.'
    const close = await api.post(`/admin/postings/${postingId}/close`, { reason }, admin.headers)
    expect(close.body).toMatchObject({ changed: true, message: ADMIN_MESSAGES.postingClosed })
    // The company hears of it: one mail with the posting, the reason, and replies to the team.
    const mails = await outbox(p, company.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Cerramos tu publicación: ${postingBody().title}`)
    expect(mails[0]!.body_text).toContain(`Motivo: ${reason}`)
    expect(mails[0]!.body_html).toContain('pago por adelantado')
    expect(mails[0]!.reply_to).toBe(p.config.TEAM_EMAIL)
    expect((await api.post(`/admin/postings/${postingId}/close`, { reason }, admin.headers)).body.changed).toBe(false)
    expect(await outbox(p, company.email)).toHaveLength(1)
    expect((await api.get(`/admin/companies/${company.companyId}`, admin.headers)).body.postings[0].status).toBe(
      'closed',
    )
    expect((await api.get('/general-data/get-jobpostings-home')).body.map((j: { id: number }) => j.id)).not.toContain(
      postingId,
    )
    expect((await api.post('/admin/postings/999999/close', { reason }, admin.headers)).status).toBe(404)

    const log = await p.db
      .selectFrom('admin_audit_log')
      .select(['action', 'entity_id', 'before_json', 'after_json'])
      .orderBy('id')
      .execute()
    expect(log.map((r) => r.action)).toEqual(['company.unverify', 'posting.close'])
    expect(JSON.parse(log[1]!.before_json!)).toEqual({ status: 'open' })
    expect(JSON.parse(log[1]!.after_json!)).toEqual({ status: 'closed', company_id: company.companyId, reason })
  })

  it(
    'content: FAQ with paragraphs, testimonials, resized logos and statistics; ' +
      'created, edited, reordered, deleted and public at once',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const faq = await api.post(
        '/admin/content/faqs',
        { question: '¿Cuándo me pagan?', answers: ['Cada semana.', 'Por transferencia.'] },
        admin.headers,
      )
      expect(faq.status).toBe(201)
      let faqs = (await api.get('/general-data/get-faqs')).body
      expect(faqs.at(-1)).toEqual({
        id: faq.body.id,
        question: '¿Cuándo me pagan?',
        answers: ['Cada semana.', 'Por transferencia.'],
      })
      expect(
        (
          await api.put(
            `/admin/content/faqs/${faq.body.id}`,
            { question: '¿Cuándo pagan?', answers: [] },
            admin.headers,
          )
        ).status,
      ).toBe(400)
      expect(
        (
          await api.put(
            `/admin/content/faqs/${faq.body.id}`,
            { question: '¿Cuándo pagan?', answers: ['Los viernes.'] },
            admin.headers,
          )
        ).status,
      ).toBe(200)
      expect(
        (await api.post(`/admin/content/faqs/${faq.body.id}/move`, { direction: 'up' }, admin.headers)).status,
      ).toBe(200)
      faqs = (await api.get('/general-data/get-faqs')).body
      expect(faqs.at(-2)).toMatchObject({ id: faq.body.id, question: '¿Cuándo pagan?', answers: ['Los viernes.'] })
      expect((await api.delete(`/admin/content/faqs/${faq.body.id}`, admin.headers)).status).toBe(200)
      expect((await api.get('/general-data/get-faqs')).body.map((f: { id: number }) => f.id)).not.toContain(faq.body.id)
      expect((await api.delete(`/admin/content/faqs/${faq.body.id}`, admin.headers)).status).toBe(404)

      const t = await api.post(
        '/admin/content/testimonials',
        {
          name: 'Rosa',
          job_title: 'Conductora',
          name_business: 'Fleeters',
          comment: 'Muy buena experiencia.',
          logo_business: '',
        },
        admin.headers,
      )
      expect(t.status).toBe(201)
      expect((await api.get('/general-data/get-testimonials')).body.at(-1)).toMatchObject({
        name: 'Rosa',
        logo_business: null,
      })
      expect(
        (
          await api.post(
            '/admin/content/testimonials',
            { name: 'Rosa', job_title: 'x', name_business: 'y', comment: 'z', logo_business: 'javascript:alert(1)' },
            admin.headers,
          )
        ).status,
      ).toBe(400)

      const big = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
      const logo = await api.call('POST', '/admin/content/logos', {
        form: formWith({ name: 'Correos Sur', image: fileOf(new Uint8Array(big), 'logo.png') }),
        headers: admin.headers,
      })
      expect(logo.status).toBe(201)
      expect(logo.body.img_logo).toMatch(/^\/api\/business\/logos\/[A-Za-z0-9_-]+\.webp$/)
      const served = await api.app.request(logo.body.img_logo.replace('/api', ''))
      expect(served.status).toBe(200)
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta.format).toBe('webp')
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400)
      expect((await api.get('/general-data/get-company-logos')).body.at(-1)).toMatchObject({
        name: 'Correos Sur',
        img_logo: logo.body.img_logo,
      })
      expect(
        (
          await api.call('POST', '/admin/content/logos', {
            form: formWith({ name: 'Sin imagen' }),
            headers: admin.headers,
          })
        ).status,
      ).toBe(400)
      expect(
        (
          await api.call('POST', '/admin/content/logos', {
            form: formWith({ name: 'PDF', image: fileOf(samplePdf, 'x.png') }),
            headers: admin.headers,
          })
        ).status,
      ).toBe(400)
      const rename = await api.call('PUT', `/admin/content/logos/${logo.body.id}`, {
        form: formWith({ name: 'Correos del Sur' }),
        headers: admin.headers,
      })
      expect(rename.status).toBe(200)
      expect((await api.delete(`/admin/content/logos/${logo.body.id}`, admin.headers)).status).toBe(200)
      expect((await api.app.request(logo.body.img_logo.replace('/api', ''))).status).toBe(404)

      const stats = (await api.get('/admin/content', admin.headers)).body.statistics
      expect(stats).toHaveLength(4)
      expect(
        (
          await api.put(
            `/admin/content/statistics/${stats[0].id}`,
            { title: 'Entregas', value: '250.000', description: 'Pedidos entregados.' },
            admin.headers,
          )
        ).status,
      ).toBe(200)
      expect(
        (await api.post(`/admin/content/statistics/${stats[0].id}/move`, { direction: 'down' }, admin.headers)).status,
      ).toBe(200)
      const pub = (await api.get('/general-data/get-statistics')).body
      expect(pub[1]).toMatchObject({ title: 'Entregas', value: '250.000' })
      expect((await api.delete(`/admin/content/statistics/${stats[0].id}`, admin.headers)).status).toBe(404)

      const actions = (await p.db.selectFrom('admin_audit_log').select('action').orderBy('id').execute()).map(
        (r) => r.action,
      )
      expect(actions).toEqual([
        'faq.create',
        'faq.update',
        'faq.move',
        'faq.delete',
        'testimonial.create',
        'logo.create',
        'logo.update',
        'logo.delete',
        'statistic.update',
        'statistic.move',
      ])
    },
  )

  it('the audit log names who acted and what it touched; the summary brings the validated statistic', async () => {
    const admin = await userWithSession(p, 'admin')
    await p.db.updateTable('users').set({ firstname: 'Olga' }).where('id', '=', admin.user.id).execute()
    const driver = await userWithSession(p, 'User')
    await p.db
      .updateTable('users')
      .set({ firstname: 'Camila', lastname: 'Pérez' })
      .where('id', '=', driver.user.id)
      .execute()
    const soap = await upload(driver.headers, 'soap_frontal')
    const reason = 'El documento es ilegible.'
    expect((await review(admin.headers, soap, { decision: 'REJECTED', reason })).status).toBe(200)
    const company = await companyAccount(p, 'Rápido Express')
    const created = await api.post('/business/create-job-posting', postingBody(), business(company))
    expect(created.status).toBe(201)
    const posting = (await api.get(`/admin/companies/${company.companyId}`, admin.headers)).body.postings[0].id
    await api.post(`/admin/companies/${company.companyId}/verification`, { verified: false }, admin.headers)
    await api.post(`/admin/postings/${posting}/close`, { reason: 'Publicación duplicada.' }, admin.headers)

    const audit = await api.get('/admin/audit', admin.headers)
    expect(audit.status).toBe(200)
    expect(
      audit.body.map((e: { action: string; actor_name: string | null; subject: unknown }) => [
        e.action,
        e.actor_name,
        e.subject,
      ]),
    ).toEqual([
      ['posting.close', 'Olga', { name: postingBody().title, owner: 'Rápido Express' }],
      ['company.unverify', 'Olga', { name: 'Rápido Express', owner: null }],
      ['document.reject', 'Olga', { name: 'soap_frontal', owner: 'Camila Pérez' }],
    ])
    // The company's history holds its own row and its posting's, not the driver's.
    const companyDetail = await api.get(`/admin/companies/${company.companyId}`, admin.headers)
    expect(companyDetail.body.audit.map((e: { action: string }) => e.action)).toEqual([
      'posting.close',
      'company.unverify',
    ])
    // The driver's reviews and the document's history carry the same names.
    const detail = await api.get(`/admin/drivers/${driver.user.id}`, admin.headers)
    expect(detail.body.reviews[0]).toMatchObject({
      action: 'document.reject',
      actor_name: 'Olga',
      subject: { name: 'soap_frontal', owner: 'Camila Pérez' },
      after: { rejection_reason: reason },
    })
    const doc = await api.get(`/admin/documents/${soap}`, admin.headers)
    expect(doc.body.audit[0]).toMatchObject({ actor_name: 'Olga', subject: { owner: 'Camila Pérez' } })

    // The seeded «Fleeters validados» is a typed 839; nobody is validated here.
    const summary = await api.get('/admin/summary', admin.headers)
    expect(summary.body.validated_drivers).toBe(0)
    expect(summary.body.driver_statistics).toEqual([
      { id: expect.any(Number), title: 'Fleeters validados', value: '839', source: 'manual' },
    ])
  })
})
