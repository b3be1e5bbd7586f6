import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authenticate, type AuthContext } from '#services/platform/auth'
import { hashPassword } from '#services/platform/crypto'
import type { Role } from '#services/platform/db/schema'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { secretFromTyping } from '#services/testing/second-factor'
import { RECOVERY_CODE_COUNT, totpCodeAt, TOTP_STEP_MS } from './second-factor'
import {
  confirmSecondFactor,
  disableSecondFactor,
  FACTOR_MESSAGES,
  getSecondFactor,
  reauthenticate,
  startSecondFactorEnrolment,
  verifySecondFactor,
} from './second-factor-operations'
import { startSession } from './session-object'

const PASSWORD = 'Consola2026'

/** The second-factor operations called as a script would call them, without a route in between. */
describe.each(engines)('second factor operations on %s', (engine) => {
  let p: TestPlatform

  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  /** An account with PASSWORD written straight to the database. */
  async function account(role: Role, email: string) {
    const now = p.now().toISOString()
    return p.db
      .insertInto('users')
      .values({
        role,
        email,
        password_hash: await hashPassword(PASSWORD),
        firstname: 'Olga',
        lastname: 'Operaciones',
        email_verified: 1,
        staff_role: role === 'admin' ? 'administrador' : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  }
  type Account = Awaited<ReturnType<typeof account>>

  /** A new login's session, as the role check hands it to a route. */
  const sessionOf = async (user: Account): Promise<AuthContext> => (await authenticate(p, await startSession(p, user)))!
  const stored = (sessionId: string) =>
    p.db
      .selectFrom('sessions')
      .select(['factor_pending', 'reauth_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
  const rows = async (userId: number) => ({
    factors: await p.db.selectFrom('totp_factors').select('confirmed_at').where('user_id', '=', userId).execute(),
    unused: (
      await p.db
        .selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute()
    ).length,
  })

  /** Enrols an app for the session's account and confirms it: the app's secret and the recovery codes. */
  async function enrol(session: AuthContext) {
    const secret = secretFromTyping((await startSecondFactorEnrolment(p, session)).secret)
    const { recovery_codes } = await confirmSecondFactor(p, session, { code: totpCodeAt(secret, p.now()) })
    p.advance(TOTP_STEP_MS)
    return { secret, recoveryCodes: recovery_codes }
  }

  it('enrols a console app: the same secret until a code confirms it, then the recovery codes once', async () => {
    const olga = await account('admin', 'olga@fleeters.cl')
    const session = await sessionOf(olga)
    expect(await getSecondFactor(p, session)).toEqual({
      state: 'enrol',
      enabled: false,
      recovery_left: 0,
      required: true,
    })
    await expect(confirmSecondFactor(p, session, { code: '123456' })).rejects.toMatchObject({
      status: 409,
      messages: FACTOR_MESSAGES.notEnrolling,
    })

    const started = await startSecondFactorEnrolment(p, session)
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/Fleeters:olga%40fleeters\.cl\?/)
    expect(started.qr_svg).toContain('<svg')
    expect((await startSecondFactorEnrolment(p, session)).secret).toBe(started.secret)
    const secret = secretFromTyping(started.secret)
    const right = totpCodeAt(secret, p.now())
    await expect(
      confirmSecondFactor(p, session, { code: right === '000000' ? '111111' : '000000' }),
    ).rejects.toMatchObject({ status: 400, messages: FACTOR_MESSAGES.wrongCode })
    expect((await rows(olga.id)).factors).toEqual([{ confirmed_at: null }])

    const confirmed = await confirmSecondFactor(p, session, { code: right })
    expect(confirmed.message).toBe(FACTOR_MESSAGES.enrolled)
    expect(confirmed.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(await rows(olga.id)).toEqual({ factors: [{ confirmed_at: expect.any(String) }], unused: 10 })
    expect(await stored(session.sessionId)).toEqual({ factor_pending: 0, reauth_at: expect.any(String) })
    expect(await getSecondFactor(p, (await authenticate(p, session.token))!)).toEqual({
      state: 'ok',
      enabled: true,
      recovery_left: RECOVERY_CODE_COUNT,
      required: true,
    })
    await expect(startSecondFactorEnrolment(p, session)).rejects.toMatchObject({
      status: 409,
      messages: FACTOR_MESSAGES.alreadyEnabled,
    })
  })

  it('passes a login’s code step with an app code or a recovery code, each once', async () => {
    const olga = await account('admin', 'olga@fleeters.cl')
    const { secret, recoveryCodes } = await enrol(await sessionOf(olga))

    const first = await sessionOf(olga)
    expect((await getSecondFactor(p, first)).state).toBe('verify')
    const code = totpCodeAt(secret, p.now())
    expect(await verifySecondFactor(p, first, { code })).toEqual({ message: FACTOR_MESSAGES.verified })
    expect((await stored(first.sessionId)).factor_pending).toBe(0)

    const second = await sessionOf(olga)
    const refused = { status: 400, messages: FACTOR_MESSAGES.wrongCode }
    await expect(verifySecondFactor(p, second, { code })).rejects.toMatchObject(refused)
    expect(await verifySecondFactor(p, second, { code: recoveryCodes[0]! })).toEqual({
      message: FACTOR_MESSAGES.verified,
    })
    expect((await rows(olga.id)).unused).toBe(RECOVERY_CODE_COUNT - 1)
    const third = await sessionOf(olga)
    await expect(verifySecondFactor(p, third, { code: recoveryCodes[0]! })).rejects.toMatchObject(refused)
    expect(await stored(third.sessionId)).toEqual({ factor_pending: 1, reauth_at: null })

    const andes = await sessionOf(await account('business', 'andes@example.cl'))
    await expect(verifySecondFactor(p, andes, { code })).rejects.toMatchObject({
      status: 409,
      messages: FACTOR_MESSAGES.notEnabled,
    })
  })

  it('takes the password or an app code as a fresh proof of identity', async () => {
    const olga = await account('admin', 'olga@fleeters.cl')
    const session = await sessionOf(olga)
    const { secret } = await enrol(session)
    await p.db.updateTable('sessions').set({ reauth_at: null }).where('id', '=', session.sessionId).execute()

    await expect(reauthenticate(p, session, { password: 'otraClave99' })).rejects.toMatchObject({
      status: 400,
      messages: FACTOR_MESSAGES.wrongPassword,
    })
    expect((await stored(session.sessionId)).reauth_at).toBeNull()
    expect(await reauthenticate(p, session, { password: PASSWORD })).toEqual({
      message: FACTOR_MESSAGES.reauthenticated,
    })
    const proved = (await stored(session.sessionId)).reauth_at
    expect(proved).not.toBeNull()

    p.advance(60_000)
    expect(await reauthenticate(p, session, { code: totpCodeAt(secret, p.now()) })).toEqual({
      message: FACTOR_MESSAGES.reauthenticated,
    })
    expect((await stored(session.sessionId)).reauth_at! > proved!).toBe(true)
  })

  it('lets a company turn its second factor off with the password and a code', async () => {
    const andes = await account('business', 'andes@example.cl')
    const session = await sessionOf(andes)
    expect(await getSecondFactor(p, session)).toEqual({
      state: 'ok',
      enabled: false,
      recovery_left: 0,
      required: false,
    })
    await expect(disableSecondFactor(p, session, { password: PASSWORD, code: '123456' })).rejects.toMatchObject({
      status: 409,
      messages: FACTOR_MESSAGES.notEnabled,
    })

    const { secret } = await enrol(session)
    const code = totpCodeAt(secret, p.now())
    await expect(disableSecondFactor(p, session, { password: 'otraClave99', code })).rejects.toMatchObject({
      status: 400,
      messages: FACTOR_MESSAGES.wrongPassword,
    })
    expect((await rows(andes.id)).factors).toHaveLength(1)
    expect(await disableSecondFactor(p, session, { password: PASSWORD, code })).toEqual({
      message: FACTOR_MESSAGES.disabled,
    })
    expect(await rows(andes.id)).toEqual({ factors: [], unused: 0 })
    expect(await getSecondFactor(p, session)).toMatchObject({ enabled: false, required: false })
  })
})
