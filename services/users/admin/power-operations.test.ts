import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATA_VIEW_WINDOW_MS } from '#domain/data-views'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin-constants'
import { MESSAGES } from '#services/platform/http'
import { driverAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { readPowerIdImage, recordPowerSignature } from './power-operations'
import type { Actor } from './shared'

/** The console's simple power operations called as a script would call them, without a route in between. */
describe.each(engines)('console power operations on %s', (engine) => {
  let p: TestPlatform
  let reviewer: Actor & { userId: number }
  let driver: number
  let power: number
  let documentFile: number
  const front = new Uint8Array([0xff, 0xd8, 0xff, 1])
  const back = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2])

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    const admin = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    reviewer = { userId: admin.user.id, actor: admin.user.email }
    driver = (await driverAccount(p, 'Camila')).userId
    const ts = p.now().toISOString()
    const file = await p.db
      .insertInto('user_files')
      .values({
        user_id: driver,
        purpose_name: 'autorizacion_dueno_vehiculo',
        file_status: 'PENDING',
        storage_key: await p.files.put('documents', new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'pdf'),
        mime_type: 'application/pdf',
        size_bytes: 4,
        original_name: 'poder.pdf',
        rejection_reason: null,
        created_at: ts,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    documentFile = file.id
    const link = await p.db
      .insertInto('simple_power_links')
      .values({ user_id: driver, jti: `jti-${engine}`, created_at: ts, expires_at: ts, used_at: ts })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await p.db
      .insertInto('simple_powers')
      .values({
        user_id: driver,
        link_id: link.id,
        full_name_driver: 'Camila Pérez',
        rut_driver: p.columns.seal('rut', '11111111-1'),
        address_driver: 'Calle 1',
        nationality_driver: 'Chilena',
        vehicle_brand: 'Toyota',
        vehicle_model: 'Hiace',
        vehicle_year: 2019,
        vehicle_license_plate: 'BBBB12',
        full_name_owner: 'María José Muñoz',
        rut_owner: p.columns.seal('rut', '22222222-2'),
        address_owner: 'Calle 2',
        nationality_owner: 'Chilena',
        phone_owner: '987654321',
        email_owner: 'maria.munoz@gmail.com',
        id_front_key: await p.files.put('powers', front, 'jpg'),
        id_front_mime: 'image/jpeg',
        id_back_key: await p.files.put('powers', back, 'png'),
        id_back_mime: 'image/png',
        document_file_id: documentFile,
        status: 'PENDING_SIGNATURE',
        created_at: ts,
        signature_recorded_at: null,
        signature_recorded_by: null,
        signature_recorded_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    power = row.id
  })
  afterEach(async () => p.destroy())

  const views = async () =>
    (
      await p.db
        .selectFrom('data_views')
        .select(['viewer_user_id', 'subject_user_id', 'kind', 'item_id', 'detail'])
        .orderBy('id')
        .execute()
    ).map((r) => [r.viewer_user_id, r.subject_user_id, r.kind, r.item_id, r.detail])

  it('reads each side of the owner’s ID with its name, recorded as seen on the driver’s record', async () => {
    const f = await readPowerIdImage(p, reviewer.userId, { id: power, side: 'front' })
    expect([[...f.bytes], f.mime, f.filename]).toEqual([[...front], 'image/jpeg', `cedula-anverso-${power}.jpg`])
    // A view of the same power within DATA_VIEW_WINDOW_MS is the same view: the back is read later.
    p.advance(DATA_VIEW_WINDOW_MS)
    const b = await readPowerIdImage(p, reviewer.userId, { id: power, side: 'back' })
    expect([[...b.bytes], b.mime, b.filename]).toEqual([[...back], 'image/png', `cedula-reverso-${power}.png`])
    expect(await views()).toEqual([
      [reviewer.userId, driver, 'cedula_dueno', power, 'front'],
      [reviewer.userId, driver, 'cedula_dueno', power, 'back'],
    ])
  })

  it('answers 404 for another side or no power, FILE_REMOVED once the images are gone; records nothing', async () => {
    const notFound = { status: 404, messages: MESSAGES.notFound }
    await expect(readPowerIdImage(p, reviewer.userId, { id: power, side: 'lado' })).rejects.toMatchObject(notFound)
    await expect(readPowerIdImage(p, reviewer.userId, { id: 999_999, side: 'front' })).rejects.toMatchObject(notFound)
    await p.db
      .updateTable('simple_powers')
      .set({ id_images_purged_at: p.now().toISOString() })
      .where('id', '=', power)
      .execute()
    await expect(readPowerIdImage(p, reviewer.userId, { id: power, side: 'front' })).rejects.toMatchObject({
      status: 404,
      messages: FILE_REMOVED,
    })
    expect(await views()).toEqual([])
  })

  it('records the owner’s signature once, on the power and in the audit log; again is 409, none is 404', async () => {
    const before = p.now().getTime()
    const recorded = await recordPowerSignature(p, reviewer, { id: power })
    const at = recorded.signature.recorded_at
    expect(recorded).toEqual({
      message: ADMIN_MESSAGES.signatureRecorded,
      id: power,
      status: 'SIGNED',
      signature: { recorded_at: at, recorded_by: reviewer.actor },
    })
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before)
    p.advance(60_000)
    await expect(recordPowerSignature(p, reviewer, { id: power })).rejects.toMatchObject({
      status: 409,
      messages: ADMIN_MESSAGES.signatureAlready,
    })
    await expect(recordPowerSignature(p, reviewer, { id: 999_999 })).rejects.toMatchObject({ status: 404 })
    expect(
      await p.db
        .selectFrom('simple_powers')
        .select(['status', 'signature_recorded_at', 'signature_recorded_by', 'signature_recorded_by_user_id'])
        .where('id', '=', power)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'SIGNED',
      signature_recorded_at: at,
      signature_recorded_by: reviewer.actor,
      signature_recorded_by_user_id: reviewer.userId,
    })
    const log = await p.db.selectFrom('admin_audit_log').selectAll().execute()
    expect(log.map((r) => [r.admin_user_id, r.action, r.entity_type, r.entity_id])).toEqual([
      [reviewer.userId, 'power.signature', 'simple_power', power],
    ])
    expect(JSON.parse(log[0]!.after_json!)).toEqual({
      status: 'SIGNED',
      signature_recorded_at: at,
      signature_recorded_by: reviewer.actor,
      document_file_id: documentFile,
      user_id: driver,
    })
  })
})
