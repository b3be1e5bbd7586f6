import type * as Jose from 'jose'
import type { AppLoadContext } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { commitSession, getSession, type SessionUser } from './session'

/** Counts the decryptions of the session cookie (jose's jwtDecrypt, the only one session.ts uses). */
const decrypts = vi.hoisted(() => ({ count: 0 }))
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof Jose>()
  return {
    ...jose,
    jwtDecrypt: (...args: Parameters<typeof Jose.jwtDecrypt>) => {
      decrypts.count++
      return jose.jwtDecrypt(...args)
    },
  }
})

const driver: SessionUser = {
  role: 'User',
  email: 'camila@example.cl',
  firstname: 'Camila',
  lastname: 'Pérez',
  rut: null,
  phone: null,
  address: null,
  about_me: null,
  img_profile: null,
  email_verified: true,
}

function token(expSeconds: number) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', role: 'User', exp: expSeconds })}.firma`
}

async function cookieFor(exp = Math.floor(Date.now() / 1000) + 3600) {
  return (await commitSession(new Request('http://localhost/'), token(exp), driver)).split(';')[0]!
}

/** What React Router gives each loader: its own copy of the request, one context for all. */
function copies(cookie: string, n: number) {
  return Array.from({ length: n }, () => new Request('http://localhost/user/dashboard/home', { headers: { cookie } }))
}

const context = () => ({ nonce: 'n', clientIp: '127.0.0.1', services: { fetch: () => Promise.reject(new Error('no services here')) } }) as AppLoadContext

describe('session cookie decrypted once per request (issue 14 item 2)', () => {
  beforeEach(() => {
    decrypts.count = 0
  })

  it('the root loader, the layout and the page of one request decrypt it once', async () => {
    const cookie = await cookieFor()
    const ctx = context()
    const sessions = await Promise.all(copies(cookie, 3).map((request) => getSession(request, ctx)))
    expect(sessions.map((s) => s?.user.email)).toEqual([driver.email, driver.email, driver.email])
    expect(decrypts.count).toBe(1)
  })

  it('each request decrypts its own cookie (nothing is kept between requests)', async () => {
    const cookie = await cookieFor()
    for (const request of copies(cookie, 2)) await getSession(request, context())
    expect(decrypts.count).toBe(2)
  })

  it('another cookie in the same context is decrypted, not taken for the first', async () => {
    const ctx = context()
    const [a, b] = [await cookieFor(), await cookieFor(Math.floor(Date.now() / 1000) + 7200)]
    const first = await getSession(copies(a, 1)[0]!, ctx)
    const second = await getSession(copies(b, 1)[0]!, ctx)
    expect(decrypts.count).toBe(2)
    expect(second!.exp).toBeGreaterThan(first!.exp)
  })

  it('without a context it decrypts on every call, and an expired or forged cookie is no session', async () => {
    const cookie = await cookieFor()
    for (const request of copies(cookie, 2)) await getSession(request)
    expect(decrypts.count).toBe(2)
    const ctx = context()
    expect(await getSession(copies(await cookieFor(Math.floor(Date.now() / 1000) - 5), 1)[0]!, ctx)).toBeNull()
    expect(await getSession(copies('__fleeters_session=forged', 1)[0]!, ctx)).toBeNull()
  })
})
