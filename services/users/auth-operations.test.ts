import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authenticate, type AuthContext } from '#services/platform/auth'
import { hashPassword, verifyPassword } from '#services/platform/crypto'
import type { Role } from '#services/platform/db/schema'
import { MESSAGES } from '#services/platform/http'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import {
  AUTH_MESSAGES,
  confirmPasswordReset,
  getSessionUser,
  login,
  LOGIN_ACCOUNT_FAILURES,
  logout,
  refreshDriverSession,
  requestPasswordReset,
  verifyEmailCode,
} from './auth-operations'

const PASSWORD = 'clave1234'
const device = 'Chrome en Windows'

/** The authentication operations called as a script would call them, without a route in between. */
describe.each(engines)('auth operations on %s', (engine) => {
  let p: TestPlatform

  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  /** An account with PASSWORD written straight to the database. */
  async function account(email: string, { role = 'User', verified = true }: { role?: Role; verified?: boolean } = {}) {
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('users')
      .values({
        role,
        email,
        password_hash: await hashPassword(PASSWORD),
        firstname: 'Camila',
        lastname: 'Pérez',
        email_verified: verified ? 1 : 0,
        staff_role: role === 'admin' ? 'revisor' : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** The session a token names, as the role check hands it to a route. */
  const sessionOf = async (token: string): Promise<AuthContext> => (await authenticate(p, token))!
  /** The token of a login that started a session. */
  const tokenOf = (answer: Awaited<ReturnType<typeof login>>) => {
    if (!('token_jwt' in answer)) throw new Error('the login started no session')
    return answer.token_jwt
  }
  const sessionsOf = (userId: number) =>
    p.db.selectFrom('sessions').select(['device', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute()

  it('logs a verified account in with the browser it came from; 401 alike for a wrong password and none', async () => {
    const id = await account('camila@example.cl')
    const session = await login(p, { email: 'Camila@Example.cl', password: PASSWORD, device })
    expect(session).toMatchObject({
      message: AUTH_MESSAGES.loggedIn,
      role: 'User',
      email: 'camila@example.cl',
      email_verification: false,
    })
    expect(session).not.toHaveProperty('second_factor')
    expect(await sessionsOf(id)).toEqual([{ device, revoked_at: null }])
    expect((await sessionOf(tokenOf(session))).userId).toBe(id)

    const refused = { status: 401, messages: AUTH_MESSAGES.badCredentials }
    await expect(login(p, { email: 'camila@example.cl', password: 'otraClave99', device })).rejects.toMatchObject(
      refused,
    )
    await expect(login(p, { email: 'nadie@example.cl', password: PASSWORD, device })).rejects.toMatchObject(refused)
    expect(await sessionsOf(id)).toHaveLength(1)
  })

  it('mails an unverified account a code; the code verifies the email and starts a session, once', async () => {
    const id = await account('camila@example.cl', { verified: false })
    const step = await login(p, { email: 'camila@example.cl', password: PASSWORD, device })
    expect(step).toMatchObject({ message: AUTH_MESSAGES.codeSent, email_verification: true })
    expect(await sessionsOf(id)).toEqual([])
    const token = step.email_one_time_token as string
    const code = codeFrom((await outbox(p, 'camila@example.cl')).at(-1)!.body_text)
    const wrongCode = code === '000000' ? '111111' : '000000'
    await expect(verifyEmailCode(p, { code: wrongCode, token, device })).rejects.toMatchObject({
      status: 400,
      messages: AUTH_MESSAGES.codeWrong,
    })

    expect(await verifyEmailCode(p, { code, token, device })).toMatchObject({
      message: AUTH_MESSAGES.verified,
      security_user: { email_verified: true },
    })
    const user = await p.db.selectFrom('users').select('email_verified').where('id', '=', id).executeTakeFirstOrThrow()
    expect(user.email_verified).toBe(1)
    expect(await sessionsOf(id)).toEqual([{ device, revoked_at: null }])
    const stored = await p.db.selectFrom('email_verifications').selectAll().executeTakeFirstOrThrow()
    expect([stored.attempts, stored.consumed_at !== null]).toEqual([2, true])
    await expect(verifyEmailCode(p, { code, token, device })).rejects.toMatchObject({
      status: 400,
      messages: AUTH_MESSAGES.codeInvalid,
    })
  })

  it('over the account’s failure limit, mails its owner once and asks the right password for a code', async () => {
    const id = await account('camila@example.cl')
    for (let i = 0; i < LOGIN_ACCOUNT_FAILURES.limit; i++)
      await expect(login(p, { email: 'camila@example.cl', password: 'otraClave99', device })).rejects.toMatchObject({
        status: 401,
      })
    const mails = await outbox(p, 'camila@example.cl')
    expect(mails.map((m) => m.subject)).toEqual(['Intentos fallidos de inicio de sesión en tu cuenta de Fleeters'])

    const step = await login(p, { email: 'camila@example.cl', password: PASSWORD, device })
    expect(step).toEqual({
      message: AUTH_MESSAGES.codeRequired,
      email: 'camila@example.cl',
      email_verification: true,
      email_one_time_token: expect.any(String),
    })
    expect(await sessionsOf(id)).toEqual([])
    expect(await outbox(p, 'camila@example.cl')).toHaveLength(2)
  })

  it('mails a reset link to a known email only; the link sets the password once and ends every session', async () => {
    const id = await account('camila@example.cl')
    const before = await login(p, { email: 'camila@example.cl', password: PASSWORD, device })
    expect(await requestPasswordReset(p, { email: 'nadie@example.cl' })).toEqual({ message: AUTH_MESSAGES.resetSent })
    expect(await outbox(p)).toEqual([])
    expect(await requestPasswordReset(p, { email: 'CAMILA@example.cl' })).toEqual({ message: AUTH_MESSAGES.resetSent })
    const [mail] = await outbox(p, 'camila@example.cl')
    const token = decodeURIComponent(/token=([^\s"&)]+)/.exec(mail!.body_text)![1]!)

    expect(await confirmPasswordReset(p, { token, password: 'nuevaClave2026' })).toEqual({
      message: AUTH_MESSAGES.resetDone,
    })
    const user = await p.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()
    expect(await verifyPassword('nuevaClave2026', user.password_hash)).toBe(true)
    expect((await sessionsOf(id)).every((s) => s.revoked_at !== null)).toBe(true)
    expect(await authenticate(p, tokenOf(before))).toBeNull()
    await expect(confirmPasswordReset(p, { token, password: 'otraClave2026' })).rejects.toMatchObject({
      status: 400,
      messages: AUTH_MESSAGES.resetInvalid,
    })
  })

  it('answers who a session belongs to, refreshes a driver’s, and ends one', async () => {
    await account('camila@example.cl')
    await account('olga@fleeters.cl', { role: 'admin' })
    const driver = await sessionOf(tokenOf(await login(p, { email: 'camila@example.cl', password: PASSWORD, device })))
    const admin = await sessionOf(tokenOf(await login(p, { email: 'olga@fleeters.cl', password: PASSWORD, device })))

    const driverUser = await getSessionUser(p, driver)
    expect(driverUser).toMatchObject({ role: 'User', email: 'camila@example.cl', email_verified: true })
    expect(driverUser).not.toHaveProperty('second_factor')
    expect(driverUser).not.toHaveProperty('staff_role')
    expect(await getSessionUser(p, admin)).toMatchObject({
      role: 'admin',
      second_factor: 'enrol',
      staff_role: 'revisor',
    })
    expect(await refreshDriverSession(p, driver)).toMatchObject({
      message: AUTH_MESSAGES.refreshed,
      token_jwt: driver.token,
      email: 'camila@example.cl',
    })

    expect(await logout(p, driver)).toEqual({ message: AUTH_MESSAGES.loggedOut })
    const row = await p.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', driver.sessionId)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).not.toBeNull()
    expect(await authenticate(p, driver.token)).toBeNull()
    expect(await authenticate(p, admin.token)).not.toBeNull()

    await p.db.deleteFrom('sessions').where('user_id', '=', admin.userId).execute()
    await p.db.deleteFrom('users').where('id', '=', admin.userId).execute()
    await expect(getSessionUser(p, admin)).rejects.toMatchObject({ status: 401, messages: MESSAGES.unauthorized })
  })
})
