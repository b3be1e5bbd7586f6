import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, dayInChile } from '#domain/format'
import {
  DOCUMENT_SLOT_KEYS,
  documentProgress,
  EXPIRING_SLOTS,
  expiryFieldName,
  OPTIONAL_DOCUMENT_SLOT,
  type DocumentSlotKey,
} from '#domain/reference-data/documents'
import { EXPIRY_MESSAGES } from '#domain/validation/documents'
import { acceptedDocumentCounts } from '#services/shared/driver-facts'
import { countValidatedDrivers, isValidatedDriver } from '#services/shared/validated-drivers'
import { companyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { sendExpiryReminders } from '#services/users/document-reminders'
import { documentForm, fileOf, formWith, samplePng, userWithSession, VALID_EXPIRY } from './test-helpers'

/** Documents that expire. */
describe.each(engines)('document expiry on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const today = () => dayInChile(p.now())
  const upload = async (headers: Record<string, string>, slot: DocumentSlotKey, expires?: string | null) => {
    const entries: Record<string, File | string> = { [slot]: fileOf(await samplePng(), `${slot}.png`, 'image/png') }
    if (expires !== undefined && expires !== null) entries[expiryFieldName(slot)] = expires
    return api.call('POST', '/users/upload-files-user', {
      form: expires === null ? formWith(entries) : documentForm(entries),
      headers,
    })
  }

  it(
    'the five kinds that expire (both sides) need a valid date at upload; bad dates ' +
      'answer 400 {message} and write nothing',
    async () => {
      const a = await userWithSession(p)
      expect(EXPIRING_SLOTS).toEqual([
        'cedula_identidad_frontal',
        'cedula_identidad_posterior',
        'licencia_conducir_frontal',
        'licencia_conducir_posterior',
        'permiso_circulacion_frontal',
        'permiso_circulacion_posterior',
        'revision_tecnica_frontal',
        'revision_tecnica_posterior',
        'soap_frontal',
        'soap_posterior',
      ])
      const bad: Array<[string | null, string]> = [
        [null, EXPIRY_MESSAGES.required],
        ['', EXPIRY_MESSAGES.required],
        ['   ', EXPIRY_MESSAGES.required],
        ['12-03-2027', EXPIRY_MESSAGES.invalid],
        ['2027-02-30', EXPIRY_MESSAGES.invalid],
        ['2027-13-01', EXPIRY_MESSAGES.invalid],
        ['mañana', EXPIRY_MESSAGES.invalid],
        ['2027-03-12T00:00:00Z', EXPIRY_MESSAGES.invalid],
        [addDays(today(), -1), EXPIRY_MESSAGES.expired],
        [addDays(today(), 16 * 366), EXPIRY_MESSAGES.tooFar],
      ]
      for (const slot of EXPIRING_SLOTS) {
        for (const [value, message] of bad) {
          const res = await upload(a.headers, slot, value)
          expect(res.status, `${slot} ${value}`).toBe(400)
          expect(res.body).toEqual({ message })
        }
      }
      // Two dates for one file are refused too.
      const form = formWith({ soap_frontal: fileOf(await samplePng(), 'x.png'), soap_frontal_expires_on: VALID_EXPIRY })
      form.append('soap_frontal_expires_on', VALID_EXPIRY)
      expect((await api.call('POST', '/users/upload-files-user', { form, headers: a.headers })).status).toBe(400)
      expect(await p.db.selectFrom('user_files').select('id').execute()).toHaveLength(0)

      // Today is still valid («Vence hoy»); the record carries its date.
      for (const slot of EXPIRING_SLOTS) expect((await upload(a.headers, slot, today())).status).toBe(201)
      const list = (await api.get('/users/obtain-all-documents-user', a.headers)).body as Array<Record<string, unknown>>
      expect(list).toHaveLength(10)
      for (const r of list) expect(r.expires_on).toBe(today())
      // A kind that does not expire ignores a date and its record has none.
      const other = await api.call('POST', '/users/upload-files-user', {
        form: formWith({
          comprobante_domicilio: fileOf(await samplePng(), 'x.png'),
          comprobante_domicilio_expires_on: 'x',
        }),
        headers: a.headers,
      })
      expect(other.status).toBe(201)
      expect(other.body.files[0]).not.toHaveProperty('expires_on')
    },
  )

  it(
    'a reviewer confirms or corrects the date when approving; a missing, past or ' + 'misplaced date is refused',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const a = await userWithSession(p)
      const review = (id: number, body: unknown) => api.post(`/admin/documents/${id}/review`, body, admin.headers)
      const typed = addDays(today(), 400)
      const corrected = addDays(today(), 500)
      const licence = (await upload(a.headers, 'licencia_conducir_frontal', typed)).body.files[0].id_file as number
      const detail = await api.get(`/admin/documents/${licence}`, admin.headers)
      expect(detail.body.document).toMatchObject({ expires_on: typed, expiring: true })

      expect((await review(licence, { decision: 'ACCEPTED', expires_on: '2027-02-30' })).body).toEqual({
        message: EXPIRY_MESSAGES.invalid,
      })
      expect((await review(licence, { decision: 'ACCEPTED', expires_on: addDays(today(), -3) })).body).toEqual({
        message: EXPIRY_MESSAGES.reviewExpired,
      })
      expect((await review(licence, { decision: 'ACCEPTED', expires_on: 42 })).status).toBe(400)
      const ok = await review(licence, { decision: 'ACCEPTED', expires_on: corrected })
      expect(ok.status).toBe(200)
      const row = await p.db
        .selectFrom('user_files')
        .select(['file_status', 'expires_on'])
        .where('id', '=', licence)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ file_status: 'ACCEPTED', expires_on: corrected })
      const log = await p.db
        .selectFrom('admin_audit_log')
        .select(['before_json', 'after_json'])
        .where('entity_id', '=', licence)
        .executeTakeFirstOrThrow()
      expect(JSON.parse(log.before_json!)).toMatchObject({ expires_on: typed })
      expect(JSON.parse(log.after_json!)).toMatchObject({ expires_on: corrected })
      expect((await api.get('/users/obtain-all-documents-user', a.headers)).body[0]).toMatchObject({
        file_status: 'ACCEPTED',
        expires_on: corrected,
      })

      // Approving without sending a date confirms the driver's.
      const soap = (await upload(a.headers, 'soap_frontal', typed)).body.files[0].id_file as number
      expect((await review(soap, { decision: 'ACCEPTED' })).status).toBe(200)
      expect(
        (await p.db.selectFrom('user_files').select('expires_on').where('id', '=', soap).executeTakeFirstOrThrow())
          .expires_on,
      ).toBe(typed)

      // A record of a dated kind uploaded before dates were asked: the reviewer must give one.
      const legacy = (await upload(a.headers, 'soap_posterior')).body.files[0].id_file as number
      await p.db.updateTable('user_files').set({ expires_on: null }).where('id', '=', legacy).execute()
      expect((await review(legacy, { decision: 'ACCEPTED' })).body).toEqual({ message: EXPIRY_MESSAGES.required })
      expect((await review(legacy, { decision: 'ACCEPTED', expires_on: typed })).status).toBe(200)

      // A kind that does not expire takes no date.
      const address = (await upload(a.headers, 'comprobante_domicilio')).body.files[0].id_file as number
      expect((await review(address, { decision: 'ACCEPTED', expires_on: typed })).body).toEqual({
        message: EXPIRY_MESSAGES.notExpiring,
      })
      expect((await review(address, { decision: 'ACCEPTED' })).status).toBe(200)
    },
  )

  it(
    'an expired document counts as missing: n/22, the validated count, the console ' + 'and the applicant cards',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const a = await userWithSession(p)
      const required = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)
      const up = await api.call('POST', '/users/upload-files-user', {
        form: documentForm(
          Object.fromEntries(
            await Promise.all(required.map(async (slot) => [slot, fileOf(await samplePng(), `${slot}.png`)])),
          ),
        ),
        headers: a.headers,
      })
      expect(up.status).toBe(201)
      await p.db.updateTable('user_files').set({ file_status: 'ACCEPTED' }).where('user_id', '=', a.user.id).execute()
      const now = p.now()
      expect(await countValidatedDrivers(p.db, now)).toBe(1)
      expect(await isValidatedDriver(p.db, a.user.id, now)).toBe(true)

      // The licence's date passed yesterday (in Chile).
      await p.db
        .updateTable('user_files')
        .set({ expires_on: addDays(today(), -1) })
        .where('user_id', '=', a.user.id)
        .where('purpose_name', '=', 'licencia_conducir_frontal')
        .execute()
      expect(await countValidatedDrivers(p.db, now)).toBe(0)
      expect(await isValidatedDriver(p.db, a.user.id, now)).toBe(false)
      expect((await acceptedDocumentCounts(p.db, [a.user.id], now)).get(a.user.id)).toBe(21)
      const records = (await api.get('/users/obtain-all-documents-user', a.headers)).body
      expect(documentProgress(records, today())).toMatchObject({ done: 21, total: 22 })
      expect(documentProgress(records)).toMatchObject({ done: 22 })

      const list = await api.get('/admin/drivers', admin.headers)
      expect(list.body.validated_total).toBe(0)
      expect(list.body.drivers.find((d: { id: number }) => d.id === a.user.id)).toMatchObject({
        validated: false,
        documents: { accepted: 21, expired: 1 },
      })
      const driver = await api.get(`/admin/drivers/${a.user.id}`, admin.headers)
      expect(driver.body).toMatchObject({ validated: false, documents: { accepted: 21 } })
      expect(
        driver.body.slots.find((s: { purpose_name: string }) => s.purpose_name === 'licencia_conducir_frontal'),
      ).toMatchObject({ expired: true })
      expect((await api.get('/admin/summary', admin.headers)).body.validated_drivers).toBe(0)
      // The day of the date itself still counts.
      await p.db
        .updateTable('user_files')
        .set({ expires_on: today() })
        .where('user_id', '=', a.user.id)
        .where('purpose_name', '=', 'licencia_conducir_frontal')
        .execute()
      expect(await countValidatedDrivers(p.db, now)).toBe(1)
      // A new upload of the expired document replaces it (PENDING, unexpired): 22/22 on the driver's bar again.
      await p.db
        .updateTable('user_files')
        .set({ expires_on: addDays(today(), -1) })
        .where('user_id', '=', a.user.id)
        .where('purpose_name', '=', 'licencia_conducir_frontal')
        .execute()
      expect((await upload(a.headers, 'licencia_conducir_frontal')).status).toBe(201)
      expect(
        documentProgress((await api.get('/users/obtain-all-documents-user', a.headers)).body, today()),
      ).toMatchObject({ done: 22 })
    },
  )

  it(
    'the console lists documents due within 30 days or expired, soonest first; ' +
      'drivers, companies and anonymous callers are refused',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const a = await userWithSession(p)
      const b = await userWithSession(p)
      const company = await companyAccount(p)
      await upload(a.headers, 'soap_frontal', addDays(today(), 14))
      await upload(a.headers, 'licencia_conducir_frontal', addDays(today(), 200))
      await upload(b.headers, 'cedula_identidad_frontal', addDays(today(), 3))
      const expired = (await upload(b.headers, 'revision_tecnica_frontal', addDays(today(), 3))).body.files[0]
        .id_file as number
      await p.db
        .updateTable('user_files')
        .set({ expires_on: addDays(today(), -2) })
        .where('id', '=', expired)
        .execute()
      // A rejected latest record is not listed (the driver uploads again anyway).
      const rejected = (await upload(b.headers, 'soap_posterior', addDays(today(), 5))).body.files[0].id_file as number
      await p.db
        .updateTable('user_files')
        .set({ file_status: 'REJECTED', rejection_reason: 'Ilegible' })
        .where('id', '=', rejected)
        .execute()

      const res = await api.get('/admin/expiring-documents', admin.headers)
      expect(res.status).toBe(200)
      expect(res.body.days).toBe(30)
      expect(
        res.body.documents.map((d: { purpose_name: string; days_left: number; driver: { id: number } }) => [
          d.purpose_name,
          d.days_left,
          d.driver.id,
        ]),
      ).toEqual([
        ['revision_tecnica_frontal', -2, b.user.id],
        ['cedula_identidad_frontal', 3, b.user.id],
        ['soap_frontal', 14, a.user.id],
      ])
      expect((await api.get('/admin/expiring-documents')).status).toBe(401)
      expect((await api.get('/admin/expiring-documents', a.headers)).status).toBe(403)
      expect((await api.get('/admin/expiring-documents', { 'auth-business': company.token })).status).toBe(403)
    },
  )

  it(
    'reminders go out 30 and 7 days before and on the day, once each, under an ' +
      'injected clock; never for a replaced or rejected document',
    async () => {
      const a = await userWithSession(p)
      const expiry = addDays(today(), 60)
      await upload(a.headers, 'licencia_conducir_frontal', expiry)
      await upload(a.headers, 'licencia_conducir_posterior', expiry)
      const soap = (await upload(a.headers, 'soap_frontal', expiry)).body.files[0].id_file as number
      // Replaced: the newer SOAP record has a later date; only it is reminded.
      await upload(a.headers, 'soap_frontal', addDays(expiry, 365))
      const rejected = (await upload(a.headers, 'cedula_identidad_frontal', expiry)).body.files[0].id_file as number
      await p.db
        .updateTable('user_files')
        .set({ file_status: 'REJECTED', rejection_reason: 'Ilegible' })
        .where('id', '=', rejected)
        .execute()

      /** Noon in Chile on the day `days` before the expiry date. */
      const at = (days: number) => new Date(`${addDays(expiry, -days)}T16:00:00Z`)
      const mails = async () => (await outbox(p, a.user.email)).filter((m) => /Vence|Vencido/.test(m.subject ?? ''))

      expect(await sendExpiryReminders(p, at(31))).toEqual({ mails: 0, documents: 0 })
      expect(await sendExpiryReminders(p, at(30))).toEqual({ mails: 1, documents: 2 })
      let sent = await mails()
      expect(sent).toHaveLength(1)
      expect(sent[0]!.subject).toBe(
        'Vence en 30 días: Licencia de conducir (frontal), Licencia de conducir (posterior)',
      )
      expect(sent[0]!.body_text).toContain(
        `vence el ${expiry.slice(8, 10)}-${expiry.slice(5, 7)}-${expiry.slice(0, 4)}`,
      )
      expect(sent[0]!.body_text).toContain('/user/dashboard/home')
      // The injected clock is a month ahead; the outbox delivers on the process's clock: due now.
      expect(Date.parse(sent[0]!.next_attempt_at)).toBeLessThanOrEqual(p.now().getTime())
      // Once: the same day again, the next days, and two runs at once send nothing more.
      expect(await sendExpiryReminders(p, at(30))).toEqual({ mails: 0, documents: 0 })
      expect(await sendExpiryReminders(p, at(20))).toEqual({ mails: 0, documents: 0 })
      await Promise.all([sendExpiryReminders(p, at(8)), sendExpiryReminders(p, at(8))])
      expect(await mails()).toHaveLength(1)

      const both = await Promise.all([sendExpiryReminders(p, at(7)), sendExpiryReminders(p, at(7))])
      expect(both.reduce((n, r) => n + r.mails, 0)).toBe(1)
      sent = await mails()
      expect(sent.map((m) => m.subject)).toEqual([
        sent[0]!.subject,
        'Vence en 7 días: Licencia de conducir (frontal), Licencia de conducir (posterior)',
      ])
      expect(await sendExpiryReminders(p, at(1))).toEqual({ mails: 0, documents: 0 })

      expect(await sendExpiryReminders(p, at(0))).toEqual({ mails: 1, documents: 2 })
      expect((await mails()).at(-1)!.subject).toBe(
        'Vence hoy: Licencia de conducir (frontal), Licencia de conducir (posterior)',
      )
      expect(await sendExpiryReminders(p, at(-1))).toEqual({ mails: 0, documents: 0 })
      expect(await mails()).toHaveLength(3)
      // Nothing ever for the replaced SOAP record nor the rejected cédula.
      const reminded = await p.db
        .selectFrom('document_reminders')
        .select(['user_file_id', 'kind'])
        .orderBy('id')
        .execute()
      expect(reminded.map((r) => r.user_file_id)).not.toContain(soap)
      expect(reminded.map((r) => r.user_file_id)).not.toContain(rejected)
      expect(reminded.map((r) => Number(r.kind))).toEqual([30, 30, 7, 7, 0, 0])
    },
  )

  it('a driver gets one mail per run listing every document due, each with its own date', async () => {
    const a = await userWithSession(p)
    await upload(a.headers, 'soap_frontal', today())
    await upload(a.headers, 'permiso_circulacion_frontal', addDays(today(), 6))
    await upload(a.headers, 'revision_tecnica_frontal', addDays(today(), 25))
    expect(await sendExpiryReminders(p, p.now())).toEqual({ mails: 1, documents: 3 })
    const [mail, ...more] = (await outbox(p, a.user.email)).filter((m) => /vencer/.test(m.subject ?? ''))
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Tienes 3 documentos por vencer')
    // The nearest first, each with its own due text.
    const lines = mail!.body_text!.split('\n').filter((l) => l.startsWith('- '))
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      '- SOAP (frontal)',
      '- Permiso de circulación (frontal)',
      '- Revisión técnica (frontal)',
    ])
    expect(lines[0]).toContain('vence hoy')
    // On its date the document still counts: the mail says from when it stops counting.
    expect(mail!.body_text).toContain('Desde el día siguiente a esa fecha un documento vencido cuenta como faltante')
    const kinds = await p.db
      .selectFrom('document_reminders as r')
      .innerJoin('user_files as f', 'f.id', 'r.user_file_id')
      .select(['f.purpose_name', 'r.kind'])
      .where('f.user_id', '=', a.user.id)
      .orderBy('r.kind')
      .execute()
    expect(kinds.map((k) => [k.purpose_name, Number(k.kind)])).toEqual([
      ['soap_frontal', 0],
      ['permiso_circulacion_frontal', 7],
      ['revision_tecnica_frontal', 30],
    ])
    expect(await sendExpiryReminders(p, p.now())).toEqual({ mails: 0, documents: 0 })
  })

  it('a document uploaded 5 days before its date gets the 7-day reminder only, never a stale 30-day one', async () => {
    const a = await userWithSession(p)
    await upload(a.headers, 'permiso_circulacion_frontal', addDays(today(), 5))
    expect(await sendExpiryReminders(p, p.now())).toEqual({ mails: 1, documents: 1 })
    expect((await outbox(p, a.user.email)).at(-1)!.subject).toBe('Vence en 5 días: Permiso de circulación (frontal)')
    expect(await sendExpiryReminders(p, new Date(p.now().getTime() + 86_400_000))).toEqual({ mails: 0, documents: 0 })
    expect((await p.db.selectFrom('document_reminders').select('kind').execute()).map((r) => Number(r.kind))).toEqual([
      7,
    ])
  })
})
