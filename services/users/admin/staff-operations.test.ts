import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StaffRole } from '#services/platform/db/schema-staff'
import { MESSAGES } from '#services/platform/http'
import { driverAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import type { Actor } from './shared'
import { changeStaffRole, listStaff, STAFF_MESSAGES } from './staff-operations'

/** The console's team operations called as a script would call them, without a route in between. */
describe.each(engines)('console staff operations on %s', (engine) => {
  let p: TestPlatform
  let olga: number
  let rita: number
  let driver: number
  let olgaActs: Actor

  /** A console account written straight to the database. */
  async function staffAccount(email: string, firstname: string, staffRole: StaffRole | null) {
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('users')
      .values({
        role: 'admin',
        email,
        password_hash: 'x',
        firstname,
        lastname: 'Equipo',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: null,
        staff_role: staffRole,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    rita = await staffAccount('rita@fleeters.cl', 'Rita', null)
    olga = await staffAccount('olga@fleeters.cl', 'Olga', 'administrador')
    olgaActs = { userId: olga, actor: 'olga@fleeters.cl' }
    driver = (await driverAccount(p, 'Camila')).userId
    const now = p.now().toISOString()
    await p.db
      .insertInto('totp_factors')
      .values({ user_id: olga, secret_sealed: 'x', confirmed_at: now, last_step: null, created_at: now })
      .execute()
  })
  afterEach(async () => p.destroy())

  const auditLog = async () =>
    (
      await p.db
        .selectFrom('admin_audit_log')
        .select(['admin_user_id', 'actor', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, before_json: JSON.parse(r.before_json!), after_json: JSON.parse(r.after_json!) }))
  const roleOf = async (id: number) =>
    (await p.db.selectFrom('users').select('staff_role').where('id', '=', id).executeTakeFirstOrThrow()).staff_role

  it('lists only the console accounts, by email, a missing role read as revisor, the second factor shown', async () => {
    const { staff } = await listStaff(p)
    expect(staff.map((s) => [s.id, s.email, s.firstname, s.staff_role, s.factor_enabled])).toEqual([
      [olga, 'olga@fleeters.cl', 'Olga', 'administrador', true],
      [rita, 'rita@fleeters.cl', 'Rita', 'revisor', false],
    ])
  })

  it('changes another account’s role, audited with the role it had; the same role again logs nothing', async () => {
    expect(await changeStaffRole(p, olgaActs, { id: rita, role: 'administrador' })).toEqual({
      message: STAFF_MESSAGES.roleChanged,
    })
    expect(await roleOf(rita)).toBe('administrador')
    expect(await changeStaffRole(p, olgaActs, { id: rita, role: 'administrador' })).toEqual({
      message: STAFF_MESSAGES.roleChanged,
    })
    expect(await auditLog()).toEqual([
      {
        admin_user_id: olga,
        actor: 'olga@fleeters.cl',
        action: 'staff.role',
        entity_type: 'user',
        entity_id: rita,
        before_json: { staff_role: null },
        after_json: { staff_role: 'administrador' },
      },
    ])
    expect((await listStaff(p)).staff.find((s) => s.id === rita)!.staff_role).toBe('administrador')
  })

  it('refuses one’s own role (409) and anything but a console account (404), changing nothing', async () => {
    await expect(changeStaffRole(p, olgaActs, { id: olga, role: 'revisor' })).rejects.toMatchObject({
      status: 409,
      messages: STAFF_MESSAGES.ownRole,
    })
    for (const id of [driver, 999_999])
      await expect(changeStaffRole(p, olgaActs, { id, role: 'administrador' })).rejects.toMatchObject({
        status: 404,
        messages: MESSAGES.notFound,
      })
    expect([await roleOf(olga), await roleOf(driver)]).toEqual(['administrador', null])
    expect(await auditLog()).toEqual([])
  })
})
