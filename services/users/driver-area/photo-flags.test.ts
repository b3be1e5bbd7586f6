import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { documentForm, fileOf, samplePdf, userWithSession } from './test-helpers'

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', '..', 'tests', 'fixtures', 'photo-quality')
const fixture = (name: string) => fileOf(new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))), name, 'image/jpeg')

describe.each(engines)('photo flags of uploaded documents on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const flagsOf = async (userId: number) =>
    Object.fromEntries(
      (
        await p.db
          .selectFrom('user_files')
          .select(['purpose_name', 'photo_flags'])
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => [r.purpose_name, r.photo_flags]),
    )

  it('measures each received image and stores its flags; a PDF gets none', async () => {
    const driver = await userWithSession(p)
    const res = await api.call('POST', '/users/upload-files-user', {
      headers: driver.headers,
      form: documentForm({
        padron_vehiculo_frontal: fixture('blurred-01-gases_contaminantes_frontal.jpg'),
        comprobante_domicilio: fixture('good-05-comprobante_domicilio.jpg'),
        certificado_antecedentes: fixture('dark-07-certificado_antecedentes.jpg'),
        padron_vehiculo_posterior: fixture('small-10-padron_vehiculo_frontal.jpg'),
        hoja_vida_conductor: fileOf(samplePdf, 'hoja.pdf', 'application/pdf'),
      }),
    })
    expect(res.status).toBe(201)
    expect(await flagsOf(driver.user.id)).toEqual({
      padron_vehiculo_frontal: 'blurred',
      comprobante_domicilio: '',
      certificado_antecedentes: 'dark',
      padron_vehiculo_posterior: 'small',
      hoja_vida_conductor: null,
    })
  })

  it('shows the flags in the console and filters the queue to the flagged ones', async () => {
    const driver = await userWithSession(p)
    const admin = await userWithSession(p, 'admin')
    const other = await userWithSession(p, 'User')
    await api.call('POST', '/users/upload-files-user', {
      headers: driver.headers,
      form: documentForm({
        padron_vehiculo_frontal: fixture('glare-04-padron_vehiculo_posterior.jpg'),
        comprobante_domicilio: fixture('good-05-comprobante_domicilio.jpg'),
        hoja_vida_conductor: fileOf(samplePdf, 'hoja.pdf', 'application/pdf'),
      }),
    })
    const all = await api.get('/admin/documents', admin.headers)
    expect(all.status).toBe(200)
    const flags = Object.fromEntries(
      all.body.documents.map((d: { purpose_name: string; photo_flags: string[] }) => [d.purpose_name, d.photo_flags]),
    )
    expect(flags).toEqual({ padron_vehiculo_frontal: ['glare'], comprobante_domicilio: [], hoja_vida_conductor: [] })
    const flagged = await api.get('/admin/documents?alerts=flagged', admin.headers)
    expect(flagged.body.documents.map((d: { purpose_name: string }) => d.purpose_name)).toEqual([
      'padron_vehiculo_frontal',
    ])
    expect(flagged.body.total).toBe(1)
    // An unknown value of the filter is no filter.
    expect((await api.get('/admin/documents?alerts=si', admin.headers)).body.total).toBe(3)
    const id = flagged.body.documents[0].id
    const detail = await api.get(`/admin/documents/${id}`, admin.headers)
    expect(detail.body.document.photo_flags).toEqual(['glare'])
    expect(
      detail.body.slots.find((s: { purpose_name: string }) => s.purpose_name === 'padron_vehiculo_frontal'),
    ).toMatchObject({ photo_flags: ['glare'] })
    // The console's calls stay the console's.
    expect((await api.get('/admin/documents?alerts=flagged', other.headers)).status).toBe(403)
    expect((await api.get('/admin/documents?alerts=flagged', {})).status).toBe(401)
  })
})
