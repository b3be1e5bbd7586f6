import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES as RULES, CHANGE_PASSWORD_MESSAGES } from '#domain/validation/auth'
import { LAST_SEEN_EVERY_MS } from '#services/platform/auth'
import { hashPassword } from '#services/platform/crypto'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { SECURITY_MESSAGES } from './security-operations'

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'
const PASSWORD = 'clave1234'

const ROLES = [
  { role: 'User' as const, path: 'user', header: 'auth-user' },
  { role: 'business' as const, path: 'business', header: 'auth-business' },
]

describe.each(engines)('account security on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let serial = 0

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  /** A verified account with PASSWORD, written straight to the database. */
  async function account(role: 'User' | 'business') {
    serial++
    const now = p.now().toISOString()
    const email = `cuenta${serial}-${role.toLowerCase()}@example.cl`
    await p.db
      .insertInto('users')
      .values({
        role,
        email,
        password_hash: await hashPassword(PASSWORD),
        firstname: 'Camila',
        lastname: 'Pérez',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute()
    return email
  }

  /** A session opened through the real login, from the given browser. */
  async function login(email: string, userAgent: string, password = PASSWORD) {
    const res = await api.call('POST', '/auth/login', {
      json: { email, password },
      headers: { 'user-agent': userAgent },
    })
    expect(res.status).toBe(200)
    return res.body.token_jwt as string
  }

  describe.each(ROLES)('$path', ({ role, path, header }) => {
    const as = (token: string) => ({ [header]: token })

    it('lists only the caller’s open sessions, with the device read at login and the current one marked', async () => {
      const email = await account(role)
      const phone = await login(email, ANDROID)
      const laptop = await login(email, WINDOWS)
      const closed = await login(email, IPHONE)
      expect((await api.post(`/auth/logout/${path}`, undefined, as(closed))).status).toBe(200)
      // Somebody else's sessions never show.
      await login(await account(role), IPHONE)

      const res = await api.get(`/auth/sessions/${path}`, as(phone))
      expect(res.status).toBe(200)
      const sessions = res.body.sessions as Array<{
        id: string
        device: string
        current: boolean
        last_seen_at: string
        created_at: string
      }>
      expect(sessions.map((s) => [s.device, s.current])).toEqual([
        ['Chrome en Android', true],
        ['Firefox en Windows', false],
      ])
      expect(sessions.every((s) => typeof s.id === 'string' && s.last_seen_at >= s.created_at)).toBe(true)
      // From the laptop, the laptop is «Este dispositivo».
      const fromLaptop = (await api.get(`/auth/sessions/${path}`, as(laptop))).body.sessions as Array<{
        device: string
        current: boolean
      }>
      expect(fromLaptop[0]).toMatchObject({ device: 'Firefox en Windows', current: true })
    })

    it('moves «last seen» at most once a minute per session', async () => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const seen = async () =>
        (
          await p.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('user_id', '=', await userId(email))
            .executeTakeFirstOrThrow()
        ).last_seen_at!
      const first = await seen()
      p.advance(20_000)
      expect((await api.get(`/auth/session/${path}`, as(token))).status).toBe(200)
      expect(await seen()).toBe(first)
      p.advance(LAST_SEEN_EVERY_MS)
      expect((await api.get(`/auth/session/${path}`, as(token))).status).toBe(200)
      const second = await seen()
      expect(Date.parse(second) - Date.parse(first)).toBeGreaterThanOrEqual(LAST_SEEN_EVERY_MS)
      expect((await api.get(`/auth/session/${path}`, as(token))).status).toBe(200)
      expect(await seen()).toBe(second)
    })

    it('refuses a wrong current password with 400 and a Spanish message, changing nothing', async () => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const other = await login(email, WINDOWS)
      const res = await api.post(
        `/auth/change-password/${path}`,
        { current_password: 'otraclave99', password: 'nueva2026x' },
        as(token),
      )
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(SECURITY_MESSAGES.wrongPassword)
      expect((await api.get(`/auth/session/${path}`, as(other))).status).toBe(200)
      await login(email, IPHONE, PASSWORD)
      expect(await outbox(p, email)).toHaveLength(0)
    })

    it.each([
      ['too short', 'abc12', RULES.passwordMin],
      ['without digits', 'solamenteletras', RULES.passwordLettersNumbers],
      ['the same as the current one', PASSWORD, CHANGE_PASSWORD_MESSAGES.sameAsCurrent],
    ])('refuses a weak new password (%s) with 400 {message}', async (_label, password, message) => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const res = await api.post(`/auth/change-password/${path}`, { current_password: PASSWORD, password }, as(token))
      expect(res.status).toBe(400)
      expect([res.body.message].flat()).toContain(message)
      await login(email, IPHONE, PASSWORD)
    })

    it('changes the password, ends every other session of the account, keeps this one and mails a notice', async () => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const laptop = await login(email, WINDOWS)
      const tablet = await login(email, IPHONE)
      const stranger = await login(await account(role), WINDOWS)
      const res = await api.post(
        `/auth/change-password/${path}`,
        { current_password: PASSWORD, password: 'nueva2026x' },
        as(token),
      )
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(SECURITY_MESSAGES.passwordChanged)
      expect((await api.get(`/auth/session/${path}`, as(token))).status).toBe(200)
      expect((await api.get(`/auth/session/${path}`, as(laptop))).status).toBe(401)
      expect((await api.get(`/auth/session/${path}`, as(tablet))).status).toBe(401)
      expect((await api.get(`/auth/session/${path}`, as(stranger))).status).toBe(200)
      expect((await api.get(`/auth/sessions/${path}`, as(token))).body.sessions).toHaveLength(1)
      // The old password no longer opens the account; the new one does.
      expect((await api.post('/auth/login', { email, password: PASSWORD })).status).toBe(401)
      await login(email, IPHONE, 'nueva2026x')
      const mails = await outbox(p, email)
      expect(mails.map((m) => m.subject)).toEqual(['Tu contraseña de Fleeters cambió'])
      expect(mails[0]!.body_text).toContain('http://localhost:3000/login/recuperar')
    })

    it('closes the other sessions on demand and keeps this one', async () => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const laptop = await login(email, WINDOWS)
      const res = await api.post(`/auth/close-other-sessions/${path}`, undefined, as(token))
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ message: SECURITY_MESSAGES.othersClosed, closed: 1 })
      expect((await api.get(`/auth/session/${path}`, as(laptop))).status).toBe(401)
      expect((await api.get(`/auth/session/${path}`, as(token))).status).toBe(200)
      const again = await api.post(`/auth/close-other-sessions/${path}`, undefined, as(token))
      expect(again.body).toEqual({ message: SECURITY_MESSAGES.noOthers, closed: 0 })
    })

    it('closes one session by id; another account’s, a closed or a malformed id is 404', async () => {
      const email = await account(role)
      const token = await login(email, ANDROID)
      const laptop = await login(email, WINDOWS)
      const strangerToken = await login(await account(role), IPHONE)
      const mine = (await api.get(`/auth/sessions/${path}`, as(token))).body.sessions as Array<{
        id: string
        current: boolean
      }>
      const laptopId = mine.find((s) => !s.current)!.id
      const strangers = (await api.get(`/auth/sessions/${path}`, as(strangerToken))).body.sessions as Array<{
        id: string
      }>

      const foreign = await api.delete(`/auth/sessions/${path}/${strangers[0]!.id}`, as(token))
      expect(foreign.status).toBe(404)
      expect(foreign.body.message).toBe(SECURITY_MESSAGES.sessionNotFound)
      expect((await api.get(`/auth/session/${path}`, as(strangerToken))).status).toBe(200)

      expect((await api.delete(`/auth/sessions/${path}/no-es-una-sesion`, as(token))).status).toBe(404)
      const res = await api.delete(`/auth/sessions/${path}/${laptopId}`, as(token))
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(SECURITY_MESSAGES.sessionClosed)
      expect((await api.get(`/auth/session/${path}`, as(laptop))).status).toBe(401)
      expect((await api.delete(`/auth/sessions/${path}/${laptopId}`, as(token))).status).toBe(404)
    })

    it('answers anonymous callers 401 and the other role 403', async () => {
      const otherRole = role === 'User' ? 'business' : 'User'
      const otherHeader = otherRole === 'User' ? 'auth-user' : 'auth-business'
      const otherToken = await login(await account(otherRole), ANDROID)
      const calls = [
        () => api.post(`/auth/change-password/${path}`, { current_password: PASSWORD, password: 'nueva2026x' }),
        () => api.get(`/auth/sessions/${path}`),
        () => api.post(`/auth/close-other-sessions/${path}`),
        () => api.delete(`/auth/sessions/${path}/00000000-0000-4000-8000-000000000000`),
      ]
      for (const call of calls) expect((await call()).status).toBe(401)
      const asOther = [
        () =>
          api.post(
            `/auth/change-password/${path}`,
            { current_password: PASSWORD, password: 'nueva2026x' },
            { [otherHeader]: otherToken },
          ),
        () => api.get(`/auth/sessions/${path}`, { [header]: otherToken }),
        () => api.post(`/auth/close-other-sessions/${path}`, undefined, { [otherHeader]: otherToken }),
      ]
      for (const call of asOther) expect((await call()).status).toBe(403)
    })
  })

  it('limits change-password attempts like the login (429 with Retry-After)', async () => {
    const email = await account('User')
    const token = await login(email, ANDROID)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await api.post(
            '/auth/change-password/user',
            { current_password: `mala${i}clave`, password: 'nueva2026x' },
            { 'auth-user': token },
          )
        ).status,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
    const limited = await api.post(
      '/auth/change-password/user',
      { current_password: PASSWORD, password: 'nueva2026x' },
      { 'auth-user': token },
    )
    expect(statuses[10]).toBe(429)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })

  async function userId(email: string) {
    return (await p.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  }
})
