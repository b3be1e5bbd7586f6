import { strFromU8, unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MY_DATA_MESSAGES as FORM_MESSAGES } from '#domain/validation/my-data'
import { business, companyAccount, driver, driverAccount, messages, type Account } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { PRIVACY_ADMIN_MESSAGES } from '#services/users/admin/privacy-request-operations'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { startSession } from '#services/users/session-object'
import { prepareExports } from './my-data'
import { EXPORT_AT_ONCE_MAX_BYTES, MY_DATA_MESSAGES } from './my-data-operations'

const DAY = 24 * 60 * 60 * 1000

describe.each(engines)('«Mis datos» (Ley 21.719) on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let camila: Account

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    camila = await driverAccount(p, 'Camila')
  })
  afterEach(async () => p.destroy())

  const download = async (base: string, id: number, headers: Record<string, string>) => {
    const res = await api.app.request(`${base}/my-data/export/${id}/file`, { headers })
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
  }

  describe('export', () => {
    it(
      'prepares a small account at once: a ZIP with datos.json and the stored files ' +
        'decrypted, a mail, 7 days to download',
      async () => {
        const stored = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3, 4])
        const key = await p.files.put('documents', stored, 'pdf')
        await p.db
          .insertInto('user_files')
          .values({
            user_id: camila.userId,
            purpose_name: 'carnet_frontal',
            file_status: 'ACCEPTED',
            storage_key: key,
            mime_type: 'application/pdf',
            size_bytes: stored.byteLength,
            original_name: 'carnet.pdf',
            rejection_reason: null,
            created_at: p.now().toISOString(),
            reviewed_at: null,
          })
          .execute()

        const res = await api.post('/users/my-data/export', undefined, driver(camila))
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ status: 'done', message: MY_DATA_MESSAGES.exportReady })

        const row = await p.db
          .selectFrom('privacy_requests')
          .selectAll()
          .where('id', '=', res.body.id)
          .executeTakeFirstOrThrow()
        expect(row).toMatchObject({ kind: 'export', status: 'done', user_id: camila.userId })
        expect(Date.parse(row.file_expires_at!) - Date.parse(row.answered_at!)).toBe(7 * DAY)
        const mails = await outbox(p, camila.email)
        expect(mails.map((m) => m.subject)).toEqual(['Tu copia de datos de Fleeters está lista'])
        expect(mails[0]!.body_text).toContain('http://localhost:3000/user/dashboard/settings/mis-datos')

        const file = await download('/users', res.body.id, driver(camila))
        expect(file.status).toBe(200)
        expect(file.headers.get('content-type')).toBe('application/zip')
        expect(file.headers.get('content-disposition')).toMatch(
          /^attachment; filename="fleeters-mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/,
        )
        const zip = unzipSync(file.bytes)
        const data = JSON.parse(strFromU8(zip['datos.json']!))
        expect(data.tablas.users[0].email).toBe(camila.email)
        expect(data.tablas.users[0]).not.toHaveProperty('password_hash')
        const doc = Object.keys(zip).find((name) => name.startsWith('archivos/documentos/'))!
        expect(doc).toMatch(/^archivos\/documentos\/\d+-carnet_frontal\.pdf$/)
        expect(zip[doc]).toEqual(stored)

        // The page's state: downloadable, and no new export before 24 hours.
        const state = await api.get('/users/my-data', driver(camila))
        expect(state.body.requests[0]).toMatchObject({ kind: 'export', status: 'done', downloadable: true })
        expect(state.body.next_export_at).toBe(new Date(Date.parse(row.requested_at) + DAY).toISOString())

        // Owner only: another driver, a company on its own path, anonymous.
        const other = await driverAccount(p, 'Pedro')
        expect((await download('/users', res.body.id, driver(other))).status).toBe(404)
        const company = await companyAccount(p)
        expect((await download('/business', res.body.id, business(company))).status).toBe(404)
        expect((await download('/users', res.body.id, {})).status).toBe(401)
        expect((await download('/users', res.body.id, { 'auth-user': company.token })).status).toBe(403)

        // Seven days later it is gone from the page and the route.
        // (Sessions last 7 days too: she logs in again.)
        p.advance(7 * DAY + 1000)
        const user = await p.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', camila.userId)
          .executeTakeFirstOrThrow()
        const again = { 'auth-user': await startSession(p, user) }
        expect((await download('/users', res.body.id, again)).status).toBe(404)
        expect((await api.get('/users/my-data', again)).body.requests[0].downloadable).toBe(false)
      },
    )

    it('answers a second export within 24 hours with 429 and the time of the next one, writing nothing', async () => {
      expect((await api.post('/users/my-data/export', undefined, driver(camila))).status).toBe(200)
      p.advance(DAY - 60_000)
      const again = await api.post('/users/my-data/export', undefined, driver(camila))
      expect(again.status).toBe(429)
      expect(messages(again.body)[0]).toMatch(
        /^Ya pediste una copia de tus datos en las últimas 24 horas\. Podrás pedir otra desde el /,
      )
      expect(await p.db.selectFrom('privacy_requests').select('id').execute()).toHaveLength(1)
      p.advance(120_000)
      expect((await api.post('/users/my-data/export', undefined, driver(camila))).status).toBe(200)
    })

    it('lets one of two simultaneous export requests through', async () => {
      const answers = await Promise.all(
        [1, 2, 3].map(() => api.post('/users/my-data/export', undefined, driver(camila))),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429])
      expect(await p.db.selectFrom('privacy_requests').select('id').execute()).toHaveLength(1)
      expect(await outbox(p, camila.email)).toHaveLength(1)
    })

    it('leaves a large account pending for the job, which prepares it once and mails it', async () => {
      await p.db
        .insertInto('user_files')
        .values({
          user_id: camila.userId,
          purpose_name: 'licencia_frontal',
          file_status: 'PENDING',
          // The row says large; the file itself is gone (a missing file is left out, not an error).
          storage_key: 'documents/aaaaaaaaaaaaaaaaaaaaaaaaaa.pdf',
          mime_type: 'application/pdf',
          size_bytes: EXPORT_AT_ONCE_MAX_BYTES + 1,
          original_name: 'licencia.pdf',
          rejection_reason: null,
          created_at: p.now().toISOString(),
          reviewed_at: null,
        })
        .execute()
      const res = await api.post('/users/my-data/export', undefined, driver(camila))
      expect(res.body).toMatchObject({ status: 'pending', message: MY_DATA_MESSAGES.exportQueued })
      expect((await download('/users', res.body.id, driver(camila))).status).toBe(404)
      expect(await outbox(p, camila.email)).toEqual([])

      expect(await prepareExports(p, p.now())).toBe(1)
      expect(await prepareExports(p, p.now())).toBe(0)
      expect(await outbox(p, camila.email)).toHaveLength(1)
      const zip = unzipSync((await download('/users', res.body.id, driver(camila))).bytes)
      expect(Object.keys(zip)).toEqual(['datos.json'])
    })

    it('gives a company its own export through the business service, with its company row', async () => {
      const company = await companyAccount(p, 'Reparto Sur SpA')
      const res = await api.post('/business/my-data/export', undefined, business(company))
      expect(res.body.status).toBe('done')
      const data = JSON.parse(
        strFromU8(unzipSync((await download('/business', res.body.id, business(company))).bytes)['datos.json']!),
      )
      expect(data.tablas.companies[0]).toMatchObject({ name: 'Reparto Sur SpA', email: company.email })
      expect((await outbox(p, company.email))[0]!.body_text).toContain('/business/dashboard/mis-datos')
      // A driver's token on the company's path.
      expect((await api.post('/business/my-data/export', undefined, { 'auth-business': camila.token })).status).toBe(
        403,
      )
    })
  })

  describe('rectification', () => {
    it(
      'logs the request, mails the team, and shows it pending; the console answers it ' +
        'once, with an audit row and a mail',
      async () => {
        const res = await api.post(
          '/users/my-data/rectification',
          { detail: 'Mi RUT está mal: es 12.345.678-5.' },
          driver(camila),
        )
        expect(res.status).toBe(201)
        const team = await outbox(p, p.config.TEAM_EMAIL)
        expect(team[0]!.subject).toBe(`Solicitud de rectificación de datos #${res.body.id}`)
        expect(team[0]!.body_text).toContain('Mi RUT está mal')
        const mine = await api.get('/users/my-data', driver(camila))
        expect(mine.body.requests).toEqual([
          expect.objectContaining({ kind: 'rectification', status: 'pending', answered_at: null }),
        ])

        const admin = await userWithSession(p, 'admin')
        const list = await api.get('/admin/privacy-requests?estado=pendientes', admin.headers)
        expect(list.body.requests).toEqual([
          expect.objectContaining({ id: res.body.id, email: camila.email, kind: 'rectification', status: 'pending' }),
        ])
        expect(
          (await api.post(`/admin/privacy-requests/${res.body.id}/answer`, { note: '' }, admin.headers)).status,
        ).toBe(400)
        const answer = await api.post(
          `/admin/privacy-requests/${res.body.id}/answer`,
          { note: 'Corregimos tu RUT.' },
          admin.headers,
        )
        expect(answer).toMatchObject({ status: 200, body: { message: PRIVACY_ADMIN_MESSAGES.answered } })
        const again = await api.post(
          `/admin/privacy-requests/${res.body.id}/answer`,
          { note: 'Otra vez.' },
          admin.headers,
        )
        expect(again.status).toBe(409)
        const audit = await p.db
          .selectFrom('admin_audit_log')
          .selectAll()
          .where('entity_type', '=', 'privacy_request')
          .execute()
        expect(audit).toHaveLength(1)
        expect((await outbox(p, camila.email)).map((m) => m.subject)).toEqual([
          'Respondimos tu solicitud de corrección de datos',
        ])
        expect((await api.get('/admin/privacy-requests?estado=pendientes', admin.headers)).body.requests).toEqual([])
        expect((await api.get('/users/my-data', driver(camila))).body.requests[0]).toMatchObject({ status: 'done' })
        // Only rectifications are answered from the console; a driver cannot list them.
        const exp = await api.post('/users/my-data/export', undefined, driver(camila))
        expect(
          (await api.post(`/admin/privacy-requests/${exp.body.id}/answer`, { note: 'x' }, admin.headers)).status,
        ).toBe(409)
        expect((await api.post('/admin/privacy-requests/999999/answer', { note: 'x' }, admin.headers)).status).toBe(404)
        expect((await api.get('/admin/privacy-requests', driver(camila))).status).toBe(403)
      },
    )

    it.each([
      [{}, FORM_MESSAGES.required],
      [{ detail: '   ' }, FORM_MESSAGES.required],
      [{ detail: 'x'.repeat(1001) }, FORM_MESSAGES.detailMax],
    ])('refuses %j with its message and writes nothing', async (body, message) => {
      const res = await api.post('/users/my-data/rectification', body, driver(camila))
      expect(res.status).toBe(400)
      expect(messages(res.body)).toEqual([message])
      expect(await p.db.selectFrom('privacy_requests').select('id').execute()).toEqual([])
      expect(await outbox(p)).toEqual([])
    })
  })
})
