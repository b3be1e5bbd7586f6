import { PDFDocument } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { documentForm, fileOf, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'

/** The viewer's PDF pages (decision 91): drawn for the console's staff only, with a {message} when they cannot be. */
describe.each(engines)('PDF pages for the console viewer on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  async function upload(headers: Record<string, string>, slot: string, file: File): Promise<number> {
    const res = await api.call('POST', '/users/upload-files-user', { form: documentForm({ [slot]: file }), headers })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.files[0].id_file as number
  }

  async function twoPages(): Promise<Uint8Array> {
    const pdf = await PDFDocument.create()
    pdf.addPage([595, 842])
    pdf.addPage([842, 595])
    return pdf.save()
  }

  it('counts and draws a PDF’s pages for staff, records the view, and refuses everyone else', async () => {
    const driver = await userWithSession(p, 'User')
    const other = await userWithSession(p, 'User')
    const company = await userWithSession(p, 'business')
    const admin = await userWithSession(p, 'admin')
    const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    const id = await upload(
      driver.headers,
      DOCUMENT_SLOT_KEYS[0]!,
      fileOf(await twoPages(), 'a.pdf', 'application/pdf'),
    )

    const count = await api.get(`/admin/documents/${id}/pages`, revisor.headers)
    expect(count.status).toBe(200)
    expect(count.body).toEqual({ total: 2, shown: 2 })

    const page = await api.app.request(`/admin/documents/${id}/pages/2`, { headers: admin.headers })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('image/png')
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const png = new Uint8Array(await page.arrayBuffer())
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    // Page 2 is landscape: wider than tall.
    const view = new DataView(png.buffer)
    expect(view.getUint32(16)).toBeGreaterThan(view.getUint32(20))
    const views = await p.db
      .selectFrom('data_views')
      .select(['viewer_user_id', 'kind', 'item_id'])
      .where('subject_user_id', '=', driver.user.id)
      .execute()
    expect(views).toContainEqual({ viewer_user_id: admin.user.id, kind: 'documento', item_id: id })

    const missing = await api.get(`/admin/documents/${id}/pages/3`, admin.headers)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('El PDF no tiene esa página.')
    for (const bad of ['0', '01', 'x', '1000'])
      expect((await api.get(`/admin/documents/${id}/pages/${bad}`, admin.headers)).status, bad).toBe(404)
    expect((await api.get(`/admin/documents/${id + 1000}/pages`, admin.headers)).status).toBe(404)

    for (const path of [`/admin/documents/${id}/pages`, `/admin/documents/${id}/pages/1`]) {
      expect((await api.get(path)).status, `${path} anonymous`).toBe(401)
      expect((await api.get(path, driver.headers)).status, `${path} owner`).toBe(403)
      expect((await api.get(path, other.headers)).status, `${path} other driver`).toBe(403)
      expect((await api.get(path, { 'auth-admin': driver.token })).status, `${path} driver as admin`).toBe(403)
      expect((await api.get(path, company.headers)).status, `${path} company`).toBe(403)
    }
  }, 60_000)

  it('answers 400 with a message for an image and for a PDF it cannot read, 404 once the file is removed', async () => {
    const driver = await userWithSession(p, 'User')
    const admin = await userWithSession(p, 'admin')
    const image = await upload(driver.headers, DOCUMENT_SLOT_KEYS[0]!, fileOf(await samplePng(), 'a.png', 'image/png'))
    const notPdf = await api.get(`/admin/documents/${image}/pages`, admin.headers)
    expect(notPdf.status).toBe(400)
    expect(notPdf.body.message).toBe(ADMIN_MESSAGES.notPdf)
    expect((await api.get(`/admin/documents/${image}/pages/1`, admin.headers)).status).toBe(400)

    const broken = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >>\n%%EOF\n')
    const bad = await upload(driver.headers, DOCUMENT_SLOT_KEYS[1]!, fileOf(broken, 'b.pdf', 'application/pdf'))
    for (const path of [`/admin/documents/${bad}/pages`, `/admin/documents/${bad}/pages/1`]) {
      const res = await api.get(path, admin.headers)
      expect(res.status, path).toBe(400)
      expect(res.body.message, path).toBe('No se pudo leer el PDF; ábrelo en una pestaña nueva.')
    }

    const good = await upload(
      driver.headers,
      DOCUMENT_SLOT_KEYS[2]!,
      fileOf(await twoPages(), 'c.pdf', 'application/pdf'),
    )
    expect((await api.get(`/admin/documents/${good}/pages`, admin.headers)).status).toBe(200)
    await p.db
      .updateTable('user_files')
      .set({ file_purged_at: new Date().toISOString() })
      .where('id', '=', good)
      .execute()
    // Kept pages are not served for a removed file.
    expect((await api.get(`/admin/documents/${good}/pages`, admin.headers)).status).toBe(404)
    expect((await api.get(`/admin/documents/${good}/pages/1`, admin.headers)).status).toBe(404)
  }, 60_000)
})
