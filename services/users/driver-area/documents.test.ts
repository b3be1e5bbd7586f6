import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { DOCUMENT_MESSAGES } from './document-operations'
import {
  documentForm,
  fileOf,
  formWith,
  sampleExe,
  sampleJpeg,
  samplePdf,
  samplePng,
  userWithSession,
} from './test-helpers'

describe.each(engines)('driver documents on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const upload = (headers: Record<string, string>, entries: Record<string, File | string>) =>
    api.call('POST', '/users/upload-files-user', { form: documentForm(entries), headers })

  it('stores each kind privately as PENDING and lists the records', async () => {
    const a = await userWithSession(p)
    const res = await upload(a.headers, {
      // Kinds without an expiry date: their records are exactly spec §3's (the dated ones: documents-expiry.test.ts).
      certificado_antecedentes: fileOf(await samplePng(), 'frente.png', 'image/png'),
      comprobante_domicilio: fileOf(await sampleJpeg(), 'atras.jpeg', 'image/jpeg'),
      hoja_vida_conductor: fileOf(samplePdf, 'certificado.pdf', 'application/pdf'),
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(DOCUMENT_MESSAGES.uploaded)
    const list = await api.get('/users/obtain-all-documents-user', a.headers)
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(3)
    for (const record of list.body) {
      expect(Object.keys(record).sort()).toEqual([
        'date_upload',
        'file_status',
        'id_file',
        'purpose_name',
        'rejection_reason',
        'type_name',
        'url_file',
      ])
      expect(record.file_status).toBe('PENDING')
      expect(record.url_file).toBe(`/users/files/${record.id_file}`)
    }
    expect(list.body.map((r: { type_name: string }) => r.type_name)).toEqual([
      'image/png',
      'image/jpeg',
      'application/pdf',
    ])
    const pdf = list.body[2]
    const file = await api.app.request(pdf.url_file, { headers: a.headers })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toMatch(/^inline/)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(samplePdf)
  })

  it('treats files by content: a PDF named .png is stored as a PDF, an executable named .jpg is refused', async () => {
    const a = await userWithSession(p)
    const res = await upload(a.headers, { soap_frontal: fileOf(samplePdf, 'foto.png', 'image/png') })
    expect(res.status).toBe(201)
    expect(res.body.files[0].type_name).toBe('application/pdf')
    const exe = await upload(a.headers, { soap_posterior: fileOf(sampleExe, 'foto.jpg', 'image/jpeg') })
    expect(exe.status).toBe(400)
    expect(exe.body.message).toBe(DOCUMENT_MESSAGES.invalidType)
  })

  it('refuses oversized, empty, missing and unknown files and writes nothing', async () => {
    const a = await userWithSession(p)
    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(await samplePng())
    const tooBig = await upload(a.headers, { soap_frontal: fileOf(big, 'grande.png', 'image/png') })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.message).toBe(DOCUMENT_MESSAGES.tooLarge)
    expect((await upload(a.headers, { soap_frontal: fileOf(new Uint8Array(), 'vacio.png') })).status).toBe(400)
    expect((await upload(a.headers, {})).status).toBe(400)
    expect((await upload(a.headers, { soap_frontal: 'texto' })).status).toBe(400)
    expect((await upload(a.headers, { otro_documento: fileOf(await samplePng(), 'x.png') })).status).toBe(400)
    // One bad file sinks the whole request.
    const mixed = await upload(a.headers, {
      soap_frontal: fileOf(await samplePng(), 'x.png'),
      soap_posterior: fileOf(sampleExe, 'y.jpg'),
    })
    expect(mixed.status).toBe(400)
    expect(
      (await api.call('POST', '/users/upload-files-user', { json: { soap_frontal: 'x' }, headers: a.headers })).status,
    ).toBe(400)
    const huge = await api.call('POST', '/users/upload-files-user', {
      form: formWith({ soap_frontal: fileOf(new Uint8Array(13 * 1024 * 1024), 'x.png') }),
      headers: a.headers,
    })
    expect(huge.status).toBe(413)
    expect(await p.db.selectFrom('user_files').select('id').execute()).toHaveLength(0)
  })

  it('a new upload supersedes the previous record of the slot and keeps the history', async () => {
    const a = await userWithSession(p)
    await upload(a.headers, { comprobante_domicilio: fileOf(await samplePng(), 'a.png') })
    const first = (await api.get('/users/obtain-all-documents-user', a.headers)).body[0]
    await p.db
      .updateTable('user_files')
      .set({ file_status: 'REJECTED', rejection_reason: 'Ilegible' })
      .where('id', '=', first.id_file)
      .execute()
    const rejected = (await api.get('/users/obtain-all-documents-user', a.headers)).body[0]
    expect(rejected).toMatchObject({ file_status: 'REJECTED', rejection_reason: 'Ilegible' })
    await upload(a.headers, { comprobante_domicilio: fileOf(samplePdf, 'b.pdf') })
    const list = (await api.get('/users/obtain-all-documents-user', a.headers)).body
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ file_status: 'PENDING', rejection_reason: null, type_name: 'application/pdf' })
    expect(list[0].id_file).not.toBe(first.id_file)
    expect(await p.db.selectFrom('user_files').select('id').execute()).toHaveLength(2)
    // The session summary counts the latest record only.
    const session = await api.post('/auth/success-login', undefined, a.headers)
    expect(session.body.files.filesUpload).toBe(1)
  })

  it('serves files only to their owner: other drivers and guessed ids get 404', async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    await upload(a.headers, { soap_frontal: fileOf(await samplePng(), 'a.png') })
    const [record] = (await api.get('/users/obtain-all-documents-user', a.headers)).body
    expect((await api.get(record.url_file, a.headers)).status).toBe(200)
    expect((await api.get(record.url_file, b.headers)).status).toBe(404)
    expect((await api.get(`/users/files/${record.id_file + 1000}`, a.headers)).status).toBe(404)
    expect((await api.get('/users/files/abc', a.headers)).status).toBe(404)
    expect((await api.get('/users/obtain-all-documents-user', b.headers)).body).toEqual([])
  })

  it('answers 401 without a token and 403 to a company', async () => {
    const company = await userWithSession(p, 'business')
    const form = () => formWith({ soap_frontal: fileOf(new Uint8Array([0x89]), 'x.png') })
    expect((await api.get('/users/obtain-all-documents-user')).status).toBe(401)
    expect((await api.call('POST', '/users/upload-files-user', { form: form() })).status).toBe(401)
    expect((await api.get('/users/files/1')).status).toBe(401)
    expect((await api.get('/users/obtain-all-documents-user', company.headers)).status).toBe(403)
    expect(
      (await api.call('POST', '/users/upload-files-user', { form: form(), headers: company.headers })).status,
    ).toBe(403)
    expect((await api.get('/users/files/1', company.headers)).status).toBe(403)
    expect((await api.get('/users/obtain-all-documents-user', { 'auth-user': 'no-es-un-token' })).status).toBe(401)
  })
})
