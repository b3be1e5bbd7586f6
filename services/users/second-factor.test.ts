import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { REAUTH_REQUIRED_MESSAGE, STAFF_ROLE_FORBIDDEN_MESSAGE } from '#domain/validation/staff'
import { CONSOLE_IDLE_MS, FACTOR_PENDING_MESSAGE } from '#services/platform/auth'
import { hashPassword } from '#services/platform/crypto'
import { companyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { enrolFactor } from '#services/testing/second-factor'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { totpCodeAt, TOTP_STEP_MS } from './second-factor'
import { FACTOR_MESSAGES } from './second-factor-operations'

const PASSWORD = 'Consola2026'

describe.each(engines)('second factor and staff roles on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  /** A console account with a password, as `npm run admin:create` and the link leave it. */
  async function consoleAccount(email: string, staffRole: 'revisor' | 'administrador' = 'administrador') {
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('users')
      .values({
        role: 'admin',
        email,
        password_hash: await hashPassword(PASSWORD),
        firstname: 'Olga',
        lastname: 'Operaciones',
        email_verified: 1,
        staff_role: staffRole,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const login = async (email: string, password = PASSWORD) => {
    const res = await api.post('/auth/login', { email, password })
    expect(res.status).toBe(200)
    return { body: res.body, headers: { 'auth-admin': res.body.token_jwt as string } }
  }

  it(
    'a console login must enrol an app, then type a code (TOTP or a recovery code, ' +
      'each once) before any console call',
    async () => {
      await consoleAccount('olga@fleeters.cl')
      const first = await login('olga@fleeters.cl')
      expect(first.body.second_factor).toBe('enrol')
      // The token opens nothing of the console yet, only the second-factor step and the session check.
      const refused = await api.get('/admin/summary', first.headers)
      expect(refused.status).toBe(401)
      expect(refused.body.message).toBe(FACTOR_PENDING_MESSAGE)
      expect((await api.get('/auth/session/admin', first.headers)).body.second_factor).toBe('enrol')
      // Verifying before enrolling, or confirming a wrong code: refused, nothing written.
      expect((await api.post('/auth/second-factor/admin/verify', { code: '123456' }, first.headers)).status).toBe(409)
      const started = await api.post('/auth/second-factor/admin/enrol', undefined, first.headers)
      expect(started.status).toBe(200)
      expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Fleeters:olga%40fleeters\.cl\?/)
      expect(started.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
      // Reloading the page shows the same secret (the app may have scanned it already).
      expect((await api.post('/auth/second-factor/admin/enrol', undefined, first.headers)).body.secret).toBe(
        started.body.secret,
      )
      expect((await api.post('/auth/second-factor/admin/confirm', { code: 'abc' }, first.headers)).status).toBe(400)
      const { secret, recoveryCodes } = await enrolFactor(p, api, first.headers)
      expect(recoveryCodes).toHaveLength(10)
      expect(new Set(recoveryCodes).size).toBe(10)
      expect((await api.get('/admin/summary', first.headers)).status).toBe(200)
      // Confirmed: the enrolment cannot start again (a stolen password cannot replace the app).
      expect((await api.post('/auth/second-factor/admin/enrol', undefined, first.headers)).status).toBe(409)

      // The secret is stored sealed, the recovery codes hashed: neither readable in the database.
      const stored = await p.db.selectFrom('totp_factors').selectAll().executeTakeFirstOrThrow()
      expect(stored.secret_sealed).not.toContain(started.body.secret.replace(/\s/g, ''))
      expect(Buffer.from(stored.secret_sealed, 'base64url').includes(Buffer.from(secret))).toBe(false)
      const hashes = await p.db.selectFrom('recovery_codes').select('code_hash').execute()
      expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0])

      // The next login asks for a code; without one, or with a wrong one, the session stays locked.
      const second = await login('olga@fleeters.cl')
      expect(second.body.second_factor).toBe('verify')
      expect((await api.post('/auth/second-factor/admin/verify', {}, second.headers)).status).toBe(400)
      const wrong = await api.post(
        '/auth/second-factor/admin/verify',
        { code: '000000' === totpCodeAt(secret, p.now()) ? '111111' : '000000' },
        second.headers,
      )
      expect(wrong.status).toBe(400)
      expect(wrong.body.message).toBe(FACTOR_MESSAGES.wrongCode)
      expect((await api.get('/admin/summary', second.headers)).status).toBe(401)
      const code = totpCodeAt(secret, p.now())
      expect((await api.post('/auth/second-factor/admin/verify', { code }, second.headers)).status).toBe(200)
      expect((await api.get('/admin/summary', second.headers)).status).toBe(200)
      // The same code again (replayed within its 30 seconds) does not open a third session.
      const third = await login('olga@fleeters.cl')
      expect((await api.post('/auth/second-factor/admin/verify', { code }, third.headers)).status).toBe(400)
      // A recovery code (typed in capitals, without hyphen) opens it, once.
      const recovery = recoveryCodes[3]!
      expect(
        (
          await api.post(
            '/auth/second-factor/admin/verify',
            { code: recovery.replace('-', '').toUpperCase() },
            third.headers,
          )
        ).status,
      ).toBe(200)
      expect((await api.get('/admin/summary', third.headers)).status).toBe(200)
      const fourth = await login('olga@fleeters.cl')
      expect((await api.post('/auth/second-factor/admin/verify', { code: recovery }, fourth.headers)).status).toBe(400)
      const status = await api.get('/auth/second-factor/admin', third.headers)
      expect(status.body).toEqual({ state: 'ok', enabled: true, recovery_left: 9, required: true })
      // A code of the next step works on the fourth.
      p.advance(TOTP_STEP_MS)
      expect(
        (await api.post('/auth/second-factor/admin/verify', { code: totpCodeAt(secret, p.now()) }, fourth.headers))
          .status,
      ).toBe(200)
    },
  )

  it('the code step is limited per account, whatever the address', async () => {
    await consoleAccount('olga@fleeters.cl')
    const first = await login('olga@fleeters.cl')
    const { secret } = await enrolFactor(p, api, first.headers)
    const second = await login('olga@fleeters.cl')
    const right = totpCodeAt(secret, p.now())
    const wrongCode = right === '000000' ? '111111' : '000000'
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await api.call('POST', '/auth/second-factor/admin/verify', {
        json: { code: wrongCode },
        headers: { ...second.headers, 'x-fleeters-client-ip': `10.0.0.${i}` },
      })
      statuses.push(res.status)
    }
    expect(statuses.every((s) => s === 400)).toBe(true)
    // The 11th, even the right code from a new address: 429.
    expect((await api.post('/auth/second-factor/admin/verify', { code: right }, second.headers)).status).toBe(429)
  })

  it('a console session ends after 12 hours without a request; a company session does not', async () => {
    const admin = await userWithSession(p, 'admin')
    const company = await companyAccount(p)
    expect((await api.get('/admin/summary', admin.headers)).status).toBe(200)
    p.advance(CONSOLE_IDLE_MS - 60_000)
    expect((await api.get('/admin/summary', admin.headers)).status).toBe(200)
    // Each request keeps it alive; 12 hours after the last one it is over.
    p.advance(CONSOLE_IDLE_MS)
    expect((await api.get('/admin/summary', admin.headers)).status).toBe(401)
    expect((await api.get('/auth/session/admin', admin.headers)).status).toBe(401)
    expect((await api.get('/auth/session/business', { 'auth-business': company.token })).status).toBe(200)
  })

  it('deleting content and changing a role need a proof of identity of the last 10 minutes', async () => {
    const adminId = await consoleAccount('olga@fleeters.cl')
    const first = await login('olga@fleeters.cl')
    const { secret } = await enrolFactor(p, api, first.headers)
    const other = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    const faq = await p.db.selectFrom('faqs').select('id').executeTakeFirstOrThrow()
    // Passing the second factor counts as the proof, for 10 minutes.
    p.advance(11 * 60_000)
    const stale = await api.call('DELETE', `/admin/content/faqs/${faq.id}`, { headers: first.headers })
    expect(stale.status).toBe(403)
    expect(stale.body.message).toBe(REAUTH_REQUIRED_MESSAGE)
    expect(
      (await api.post(`/admin/staff/${other.user.id}/role`, { role: 'administrador' }, first.headers)).status,
    ).toBe(403)
    expect(await p.db.selectFrom('faqs').select('id').where('id', '=', faq.id).executeTakeFirst()).toBeTruthy()
    // A wrong password proves nothing; the right one, or a code of the app, does.
    expect((await api.post('/auth/reauthenticate/admin', { password: 'nope' }, first.headers)).status).toBe(400)
    expect((await api.post('/auth/reauthenticate/admin', {}, first.headers)).status).toBe(400)
    expect((await api.post('/auth/reauthenticate/admin', { password: PASSWORD }, first.headers)).status).toBe(200)
    expect((await api.call('DELETE', `/admin/content/faqs/${faq.id}`, { headers: first.headers })).status).toBe(200)
    p.advance(11 * 60_000)
    expect(
      (await api.post(`/admin/staff/${other.user.id}/role`, { role: 'administrador' }, first.headers)).status,
    ).toBe(403)
    expect(
      (await api.post('/auth/reauthenticate/admin', { code: totpCodeAt(secret, p.now()) }, first.headers)).status,
    ).toBe(200)
    expect((await api.post(`/admin/staff/${other.user.id}/role`, { role: 'superusuario' }, first.headers)).status).toBe(
      400,
    )
    expect((await api.post(`/admin/staff/${adminId}/role`, { role: 'revisor' }, first.headers)).status).toBe(409)
    expect(
      (await api.post(`/admin/staff/${other.user.id}/role`, { role: 'administrador' }, first.headers)).status,
    ).toBe(200)
    const changed = await p.db
      .selectFrom('users')
      .select('staff_role')
      .where('id', '=', other.user.id)
      .executeTakeFirstOrThrow()
    expect(changed.staff_role).toBe('administrador')
    const audit = await p.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'staff.role')
      .executeTakeFirstOrThrow()
    expect(audit.actor).toBe('olga@fleeters.cl')
    const staff = await api.get('/admin/staff', first.headers)
    expect(
      staff.body.staff.map((s: { email: string; factor_enabled: boolean }) => [s.email, s.factor_enabled]),
    ).toContainEqual(['olga@fleeters.cl', true])
  })

  it(
    'a revisor reviews documents, powers and drivers; content, companies, the audit ' + 'and the team answer 403',
    async () => {
      const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
      for (const path of ['/admin/summary', '/admin/documents', '/admin/drivers', '/admin/expiring-documents']) {
        expect((await api.get(path, revisor.headers)).status, path).toBe(200)
      }
      for (const path of ['/admin/content', '/admin/companies', '/admin/companies/1', '/admin/audit', '/admin/staff']) {
        const res = await api.get(path, revisor.headers)
        expect(res.status, path).toBe(403)
        expect(res.body.message).toBe(STAFF_ROLE_FORBIDDEN_MESSAGE)
      }
      expect(
        (await api.post('/admin/content/faqs', { question: '¿Pregunta?', answers: ['Respuesta.'] }, revisor.headers))
          .status,
      ).toBe(403)
      expect((await api.post('/admin/postings/1/close', undefined, revisor.headers)).status).toBe(403)
      expect((await api.get('/auth/session/admin', revisor.headers)).body.staff_role).toBe('revisor')
    },
  )

  it(
    'a company turns the app on, then its login asks for a code; it turns it off with ' + 'the password and a code',
    async () => {
      const company = await companyAccount(p)
      await p.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('id', '=', company.userId)
        .execute()
      const headers = { 'auth-business': company.token }
      expect((await api.get('/auth/second-factor/business', headers)).body).toEqual({
        state: 'ok',
        enabled: false,
        recovery_left: 0,
        required: false,
      })
      const { secret, recoveryCodes } = await enrolFactor(p, api, headers, 'business')
      const loggedIn = await api.post('/auth/login', { email: company.email, password: PASSWORD })
      expect(loggedIn.body.second_factor).toBe('verify')
      const pending = { 'auth-business': loggedIn.body.token_jwt as string }
      expect((await api.get('/business/get-data-business', pending)).status).toBe(401)
      expect((await api.post('/auth/second-factor/business/verify', { code: recoveryCodes[0] }, pending)).status).toBe(
        200,
      )
      // Off: both the password and a code, else nothing changes.
      expect(
        (
          await api.post(
            '/auth/second-factor/business/disable',
            { password: 'nope', code: totpCodeAt(secret, p.now()) },
            headers,
          )
        ).status,
      ).toBe(400)
      expect(
        (await api.post('/auth/second-factor/business/disable', { password: PASSWORD, code: '12' }, headers)).status,
      ).toBe(400)
      expect(
        await p.db
          .selectFrom('totp_factors')
          .select('user_id')
          .where('user_id', '=', company.userId)
          .executeTakeFirst(),
      ).toBeTruthy()
      expect(
        (
          await api.post(
            '/auth/second-factor/business/disable',
            { password: PASSWORD, code: totpCodeAt(secret, p.now()) },
            headers,
          )
        ).status,
      ).toBe(200)
      expect(
        (await api.post('/auth/login', { email: company.email, password: PASSWORD })).body.second_factor,
      ).toBeUndefined()
      // The console cannot turn it off; drivers have no such route.
      const admin = await userWithSession(p, 'admin')
      expect(
        (await api.post('/auth/second-factor/business/disable', { password: PASSWORD, code: '123456' }, admin.headers))
          .status,
      ).toBe(403)
    },
  )
})
