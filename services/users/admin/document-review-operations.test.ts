import { PDFDocument } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, dayInChile } from '#domain/format'
import {
  DOCUMENT_SLOT_KEYS,
  EXPIRY_WARNING_DAYS,
  FILE_REMOVED,
  isExpiringSlot,
  OPTIONAL_DOCUMENT_SLOT,
} from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin'
import { EXPIRY_MESSAGES } from '#domain/validation/documents'
import { MESSAGES } from '#services/platform/http'
import { createPdfPages } from '#services/platform/pdf/pages'
import { driverAccount, type Account } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import {
  countDocumentPages,
  listExpiringDocuments,
  readDocumentFile,
  readDocumentForReview,
  readDocumentPage,
  reviewDocument,
} from './document-review-operations'
import type { Actor } from './shared'

/** The console's document review operations called as a script would call them, without a route in between. */
describe.each(engines)('console document review operations on %s', (engine) => {
  let p: TestPlatform
  let reviewer: Actor & { userId: number }
  let camila: Account
  let woken: number
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7])

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    woken = 0
    p.wakeOutbox = () => void woken++
    const admin = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    reviewer = { userId: admin.user.id, actor: admin.user.email }
    camila = await driverAccount(p, 'Camila')
    // Camila's RUT, encrypted in its column (decision 80).
    await p.db
      .updateTable('users')
      .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
      .where('id', '=', camila.userId)
      .execute()
  })
  afterEach(async () => p.destroy())

  const today = () => dayInChile(p.now())

  /** One record of a slot written straight to the database, its file stored; a minute after the last. */
  async function record(
    slot: string,
    opts: {
      status?: 'PENDING' | 'ACCEPTED' | 'REJECTED'
      expiresOn?: string | null
      bytes?: Uint8Array
      userId?: number
    } = {},
  ) {
    p.advance(60_000)
    const bytes = opts.bytes ?? png
    const pdf = bytes[0] === 0x25
    const row = await p.db
      .insertInto('user_files')
      .values({
        user_id: opts.userId ?? camila.userId,
        purpose_name: slot,
        file_status: opts.status ?? 'PENDING',
        storage_key: await p.files.put('documents', bytes, pdf ? 'pdf' : 'png'),
        mime_type: pdf ? 'application/pdf' : 'image/png',
        size_bytes: bytes.byteLength,
        original_name: pdf ? 'documento.pdf' : 'foto.png',
        rejection_reason: null,
        created_at: p.now().toISOString(),
        reviewed_at: null,
        expires_on:
          opts.expiresOn === undefined ? (isExpiringSlot(slot) ? addDays(today(), 200) : null) : opts.expiresOn,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  const views = async () =>
    (
      await p.db
        .selectFrom('data_views')
        .select(['viewer_user_id', 'subject_user_id', 'kind', 'item_id', 'detail'])
        .orderBy('id')
        .execute()
    ).map((r) => [r.viewer_user_id, r.subject_user_id, r.kind, r.item_id, r.detail])
  const auditLog = async () =>
    (
      await p.db
        .selectFrom('admin_audit_log')
        .select(['admin_user_id', 'actor', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, before_json: JSON.parse(r.before_json!), after_json: JSON.parse(r.after_json!) }))
  const fileRow = async (id: number) =>
    p.db
      .selectFrom('user_files')
      .select(['file_status', 'rejection_reason', 'reviewed_at', 'expires_on'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const subjects = async () => (await outbox(p, camila.email)).map((m) => [m.channel, m.subject])

  it('lists the documents expiring within the window, soonest first, without the rejected or far ones', async () => {
    const soon = await record('soap_frontal', { status: 'ACCEPTED', expiresOn: addDays(today(), 10) })
    const past = await record('licencia_conducir_frontal', { status: 'PENDING', expiresOn: addDays(today(), -2) })
    await record('revision_tecnica_frontal', { status: 'REJECTED', expiresOn: addDays(today(), 3) })
    await record('permiso_circulacion_frontal', { status: 'ACCEPTED', expiresOn: addDays(today(), 200) })
    const list = await listExpiringDocuments(p)
    expect(list.days).toBe(EXPIRY_WARNING_DAYS)
    expect(list.documents.map((d) => [d.id, d.purpose_name, d.file_status, d.days_left, d.driver.id])).toEqual([
      [past, 'licencia_conducir_frontal', 'PENDING', -2, camila.userId],
      [soon, 'soap_frontal', 'ACCEPTED', 10, camila.userId],
    ])
  })

  it('reads a document for review with the RUT in clear, recorded as seen, and the next of its queue', async () => {
    const first = await record('cedula_identidad_frontal')
    const second = await record('soap_frontal')
    const detail = await readDocumentForReview(p, reviewer.userId, { id: first })
    expect(detail.document).toMatchObject({
      id: first,
      purpose_name: 'cedula_identidad_frontal',
      file_status: 'PENDING',
      expiring: true,
      url_file: `/admin/documents/${first}/file`,
      superseded: false,
    })
    expect(detail.driver).toMatchObject({ id: camila.userId, rut: '12345678-5', email: camila.email })
    expect(detail.slots).toHaveLength(DOCUMENT_SLOT_KEYS.length)
    expect(detail.history.map((h) => h.id)).toEqual([first])
    expect([detail.audit, detail.power, detail.next_id]).toEqual([[], null, second])
    // Past the last, the next is the first again; a filter that leaves it alone has none.
    expect((await readDocumentForReview(p, reviewer.userId, { id: second })).next_id).toBe(first)
    const alone = await readDocumentForReview(p, reviewer.userId, { id: second, slot: 'soap_frontal' })
    expect(alone.next_id).toBeNull()
    expect(await views()).toEqual([[reviewer.userId, camila.userId, 'rut', camila.userId, null]])

    // A record of an account that is no driver's is none.
    const staffs = await record('soap_frontal', { userId: reviewer.userId })
    for (const id of [staffs, 999_999])
      await expect(readDocumentForReview(p, reviewer.userId, { id })).rejects.toMatchObject({
        status: 404,
        messages: MESSAGES.notFound,
      })
  })

  it('reads a document’s file with its name, recorded as seen; none is 404, a removed one FILE_REMOVED', async () => {
    const id = await record('cedula_identidad_frontal')
    const file = await readDocumentFile(p, reviewer.userId, { id })
    expect([[...file.bytes], file.type, file.filename]).toEqual([[...png], 'image/png', 'cedula_identidad_frontal.png'])
    expect(await views()).toEqual([[reviewer.userId, camila.userId, 'documento', id, 'cedula_identidad_frontal']])

    await expect(readDocumentFile(p, reviewer.userId, { id: 999_999 })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    await p.db.updateTable('user_files').set({ file_purged_at: p.now().toISOString() }).where('id', '=', id).execute()
    await expect(readDocumentFile(p, reviewer.userId, { id })).rejects.toMatchObject({
      status: 404,
      messages: FILE_REMOVED,
    })
    expect(await views()).toHaveLength(1)
  })

  it('counts and draws a PDF’s pages, the page recorded as seen; no PDF is 400, a missing page 404', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([595, 842])
    doc.addPage([842, 595])
    const id = await record('autorizacion_dueno_vehiculo', { bytes: await doc.save() })
    const image = await record('cedula_identidad_frontal')
    const pages = createPdfPages()

    expect(await countDocumentPages(p, { id }, pages)).toEqual({ total: 2, shown: 2 })
    expect(await views()).toEqual([])
    const page = await readDocumentPage(p, reviewer.userId, { id, page: 2 }, pages)
    expect([[...page.bytes.slice(0, 4)], page.type, page.filename]).toEqual([
      [...png.slice(0, 4)],
      'image/png',
      'autorizacion_dueno_vehiculo-2.png',
    ])
    expect(await views()).toEqual([[reviewer.userId, camila.userId, 'documento', id, 'autorizacion_dueno_vehiculo']])

    await expect(countDocumentPages(p, { id: image }, pages)).rejects.toMatchObject({
      status: 400,
      messages: ADMIN_MESSAGES.notPdf,
    })
    await expect(readDocumentPage(p, reviewer.userId, { id, page: 3 }, pages)).rejects.toMatchObject({ status: 404 })
    await expect(countDocumentPages(p, { id: 999_999 }, pages)).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    expect(await views()).toHaveLength(1)
  })

  it('rejects with the reason, audited, the driver mailed and the outbox woken; again is 409', async () => {
    const id = await record('cedula_identidad_posterior')
    const reason = 'La foto está borrosa.'
    expect(await reviewDocument(p, reviewer, { id, decision: 'REJECTED', reason })).toEqual({
      message: ADMIN_MESSAGES.rejected,
      id,
      file_status: 'REJECTED',
      driver_validated: false,
    })
    expect(await fileRow(id)).toMatchObject({ file_status: 'REJECTED', rejection_reason: reason })
    expect(await auditLog()).toEqual([
      {
        admin_user_id: reviewer.userId,
        actor: reviewer.actor,
        action: 'document.reject',
        entity_type: 'user_file',
        entity_id: id,
        before_json: { file_status: 'PENDING', rejection_reason: null },
        after_json: {
          file_status: 'REJECTED',
          rejection_reason: reason,
          user_id: camila.userId,
          purpose_name: 'cedula_identidad_posterior',
        },
      },
    ])
    const mail = (await outbox(p, camila.email)).find((m) => m.channel === 'email')!
    expect(mail.subject).toBe('Documento rechazado: Cédula de identidad (posterior)')
    expect(mail.body_text).toContain(`Motivo: ${reason}`)
    expect(woken).toBe(1)

    await expect(reviewDocument(p, reviewer, { id, decision: 'ACCEPTED' })).rejects.toMatchObject({
      status: 409,
      messages: ADMIN_MESSAGES.alreadyReviewed,
    })
    const staffs = await record('soap_frontal', { userId: reviewer.userId })
    for (const other of [staffs, 999_999])
      await expect(reviewDocument(p, reviewer, { id: other, decision: 'ACCEPTED' })).rejects.toMatchObject({
        status: 404,
        messages: MESSAGES.notFound,
      })
    expect([await auditLog(), woken]).toMatchObject([[{ action: 'document.reject' }], 1])
  })

  it('approves with the reviewer’s corrected date, audited as typed and as stored; refuses what it must', async () => {
    const typed = addDays(today(), 100)
    const corrected = addDays(today(), 120)
    const old = await record('soap_frontal', { expiresOn: typed })
    const id = await record('soap_frontal', { expiresOn: typed })
    // A newer upload replaced `old`; a date already past is for a rejection; a kind without dates takes none.
    await expect(reviewDocument(p, reviewer, { id: old, decision: 'ACCEPTED' })).rejects.toMatchObject({
      status: 409,
      messages: ADMIN_MESSAGES.superseded,
    })
    const past = addDays(today(), -1)
    await expect(reviewDocument(p, reviewer, { id, decision: 'ACCEPTED', expires_on: past })).rejects.toMatchObject({
      status: 400,
      messages: EXPIRY_MESSAGES.reviewExpired,
    })
    const undated = await record('certificado_antecedentes')
    await expect(
      reviewDocument(p, reviewer, { id: undated, decision: 'ACCEPTED', expires_on: corrected }),
    ).rejects.toMatchObject({ status: 400, messages: EXPIRY_MESSAGES.notExpiring })
    expect([await auditLog(), await subjects(), woken]).toEqual([[], [], 0])

    expect(await reviewDocument(p, reviewer, { id, decision: 'ACCEPTED', expires_on: corrected })).toEqual({
      message: ADMIN_MESSAGES.approved,
      id,
      file_status: 'ACCEPTED',
      driver_validated: false,
    })
    expect(await fileRow(id)).toMatchObject({ file_status: 'ACCEPTED', rejection_reason: null, expires_on: corrected })
    expect(await auditLog()).toEqual([
      {
        admin_user_id: reviewer.userId,
        actor: reviewer.actor,
        action: 'document.approve',
        entity_type: 'user_file',
        entity_id: id,
        before_json: { file_status: 'PENDING', rejection_reason: null, expires_on: typed },
        after_json: {
          file_status: 'ACCEPTED',
          rejection_reason: null,
          user_id: camila.userId,
          purpose_name: 'soap_frontal',
          expires_on: corrected,
        },
      },
    ])
    expect((await subjects()).filter(([channel]) => channel === 'email')).toEqual([
      ['email', 'Documento aprobado: SOAP (frontal)'],
    ])
    expect(woken).toBe(1)
  })

  it('the approval that completes the 22 says the driver is validated and mails them once', async () => {
    const required = DOCUMENT_SLOT_KEYS.filter((k) => k !== OPTIONAL_DOCUMENT_SLOT)
    for (const slot of required.slice(0, -1)) await record(slot, { status: 'ACCEPTED' })
    const last = await record(required.at(-1)!)
    const optional = await record(OPTIONAL_DOCUMENT_SLOT)
    expect((await reviewDocument(p, reviewer, { id: last, decision: 'ACCEPTED' })).driver_validated).toBe(true)
    // Already validated: the optional slot's approval does not say it again.
    expect((await reviewDocument(p, reviewer, { id: optional, decision: 'ACCEPTED' })).driver_validated).toBe(false)
    const validated = (await outbox(p, camila.email)).filter((m) => m.subject === '¡Eres un Fleeter validado!')
    expect(validated).toHaveLength(1)
    expect(woken).toBe(2)
  })
})
