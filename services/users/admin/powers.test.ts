import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '#domain/validation/admin'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { fileOf, sampleJpeg, samplePng, userWithSession, VALID_EXPIRY } from '#services/users/driver-area/test-helpers'

const fields = {
  fullNameDriver: 'Juan Andrés Peña',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'BBBB12',
  fullNameOwner: 'María José Muñoz',
  rutOwner: '11.111.111-1',
  addressOwner: 'Av. Grecia 123, Ñuñoa',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.munoz@gmail.com',
}

/** A simple power's PDF is approved only after a reviewer records the owner's signature. */
describe.each(engines)('simple power review on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  /** A driver creates a power through a link: its PDF is PENDING in the review queue. */
  async function createdPower() {
    const driver = await userWithSession(p)
    const link = await api.post('/users/create-power-simple-link', undefined, driver.headers)
    const form = new FormData()
    form.set('power', link.body.token)
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('files[cedula_identidad_frontal_owner]', fileOf(await samplePng(), 'frente.png', 'image/png'))
    form.set('files[cedula_identidad_posterior_owner]', fileOf(await sampleJpeg(), 'atras.jpg', 'image/jpeg'))
    const res = await api.call('POST', '/users/create-power-simple', { form })
    expect(res.status).toBe(201)
    return { driver, fileId: res.body.document.id_file as number, powerId: res.body.id_power as number }
  }

  it(
    'refuses «Aprobar» with 409 until the signature is recorded; records who and ' +
      'when, in the audit log; then approves',
    async () => {
      const admin = await userWithSession(p, 'admin')
      const { fileId, powerId } = await createdPower()

      const detail = await api.get(`/admin/documents/${fileId}`, admin.headers)
      expect(detail.status).toBe(200)
      expect(detail.body.power).toMatchObject({
        id: powerId,
        status: 'PENDING_SIGNATURE',
        signature: null,
        owner: { name: 'María José Muñoz', rut: '11111111-1', phone: '987654321' },
        id_images: {
          front: `/admin/powers/${powerId}/id-images/front`,
          back: `/admin/powers/${powerId}/id-images/back`,
        },
      })

      const refused = await api.post(`/admin/documents/${fileId}/review`, { decision: 'ACCEPTED' }, admin.headers)
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({ message: ADMIN_MESSAGES.signatureMissing })
      const still = await p.db
        .selectFrom('user_files')
        .select(['file_status', 'reviewed_at'])
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow()
      expect(still).toEqual({ file_status: 'PENDING', reviewed_at: null })
      expect(await p.db.selectFrom('admin_audit_log').select('id').execute()).toHaveLength(0)

      p.advance(60_000)
      const signed = await api.post(`/admin/powers/${powerId}/signature`, undefined, admin.headers)
      expect(signed.status).toBe(200)
      expect(signed.body).toMatchObject({
        message: ADMIN_MESSAGES.signatureRecorded,
        status: 'SIGNED',
        signature: { recorded_by: admin.user.email },
      })
      const row = await p.db.selectFrom('simple_powers').selectAll().where('id', '=', powerId).executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        status: 'SIGNED',
        signature_recorded_by: admin.user.email,
        signature_recorded_by_user_id: admin.user.id,
      })
      expect(row.signature_recorded_at).toBe(signed.body.signature.recorded_at)
      const log = await p.db.selectFrom('admin_audit_log').selectAll().execute()
      expect(log).toHaveLength(1)
      expect(log[0]).toMatchObject({
        action: 'power.signature',
        entity_type: 'simple_power',
        entity_id: powerId,
        actor: admin.user.email,
        admin_user_id: admin.user.id,
        created_at: row.signature_recorded_at,
      })

      // Once only: a second record changes nothing.
      const twice = await api.post(`/admin/powers/${powerId}/signature`, undefined, admin.headers)
      expect(twice.status).toBe(409)
      expect(twice.body.message).toBe(ADMIN_MESSAGES.signatureAlready)
      expect(await p.db.selectFrom('admin_audit_log').select('id').execute()).toHaveLength(1)

      // The review shows it, with the power's log beside the document's.
      const after = await api.get(`/admin/documents/${fileId}`, admin.headers)
      expect(after.body.power).toMatchObject({
        status: 'SIGNED',
        signature: { recorded_at: row.signature_recorded_at, recorded_by: admin.user.email },
      })
      expect(after.body.audit.map((a: { action: string }) => a.action)).toEqual(['power.signature'])

      const approved = await api.post(`/admin/documents/${fileId}/review`, { decision: 'ACCEPTED' }, admin.headers)
      expect(approved.status).toBe(200)
      expect(
        (await p.db.selectFrom('user_files').select('file_status').where('id', '=', fileId).executeTakeFirstOrThrow())
          .file_status,
      ).toBe('ACCEPTED')
    },
  )

  it('lets a reviewer reject an unsigned power, and approve other documents as before', async () => {
    const admin = await userWithSession(p, 'admin')
    const { fileId } = await createdPower()
    const rejected = await api.post(
      `/admin/documents/${fileId}/review`,
      { decision: 'REJECTED', reason: 'El dueño no respondió el mensaje de WhatsApp.' },
      admin.headers,
    )
    expect(rejected.status).toBe(200)
    const driver = await userWithSession(p)
    const upload = new FormData()
    upload.set('licencia_conducir_frontal', fileOf(await samplePng(), 'licencia.png', 'image/png'))
    upload.set('licencia_conducir_frontal_expires_on', VALID_EXPIRY)
    const up = await api.call('POST', '/users/upload-files-user', { form: upload, headers: driver.headers })
    expect(up.status).toBe(201)
    expect(
      (await api.post(`/admin/documents/${up.body.files[0].id_file}/review`, { decision: 'ACCEPTED' }, admin.headers))
        .status,
    ).toBe(200)
  })

  it('serves the owner ID images to the console only; unknown powers and sides are 404', async () => {
    const admin = await userWithSession(p, 'admin')
    const { driver, powerId } = await createdPower()
    const front = await api.app.request(`/admin/powers/${powerId}/id-images/front`, { headers: admin.headers })
    expect(front.status).toBe(200)
    expect(front.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await front.arrayBuffer())).toEqual(await samplePng())
    const back = await api.app.request(`/admin/powers/${powerId}/id-images/back`, { headers: admin.headers })
    expect(back.headers.get('content-type')).toBe('image/jpeg')
    expect((await api.app.request(`/admin/powers/${powerId}/id-images/side`, { headers: admin.headers })).status).toBe(
      404,
    )
    expect(
      (await api.app.request(`/admin/powers/${powerId + 99}/id-images/front`, { headers: admin.headers })).status,
    ).toBe(404)
    expect(
      (await api.app.request(`/admin/powers/${powerId}/id-images/front`, { headers: driver.headers })).status,
    ).toBe(403)
    expect((await api.post(`/admin/powers/${powerId + 99}/signature`, undefined, admin.headers)).status).toBe(404)
    expect((await api.post(`/admin/powers/abc/signature`, undefined, admin.headers)).status).toBe(404)
  })
})
