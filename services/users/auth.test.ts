import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPassword } from '#services/platform/crypto'
import { companyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { AUTH_MESSAGES } from './auth-operations'

const driver = {
  firstname: 'Camila',
  lastname: 'Pérez',
  rut: '12345678-5',
  email: 'camila@example.cl',
  phone: '987654321',
  password: 'clave1234',
  acceptTerms: true,
}

function registrationForm(data: unknown) {
  const form = new FormData()
  form.set('data', typeof data === 'string' ? data : JSON.stringify(data))
  return form
}

describe.each(engines)('auth and registration on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  async function register(data: unknown = driver) {
    return api.call('POST', '/users/register', { form: registrationForm(data) })
  }

  /** Register, log in, read the mailed code, verify: a live driver session. */
  async function loggedInDriver(data = driver) {
    expect((await register(data)).status).toBe(201)
    const step = await api.post('/auth/login', { email: data.email, password: data.password })
    expect(step.body.email_verification).toBe(true)
    const mail = (await outbox(p, data.email)).at(-1)!
    const verified = await api.post('/auth/validate-code-email-verification', {
      code: codeFrom(mail.body_text),
      token: step.body.email_one_time_token,
    })
    expect(verified.status).toBe(200)
    return verified.body.token_jwt as string
  }

  describe('POST /users/register', () => {
    it('creates an unverified driver and queues a welcome mail', async () => {
      const res = await register()
      expect(res.status).toBe(201)
      expect(typeof res.body.message).toBe('string')
      const user = await p.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', driver.email)
        .executeTakeFirstOrThrow()
      expect(user.role).toBe('User')
      expect(user.email_verified).toBe(0)
      expect(user.phone).toBe('56987654321')
      expect(user.password_hash).not.toContain(driver.password)
      expect(await outbox(p, driver.email)).toHaveLength(1)
    })

    it.each([
      ['firstname', ''],
      ['lastname', ''],
      ['rut', '12345678-9'],
      ['rut', 'abc'],
      ['email', 'no-es-correo'],
      ['phone', '12'],
      ['password', 'corta'],
      ['acceptTerms', false],
    ])('refuses an invalid %s (%s) with a Spanish 400 and writes nothing', async (field, value) => {
      const res = await register({ ...driver, [field]: value })
      expect(res.status).toBe(400)
      expect(res.body.message).toBeTruthy()
      const messages = ([] as string[]).concat(res.body.message)
      for (const m of messages) expect(m).not.toMatch(/^(Invalid|Required|Expected)/)
      expect(await p.db.selectFrom('users').select('id').execute()).toHaveLength(0)
      expect(await outbox(p)).toHaveLength(0)
    })

    it('takes the phone the way Chileans write a mobile, «+56 9 8765 4321», and stores 569XXXXXXXX', async () => {
      const res = await register({ ...driver, phone: '+56 9 8765 4321' })
      expect(res.status).toBe(201)
      const user = await p.db
        .selectFrom('users')
        .select('phone')
        .where('email', '=', driver.email)
        .executeTakeFirstOrThrow()
      expect(user.phone).toBe('56987654321')
      // The same number in another spelling is the same phone.
      expect((await api.post('/users/validate-phone-user', { phone: '(9) 8765-4321' })).status).toBe(409)
      expect(
        (await register({ ...driver, email: 'otra@example.cl', rut: '11111111-1', phone: '9 8765 4321' })).body.message,
      ).toBe('El teléfono ya está registrado.')
    })

    it('refuses a body without data, with malformed JSON, or too large', async () => {
      expect((await api.call('POST', '/users/register', { form: new FormData() })).status).toBe(400)
      expect((await api.call('POST', '/users/register', { form: registrationForm('{no json') })).status).toBe(400)
      const big = await api.call('POST', '/users/register', {
        body: JSON.stringify({ data: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      })
      expect(big.status).toBe(413)
    })

    it('answers 409 for a duplicate email, rut or phone', async () => {
      expect((await register()).status).toBe(201)
      const again = await register({ ...driver, rut: '11111111-1', phone: '976543210' })
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('El correo electrónico ya está registrado.')
      const rut = await register({ ...driver, email: 'otra@example.cl', phone: '976543210' })
      expect(rut.status).toBe(409)
      expect(rut.body.message).toBe('El RUT ya está registrado.')
      const phone = await register({ ...driver, email: 'otra@example.cl', rut: '11111111-1' })
      expect(phone.status).toBe(409)
      expect(phone.body.message).toBe('El teléfono ya está registrado.')
    })
  })

  describe('uniqueness checks', () => {
    it('tells whether email, rut and phone are free', async () => {
      expect((await api.post('/users/validate-email-user', { email: driver.email })).status).toBe(200)
      expect((await api.post('/users/validate-rut-user', { rut: driver.rut })).status).toBe(200)
      expect((await api.post('/users/validate-phone-user', { phone: driver.phone })).status).toBe(200)
      await register()
      expect((await api.post('/users/validate-email-user', { email: driver.email })).status).toBe(409)
      expect((await api.post('/users/validate-rut-user', { rut: driver.rut })).status).toBe(409)
      expect((await api.post('/users/validate-phone-user', { phone: driver.phone })).status).toBe(409)
      expect((await api.post('/users/validate-email-user', { email: 'x' })).status).toBe(400)
    })

    it('is rate limited', async () => {
      let last = 0
      for (let i = 0; i < 31; i++)
        last = (await api.post('/users/validate-email-user', { email: `a${i}@example.cl` })).status
      expect(last).toBe(429)
    })
  })

  describe('POST /auth/login', () => {
    it('gives the same answer for a wrong password and an unknown email', async () => {
      await register()
      const wrong = await api.post('/auth/login', { email: driver.email, password: 'otraClave99' })
      const unknown = await api.post('/auth/login', { email: 'nadie@example.cl', password: 'otraClave99' })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(wrong.body).toEqual(unknown.body)
    })

    it('validates its input', async () => {
      const res = await api.post('/auth/login', { email: '', password: '' })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Campo requerido')
      expect(
        (await api.call('POST', '/auth/login', { body: '{', headers: { 'content-type': 'application/json' } })).status,
      ).toBe(400)
    })

    it('asks an unverified account for the mailed code, then returns the session', async () => {
      await register()
      const step = await api.post('/auth/login', { email: driver.email, password: driver.password })
      expect(step.status).toBe(200)
      expect(step.body.email_verification).toBe(true)
      expect(step.body.email_one_time_token.length).toBeGreaterThan(0)
      expect(step.body.email_one_time_token.length).toBeLessThanOrEqual(64)
      expect(step.body.token_jwt).toBeUndefined()
      const mail = (await outbox(p, driver.email)).at(-1)!
      expect(mail.subject).toContain('código')
      const code = codeFrom(mail.body_text)
      const stored = await p.db.selectFrom('email_verifications').selectAll().executeTakeFirstOrThrow()
      expect(stored.code_hash).not.toContain(code)

      const session = await api.post('/auth/validate-code-email-verification', {
        code,
        token: step.body.email_one_time_token,
      })
      expect(session.status).toBe(200)
      expect(session.body).toMatchObject({
        role: 'User',
        email: driver.email,
        firstname: 'Camila',
        rut: driver.rut,
        security_user: { email_verified: true },
        files: { filesUpload: 0, files_verification: 0 },
      })
      expect(typeof session.body.token_jwt).toBe('string')
      // The code is single use.
      expect(
        (await api.post('/auth/validate-code-email-verification', { code, token: step.body.email_one_time_token }))
          .status,
      ).toBe(400)
      // A verified account logs in directly.
      const direct = await api.post('/auth/login', { email: driver.email, password: driver.password })
      expect(direct.body.token_jwt).toBeTruthy()
      expect(direct.body.email_verification).toBe(false)
    })

    it('refuses wrong, expired and over-tried codes', async () => {
      await register()
      const step = await api.post('/auth/login', { email: driver.email, password: driver.password })
      const token = step.body.email_one_time_token
      const code = codeFrom((await outbox(p, driver.email)).at(-1)!.body_text)
      const wrongCode = code === '000000' ? '111111' : '000000'
      expect((await api.post('/auth/validate-code-email-verification', { code: 'abc', token })).status).toBe(400)
      const wrong = await api.post('/auth/validate-code-email-verification', { code: wrongCode, token })
      expect(wrong.status).toBe(400)
      expect(wrong.body.message).toBe('El código ingresado es incorrecto.')
      for (let i = 0; i < 4; i++) await api.post('/auth/validate-code-email-verification', { code: wrongCode, token })
      expect((await api.post('/auth/validate-code-email-verification', { code, token })).status).toBe(429)

      const step2 = await api.post('/auth/login', { email: driver.email, password: driver.password })
      const code2 = codeFrom((await outbox(p, driver.email)).at(-1)!.body_text)
      p.advance(16 * 60 * 1000)
      expect(
        (
          await api.post('/auth/validate-code-email-verification', {
            code: code2,
            token: step2.body.email_one_time_token,
          })
        ).status,
      ).toBe(400)
    })

    it(
      'bounds the guesses per account from any address: after 10 failures the right ' +
        'password needs the mailed code; the owner is mailed once; an unknown email ' +
        'answers the same',
      async () => {
        const company = await companyAccount(p)
        const password = 'Fleeters2026'
        await p.db
          .updateTable('users')
          .set({ password_hash: await hashPassword(password) })
          .where('id', '=', company.userId)
          .execute()
        const sessions = async () =>
          (await p.db.selectFrom('sessions').select('id').where('user_id', '=', company.userId).execute()).length
        const before = await sessions()
        const from = (ip: string) => ({ 'x-fleeters-client-ip': ip })
        const login = (email: string, pass: string, ip: string) =>
          api.call('POST', '/auth/login', { json: { email, password: pass }, headers: from(ip) })
        // What an answer says, without the parts that differ by nature (the email asked, a fresh token).
        const shape = (r: {
          status: number
          body: Record<string, unknown>
        }): { status: number; body: Record<string, unknown> } => ({
          status: r.status,
          body: {
            ...r.body,
            email: r.body.email === undefined ? undefined : 'x',
            email_one_time_token: typeof r.body.email_one_time_token,
          },
        })
        const lockMails = async () =>
          (await outbox(p, company.email)).filter((m) => m.subject?.includes('Intentos fallidos'))

        // 12 wrong passwords from each of three addresses (within the addresses' own limit of 10 a
        // minute: four rounds a minute apart), the same for an email with no account.
        const known: Array<ReturnType<typeof shape>> = []
        const unknown: Array<ReturnType<typeof shape>> = []
        for (let round = 0; round < 4; round++) {
          for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
            for (let i = 0; i < 3; i++) {
              known.push(shape(await login(company.email, `otraClave${round}${i}`, ip)))
              unknown.push(shape(await login('nadie@example.cl', `otraClave${round}${i}`, ip)))
            }
          }
          p.advance(61_000)
        }
        expect(unknown).toEqual(known)
        expect(
          known.slice(0, 10).every((a) => a.status === 401 && a.body.message === AUTH_MESSAGES.badCredentials),
        ).toBe(true)
        expect(
          known
            .slice(10)
            .every(
              (a) =>
                a.status === 200 && a.body.message === AUTH_MESSAGES.codeRequired && a.body.email_verification === true,
            ),
        ).toBe(true)
        expect(await lockMails()).toHaveLength(1)

        // The right password from a fourth address: no session, the code step; the code goes to the
        // owner's mailbox, and the answer is the one a wrong password and an unknown email get.
        const mailsBefore = (await outbox(p, company.email)).length
        const right = await login(company.email, password, '10.0.0.4')
        expect(shape(right)).toEqual(shape(await login('nadie@example.cl', password, '10.0.0.4')))
        expect(shape(right)).toEqual(shape(await login(company.email, 'otraClave99', '10.0.0.4')))
        expect(right.body.token_jwt).toBeUndefined()
        expect(right.body.role).toBeUndefined()
        expect(await sessions()).toBe(before)
        const mails = await outbox(p, company.email)
        expect(mails).toHaveLength(mailsBefore + 1)
        const code = codeFrom(mails.at(-1)!.body_text)
        // A code tried on a wrong password's token answers as on the right one's.
        const wrongCode = code === '000000' ? '111111' : '000000'
        const decoy = await login(company.email, 'otraClave98', '10.0.0.4')
        const onDecoy = await api.post('/auth/validate-code-email-verification', {
          code: wrongCode,
          token: decoy.body.email_one_time_token,
        })
        const onReal = await api.post('/auth/validate-code-email-verification', {
          code: wrongCode,
          token: right.body.email_one_time_token,
        })
        expect(onDecoy).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.codeWrong } })
        expect(onDecoy.body).toEqual(onReal.body)
        // Still once: the owner's mail said so at the 10th failure.
        expect(await lockMails()).toHaveLength(1)

        // With the mailed code, the owner gets in.
        const verified = await api.post('/auth/validate-code-email-verification', {
          code,
          token: right.body.email_one_time_token,
        })
        expect(verified.status).toBe(200)
        expect(verified.body).toMatchObject({ role: 'business', email: company.email })
        expect(await sessions()).toBe(before + 1)

        // 15 minutes after the first failure, the window is over: the password alone again.
        p.advance(15 * 60_000)
        const later = await login(company.email, password, '10.0.0.5')
        expect(later.status).toBe(200)
        expect(typeof later.body.token_jwt).toBe('string')
        expect((await login('nadie@example.cl', password, '10.0.0.5')).status).toBe(401)
      },
    )

    it('bounds driver and console logins alike', async () => {
      for (const role of ['User', 'admin'] as const) {
        const { user } = await userWithSession(p, role)
        await p.db
          .updateTable('users')
          .set({ password_hash: await hashPassword('Fleeters2026') })
          .where('id', '=', user.id)
          .execute()
        for (let i = 0; i < 10; i++) {
          expect(
            (
              await api.call('POST', '/auth/login', {
                json: { email: user.email, password: `mala${i}` },
                headers: { 'x-fleeters-client-ip': `10.1.${i}.1` },
              })
            ).status,
          ).toBe(401)
        }
        const right = await api.call('POST', '/auth/login', {
          json: { email: user.email, password: 'Fleeters2026' },
          headers: { 'x-fleeters-client-ip': '10.2.0.1' },
        })
        expect([role, right.status, right.body.message, right.body.token_jwt]).toEqual([
          role,
          200,
          AUTH_MESSAGES.codeRequired,
          undefined,
        ])
        expect((await outbox(p, user.email)).map((m) => m.subject)).toEqual([
          'Intentos fallidos de inicio de sesión en tu cuenta de Fleeters',
          'Tu código de verificación de Fleeters',
        ])
      }
    })

    it('is rate limited per client', async () => {
      let status = 0
      for (let i = 0; i < 11; i++)
        status = (await api.post('/auth/login', { email: 'x@example.cl', password: 'clave1234' })).status
      expect(status).toBe(429)
    })
  })

  describe('sessions', () => {
    it('refreshes the user with a live token and refuses missing, wrong-role, expired and revoked ones', async () => {
      const token = await loggedInDriver()
      const ok = await api.post('/auth/success-login', undefined, { 'auth-user': token })
      expect(ok.status).toBe(200)
      expect(ok.body.email).toBe(driver.email)

      expect((await api.post('/auth/success-login')).status).toBe(401)
      expect((await api.post('/auth/success-login', undefined, { 'auth-user': `${token}x` })).status).toBe(401)
      // A driver's token on the business logout: wrong role.
      expect((await api.post('/auth/logout/business', undefined, { 'auth-business': token })).status).toBe(403)
      expect((await api.post('/auth/logout/business', undefined, { 'auth-user': token })).status).toBe(403)

      const out = await api.post('/auth/logout/user', undefined, { 'auth-user': token })
      expect(out.status).toBe(200)
      expect((await api.post('/auth/success-login', undefined, { 'auth-user': token })).status).toBe(401)
    })

    it(
      'GET /auth/session/{role} says whose a live session is, and refuses revoked, ' + 'expired and wrong-role ones',
      async () => {
        const token = await loggedInDriver()
        const live = await api.get('/auth/session/user', { 'auth-user': token })
        expect(live.status).toBe(200)
        expect(live.body).toEqual({
          role: 'User',
          email: driver.email,
          firstname: driver.firstname,
          lastname: driver.lastname,
          rut: driver.rut,
          phone: '56987654321',
          address: null,
          about_me: null,
          img_profile: null,
          email_verified: true,
          // The terms and the privacy policy were accepted at registration (decision 122).
          pending_documents: [],
          // No company has written to her yet (decision 124).
          unread_messages: 0,
        })
        expect(live.headers.get('cache-control')).toMatch(/no-store/)

        // No token, a forged one, a driver's token on the company or console path: refused.
        expect((await api.get('/auth/session/user')).status).toBe(401)
        expect((await api.get('/auth/session/user', { 'auth-user': `${token}x` })).status).toBe(401)
        expect((await api.get('/auth/session/business', { 'auth-business': token })).status).toBe(403)
        expect((await api.get('/auth/session/admin', { 'auth-user': token })).status).toBe(403)
        expect((await api.get('/auth/session/admin')).body.message).toBe('No autorizado. Inicia sesión nuevamente.')

        // The cookie of the web tier still holds this token after a logout: the service says no.
        expect((await api.post('/auth/logout/user', undefined, { 'auth-user': token })).status).toBe(200)
        const revoked = await api.get('/auth/session/user', { 'auth-user': token })
        expect(revoked.status).toBe(401)
        expect(revoked.body.message).toBe('No autorizado. Inicia sesión nuevamente.')

        // A session row that expired (or ended with a password reset) is refused the same way.
        const again = await api.post('/auth/login', { email: driver.email, password: driver.password })
        const second = again.body.token_jwt as string
        expect((await api.get('/auth/session/user', { 'auth-user': second })).status).toBe(200)
        await p.db
          .updateTable('sessions')
          .set({ expires_at: new Date(p.now().getTime() - 1000).toISOString() })
          .where('revoked_at', 'is', null)
          .execute()
        expect((await api.get('/auth/session/user', { 'auth-user': second })).status).toBe(401)
      },
    )

    it('expires tokens', async () => {
      const token = await loggedInDriver()
      p.advance(8 * 24 * 60 * 60 * 1000)
      expect((await api.post('/auth/success-login', undefined, { 'auth-user': token })).status).toBe(401)
    })

    it('refuses a token signed with another key', async () => {
      const token = await loggedInDriver()
      const other = await createTestPlatform(engine)
      try {
        expect((await testClient(other).post('/auth/success-login', undefined, { 'auth-user': token })).status).toBe(
          401,
        )
      } finally {
        await other.destroy()
      }
    })
  })

  describe('password reset', () => {
    it('answers the same for unknown emails and mails a single-use link to known ones', async () => {
      const token = await loggedInDriver()
      const unknown = await api.post('/auth/reset-password', { email: 'nadie@example.cl' })
      const known = await api.post('/auth/reset-password', { email: driver.email })
      expect(unknown.status).toBe(200)
      expect(known.body).toEqual(unknown.body)
      expect(await outbox(p, 'nadie@example.cl')).toHaveLength(0)
      const mail = (await outbox(p, driver.email)).at(-1)!
      const link = /http\S+restablecer\?token=(\S+)/.exec(mail.body_text)!
      const resetToken = decodeURIComponent(link[1]!)

      expect((await api.post('/auth/reset-password-confirm', { token: resetToken, password: 'corta' })).status).toBe(
        400,
      )
      const done = await api.post('/auth/reset-password-confirm', { token: resetToken, password: 'nuevaClave42' })
      expect(done.status).toBe(200)
      // Old sessions end; the old password no longer works; the new one does.
      expect((await api.post('/auth/success-login', undefined, { 'auth-user': token })).status).toBe(401)
      expect((await api.post('/auth/login', { email: driver.email, password: driver.password })).status).toBe(401)
      expect(
        (await api.post('/auth/login', { email: driver.email, password: 'nuevaClave42' })).body.token_jwt,
      ).toBeTruthy()
      // Single use.
      expect(
        (await api.post('/auth/reset-password-confirm', { token: resetToken, password: 'otraClave42' })).status,
      ).toBe(400)
    })

    it('refuses expired and unknown links', async () => {
      await register()
      await api.post('/auth/reset-password', { email: driver.email })
      const mail = (await outbox(p, driver.email)).at(-1)!
      const resetToken = decodeURIComponent(/restablecer\?token=(\S+)/.exec(mail.body_text)![1]!)
      p.advance(61 * 60 * 1000)
      expect(
        (await api.post('/auth/reset-password-confirm', { token: resetToken, password: 'nuevaClave42' })).status,
      ).toBe(400)
      expect(
        (await api.post('/auth/reset-password-confirm', { token: 'inventado', password: 'nuevaClave42' })).status,
      ).toBe(400)
    })
  })
})
