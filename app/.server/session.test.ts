import * as jose from 'jose'
import * as reactRouter from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { commitSession, getSession } from './session'
import { sessionUser } from './testing/session-user'

// The originals, watched: jose's jwtDecrypt is the only decryption session.ts uses, and a cookie
// made with React Router's createCookie is how it reads a Cookie header back.
vi.mock('jose', { spy: true })
vi.mock('react-router', { spy: true })
const decrypts = {
  get count() {
    return vi.mocked(jose.jwtDecrypt).mock.calls.length
  },
}
const parses = {
  get count() {
    return vi.mocked(reactRouter.createCookie).mock.calls.length
  },
}

const driver = sessionUser('User')

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

describe('session cookie decrypted once per cookie value', () => {
  beforeEach(() => {
    vi.mocked(jose.jwtDecrypt).mockClear()
    vi.mocked(reactRouter.createCookie).mockClear()
  })

  it('the root loader, the layout and the page of one request decrypt it once', async () => {
    const cookie = await cookieFor()
    const sessions = await Promise.all(copies(cookie, 3).map((request) => getSession(request)))
    expect(sessions.map((s) => s?.user.email)).toEqual([driver.email, driver.email, driver.email])
    expect(decrypts.count).toBe(1)
  })

  it('later requests with the same cookie are not decrypted again', async () => {
    const cookie = await cookieFor()
    for (const request of copies(cookie, 5)) expect((await getSession(request))?.user.email).toBe(driver.email)
    expect(decrypts.count).toBe(1)
  })

  it('another cookie is decrypted, not taken for the first', async () => {
    const [a, b] = [await cookieFor(), await cookieFor(Math.floor(Date.now() / 1000) + 7200)]
    const first = await getSession(copies(a, 1)[0]!)
    const second = await getSession(copies(b, 1)[0]!)
    expect(decrypts.count).toBe(2)
    expect(second!.exp).toBeGreaterThan(first!.exp)
  })

  it('the session it hands out cannot be changed by one request for the next', async () => {
    const cookie = await cookieFor()
    const session = (await getSession(copies(cookie, 1)[0]!))!
    expect(() => Object.assign(session.user, { firstname: 'Otra' })).toThrow(TypeError)
    expect(() => Object.assign(session, { token: 'otro' })).toThrow(TypeError)
    expect((await getSession(copies(cookie, 1)[0]!))!.user.firstname).toBe(driver.firstname)
  })

  it('a kept session still ends at its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const cookie = await cookieFor(Math.floor(Date.now() / 1000) + 60)
      expect(await getSession(copies(cookie, 1)[0]!)).not.toBeNull()
      vi.setSystemTime(Date.now() + 61_000)
      expect(await getSession(copies(cookie, 1)[0]!)).toBeNull()
      expect(decrypts.count).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a forged or expired cookie is no session, is tried every time and is never kept', async () => {
    // A value that is no cookie of ours at all is not even tried.
    expect(await getSession(copies('__fleeters_session=forged', 1)[0]!)).toBeNull()
    expect(decrypts.count).toBe(0)
    // A well-formed value that is not our encryption (a string, as ours are).
    const forged = `__fleeters_session=${Buffer.from(JSON.stringify('forjado')).toString('base64')}`
    for (let i = 0; i < 2; i++) expect(await getSession(copies(forged, 1)[0]!)).toBeNull()
    const expired = await cookieFor(Math.floor(Date.now() / 1000) - 5)
    for (let i = 0; i < 2; i++) expect(await getSession(copies(expired, 1)[0]!)).toBeNull()
    expect(decrypts.count).toBe(4)
  })

  it('a Cookie header is read on each request (26 µs: not kept), one without the cookie not at all', async () => {
    const cookie = await cookieFor()
    vi.mocked(reactRouter.createCookie).mockClear()
    for (const request of copies(cookie, 4)) expect((await getSession(request))?.user.email).toBe(driver.email)
    expect(parses.count).toBe(4)
    // The same cookie beside another one: the same session, still decrypted once.
    const other = `${cookie}; tema=oscuro`
    expect((await getSession(copies(other, 1)[0]!))?.user.email).toBe(driver.email)
    expect(parses.count).toBe(5)
    expect(await getSession(copies('tema=oscuro', 1)[0]!)).toBeNull()
    expect(parses.count).toBe(5)
    expect(decrypts.count).toBe(1)
  })
})
