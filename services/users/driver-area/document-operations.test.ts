import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import { DOCUMENT_MESSAGES, listDocuments, uploadDocuments } from './document-operations'
import type { DriverActor } from './shared'
import {
  documentForm,
  fileOf,
  formWith,
  platformWithDrivers,
  sampleExe,
  samplePdf,
  samplePng,
  VALID_EXPIRY,
} from './test-helpers'

/** The document operations called as a script would call them, without a route in between. */
describe.each(engines)('driver document operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor

  beforeEach(async () => ({ p, camila, pedro } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const stored = () =>
    p.db
      .selectFrom('user_files')
      .select(['id', 'user_id', 'purpose_name', 'file_status', 'mime_type', 'expires_on', 'storage_key'])
      .orderBy('id')
      .execute()

  it('stores each file as a PENDING record with its expiry, and lists the latest record of each slot', async () => {
    const first = await uploadDocuments(
      p,
      camila,
      documentForm({
        soap_frontal: fileOf(samplePdf, 'soap.pdf'),
        certificado_antecedentes: fileOf(await samplePng(), 'certificado.png'),
      }),
    )
    expect(first.message).toBe(DOCUMENT_MESSAGES.uploaded)
    const rows = await stored()
    expect(rows.map((r) => [r.user_id, r.purpose_name, r.file_status, r.mime_type, r.expires_on])).toEqual([
      [camila.userId, 'soap_frontal', 'PENDING', 'application/pdf', VALID_EXPIRY],
      [camila.userId, 'certificado_antecedentes', 'PENDING', 'image/png', null],
    ])
    expect(await p.files.get(rows[0]!.storage_key)).toEqual(samplePdf)
    expect(first.files.map((f) => f.id_file)).toEqual(rows.map((r) => r.id))

    // A new upload of a slot is a new row; the list gives the latest one, in the slots' order.
    const again = await uploadDocuments(p, camila, documentForm({ soap_frontal: fileOf(await samplePng(), 's.png') }))
    expect(await stored()).toHaveLength(3)
    expect((await listDocuments(p, camila)).map((r) => [r.purpose_name, r.id_file, r.expires_on])).toEqual([
      ['certificado_antecedentes', rows[1]!.id, undefined],
      ['soap_frontal', again.files[0]!.id_file, VALID_EXPIRY],
    ])
    expect(await listDocuments(p, pedro)).toEqual([])
  })

  it('writes nothing when one file of the form breaks a rule: all or nothing', async () => {
    const good = fileOf(await samplePng(), 'certificado.png')
    await expect(
      uploadDocuments(
        p,
        camila,
        documentForm({ certificado_antecedentes: good, hoja_vida_conductor: fileOf(sampleExe, 'h.jpg') }),
      ),
    ).rejects.toMatchObject({ status: 400, messages: DOCUMENT_MESSAGES.invalidType })
    // A kind that expires without its date beside it.
    await expect(
      uploadDocuments(
        p,
        camila,
        formWith({ certificado_antecedentes: good, soap_frontal: fileOf(samplePdf, 's.pdf') }),
      ),
    ).rejects.toMatchObject({ status: 400 })
    await expect(uploadDocuments(p, camila, formWith({ nota: 'sin archivos' }))).rejects.toMatchObject({
      status: 400,
      messages: DOCUMENT_UPLOAD.messages.required,
    })
    expect(await stored()).toEqual([])
  })
})
