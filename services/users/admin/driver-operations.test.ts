import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '#services/platform/http'
import { driverAccount, type Account } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { DRIVERS_PAGE_SIZE, driverDataViews, listDrivers, readDriver } from './driver-operations'

/** The console's driver operations called as a script would call them, without a route in between. */
describe.each(engines)('console driver operations on %s', (engine) => {
  let p: TestPlatform
  let staff: number
  let camila: Account
  let pedro: Account
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    const now = p.now().toISOString()
    const admin = await p.db
      .insertInto('users')
      .values({
        role: 'admin',
        email: 'revisora@fleeters.cl',
        password_hash: 'x',
        firstname: 'Rita',
        lastname: 'Revisora',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: null,
        staff_role: 'revisor',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    staff = admin.id
    camila = await driverAccount(p, 'Camila')
    p.advance(60_000)
    pedro = await driverAccount(p, 'Pedro')
    // Pedro's RUT, encrypted in its column (decision 80), and two documents: one accepted, one pending.
    await p.db
      .updateTable('users')
      .set({ rut: p.columns.seal('rut', '12345678-5'), rut_hmac: p.columns.hash('rut', '12345678-5') })
      .where('id', '=', pedro.userId)
      .execute()
    const file = { user_id: pedro.userId, mime_type: 'application/pdf', size_bytes: 1 }
    const at = { original_name: 'x.pdf', rejection_reason: null, created_at: p.now().toISOString(), reviewed_at: null }
    await p.db
      .insertInto('user_files')
      .values([
        { ...file, ...at, storage_key: 'k1', purpose_name: 'cedula_identidad_frontal', file_status: 'ACCEPTED' },
        { ...file, ...at, storage_key: 'k2', purpose_name: 'licencia_conducir_frontal', file_status: 'PENDING' },
      ])
      .execute()
  })
  afterEach(async () => p.destroy())

  const rutViews = async () =>
    (
      await p.db
        .selectFrom('data_views')
        .select(['viewer_user_id', 'viewer_kind', 'subject_user_id', 'kind', 'item_id'])
        .orderBy('id')
        .execute()
    ).map((r) => [r.viewer_user_id, r.viewer_kind, r.subject_user_id, r.kind, r.item_id])

  it('lists the drivers newest first with their documents counted; the RUTs shown are recorded', async () => {
    const list = await listDrivers(p, staff, {})
    expect(list).toMatchObject({ count: 2, page: 1, page_size: DRIVERS_PAGE_SIZE, validated_total: 0 })
    expect(list.drivers.map((d) => [d.id, d.rut, d.documents, d.validated])).toEqual([
      [pedro.userId, '12345678-5', { accepted: 1, pending: 1, rejected: 0, expired: 0, total: 22 }, false],
      [camila.userId, null, { accepted: 0, pending: 0, rejected: 0, expired: 0, total: 22 }, false],
    ])
    // Only a driver whose RUT the page showed: Camila has none.
    expect(await rutViews()).toEqual([[staff, 'staff', pedro.userId, 'rut', pedro.userId]])
  })

  it('finds drivers by name, email or whole RUT, keeps the page in range, and filters the validated', async () => {
    const found = async (q: string) => (await listDrivers(p, staff, { q })).drivers.map((d) => d.id)
    expect(await found('  CAMILA ')).toEqual([camila.userId])
    expect(await found(pedro.email.toUpperCase())).toEqual([pedro.userId])
    expect(await found('12.345.678-5')).toEqual([pedro.userId])
    expect(await found('12.345')).toEqual([])
    expect(await found('%')).toEqual([])
    expect((await listDrivers(p, staff, { page: 0 })).page).toBe(1)
    expect((await listDrivers(p, staff, { page: Number.NaN })).page).toBe(1)
    const far = await listDrivers(p, staff, { page: 99_999 })
    expect([far.page, far.count, far.drivers]).toEqual([10_000, 2, []])
    expect(await listDrivers(p, staff, { validated: true })).toMatchObject({ drivers: [], count: 0 })
  })

  it('reads one driver with the RUT in clear, recorded as seen and listed in the trail; none is 404', async () => {
    const detail = await readDriver(p, staff, { id: pedro.userId })
    expect(detail.driver).toMatchObject({ id: pedro.userId, rut: '12345678-5', email: pedro.email })
    expect(detail.documents).toEqual({ accepted: 1, total: 22 })
    expect(detail.validated).toBe(false)
    expect(detail.slots.find((s) => s.purpose_name === 'licencia_conducir_frontal')).toMatchObject({
      file_status: 'PENDING',
    })
    expect([detail.experience, detail.applications, detail.powers, detail.reviews]).toEqual([[], [], [], []])
    expect(await rutViews()).toEqual([[staff, 'staff', pedro.userId, 'rut', pedro.userId]])

    const trail = await driverDataViews(p, { id: pedro.userId, page: 1 })
    expect(trail.count).toBe(1)
    expect(trail.views.map((v) => [v.viewer_kind, v.viewer_email, v.viewer_name, v.kind])).toEqual([
      ['staff', 'revisora@fleeters.cl', 'Rita Revisora', 'rut'],
    ])
    expect((await driverDataViews(p, { id: camila.userId, page: 1 })).views).toEqual([])

    for (const id of [staff, 999_999]) {
      await expect(readDriver(p, staff, { id })).rejects.toMatchObject({ status: 404, messages: MESSAGES.notFound })
      await expect(driverDataViews(p, { id, page: 1 })).rejects.toMatchObject({ status: 404 })
    }
  })
})
