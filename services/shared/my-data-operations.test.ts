import { strFromU8, unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { companyAccount, driverAccount, type Account } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import {
  dataExportFile,
  EXPORT_AT_ONCE_MAX_BYTES,
  MY_DATA_MESSAGES,
  readMyData,
  requestDataExport,
  requestRectification,
} from './my-data-operations'

const DAY = 24 * 60 * 60 * 1000
const NOTHING = { paused_at: null, opted_out_at: null, deletion_due_at: null }
const DETAIL = 'Mi RUT está mal: es 12.345.678-5.'

/** The «Mis datos» operations called as a script would call them, without a route in between. */
describe.each(engines)('«Mis datos» operations on %s', (engine) => {
  let p: TestPlatform
  let camila: Account
  let pedro: Account

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
  })
  afterEach(async () => p.destroy())

  const requests = () =>
    p.db.selectFrom('privacy_requests').select(['user_id', 'kind', 'status']).orderBy('id').execute()

  /** A stored document of the account that says it weighs `size_bytes` (its file need not exist). */
  const documentOf = (who: Account, sizeBytes: number) =>
    p.db
      .insertInto('user_files')
      .values({
        user_id: who.userId,
        purpose_name: 'licencia_frontal',
        file_status: 'PENDING',
        storage_key: 'documents/aaaaaaaaaaaaaaaaaaaaaaaaaa.pdf',
        mime_type: 'application/pdf',
        size_bytes: sizeBytes,
        original_name: 'licencia.pdf',
        rejection_reason: null,
        created_at: p.now().toISOString(),
        reviewed_at: null,
      })
      .execute()

  it("reads the account's state and its own requests, newest first, and when it may export again", async () => {
    expect(await readMyData(p, camila)).toEqual({ account: NOTHING, requests: [], next_export_at: null })

    const exported = await requestDataExport(p, camila)
    p.advance(1000)
    const { id: rectification } = await requestRectification(p, camila, { detail: DETAIL })
    await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', camila.userId).execute()
    const mine = await readMyData(p, camila)
    const row = await p.db
      .selectFrom('privacy_requests')
      .select(['requested_at', 'file_expires_at'])
      .where('id', '=', exported.id)
      .executeTakeFirstOrThrow()
    expect(mine).toEqual({
      account: { ...NOTHING, paused_at: expect.any(String) },
      requests: [
        expect.objectContaining({ id: rectification, kind: 'rectification', status: 'pending', downloadable: false }),
        expect.objectContaining({ id: exported.id, kind: 'export', status: 'done', downloadable: true }),
      ],
      next_export_at: new Date(Date.parse(row.requested_at) + DAY).toISOString(),
    })
    expect(mine.requests[1]).not.toHaveProperty('file_key')
    expect(mine.requests[1]!.file_expires_at).toBe(row.file_expires_at)
    expect(await readMyData(p, pedro)).toEqual({ account: NOTHING, requests: [], next_export_at: null })

    // A day later a new export can be asked for; a week later the ZIP is no longer downloadable.
    p.advance(DAY)
    expect((await readMyData(p, camila)).next_export_at).toBeNull()
    p.advance(6 * DAY)
    expect((await readMyData(p, camila)).requests[1]!.downloadable).toBe(false)
  })

  it('prepares a small account at once and mails it; a second request in a day is 429, writing nothing', async () => {
    const first = await requestDataExport(p, camila)
    expect(first).toEqual({ id: expect.any(Number), status: 'done', message: MY_DATA_MESSAGES.exportReady })
    expect((await outbox(p, camila.email)).map((m) => m.subject)).toEqual(['Tu copia de datos de Fleeters está lista'])

    p.advance(DAY - 60_000)
    await expect(requestDataExport(p, camila)).rejects.toMatchObject({
      status: 429,
      messages: expect.stringMatching(/^Ya pediste una copia de tus datos en las últimas 24 horas\./),
    })
    expect(await requests()).toEqual([{ user_id: camila.userId, kind: 'export', status: 'done' }])
    // Another account's window is its own.
    expect(await requestDataExport(p, pedro)).toMatchObject({ status: 'done' })
    p.advance(120_000)
    expect(await requestDataExport(p, camila)).toMatchObject({ status: 'done' })
  })

  it('leaves a large account pending for the export job, mailing nothing yet', async () => {
    await documentOf(camila, EXPORT_AT_ONCE_MAX_BYTES + 1)
    const pending = await requestDataExport(p, camila)
    expect(pending).toEqual({ id: expect.any(Number), status: 'pending', message: MY_DATA_MESSAGES.exportQueued })
    expect(await requests()).toEqual([{ user_id: camila.userId, kind: 'export', status: 'pending' }])
    expect(await outbox(p)).toEqual([])
  })

  it('gives the ZIP to its owner only, while it lasts; a pending export or another request is none', async () => {
    const notAvailable = { status: 404, messages: MY_DATA_MESSAGES.exportNotAvailable }
    const { id } = await requestDataExport(p, camila)
    const { bytes, filename } = await dataExportFile(p, camila, { id })
    expect(filename).toMatch(/^fleeters-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/)
    const data = JSON.parse(strFromU8(unzipSync(bytes)['datos.json']!))
    expect(data.tablas.users[0].email).toBe(camila.email)

    await expect(dataExportFile(p, pedro, { id })).rejects.toMatchObject(notAvailable)
    const { id: rectification } = await requestRectification(p, camila, { detail: DETAIL })
    await expect(dataExportFile(p, camila, { id: rectification })).rejects.toMatchObject(notAvailable)
    await documentOf(pedro, EXPORT_AT_ONCE_MAX_BYTES + 1)
    const pending = await requestDataExport(p, pedro)
    await expect(dataExportFile(p, pedro, { id: pending.id })).rejects.toMatchObject(notAvailable)

    p.advance(7 * DAY + 1000)
    await expect(dataExportFile(p, camila, { id })).rejects.toMatchObject(notAvailable)
  })

  it('logs a rectification, mails the team who asks and the deadline; an account gone writes nothing', async () => {
    const andes = await companyAccount(p)
    const answer = await requestRectification(p, andes, { detail: DETAIL })
    expect(answer).toEqual({ message: MY_DATA_MESSAGES.rectificationLogged, id: expect.any(Number) })
    const row = await p.db
      .selectFrom('privacy_requests')
      .select(['user_id', 'kind', 'status', 'detail'])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ user_id: andes.userId, kind: 'rectification', status: 'pending', detail: DETAIL })
    const [mail, ...others] = await outbox(p)
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      recipient: p.config.TEAM_EMAIL,
      subject: `Solicitud de rectificación de datos #${answer.id}`,
    })
    expect(mail!.body_text).toContain(`Empresa #${andes.userId}`)
    expect(mail!.body_text).toContain(andes.email)
    expect(mail!.body_text).toContain('Plazo legal')
    expect(mail!.body_text).toContain(DETAIL)

    await expect(requestRectification(p, { userId: 999_999 }, { detail: DETAIL })).rejects.toThrow()
    expect(await requests()).toHaveLength(1)
    expect(await outbox(p)).toHaveLength(1)
  })
})
