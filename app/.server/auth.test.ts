import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { requireSession } from './auth'
import { authApi } from './backend/auth'
import { commitSession, type SessionUser } from './session'
import { sessionUser } from './testing/session-user'
import { readToast } from './toast'

/**
 * The guard of the protected areas: the cookie names
 * the session, the users service says whether it is live and whose it is.
 */
const driver = sessionUser('User', { rut: '12345678-5', phone: '56987654321' })
const company = sessionUser('business', { phone: driver.phone })

function token(role: string) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${part({ alg: 'HS256' })}.${part({ sub: '1', role, exp: Math.floor(Date.now() / 1000) + 3600 })}.firma`
}

async function requestAs(user: SessionUser | null, path = '/user/dashboard/settings/seguridad') {
  const headers = new Headers()
  if (user)
    headers.set(
      'cookie',
      (await commitSession(new Request(`http://localhost${path}`), token(user.role), user)).split(';')[0]!,
    )
  return new Request(`http://localhost${path}`, { headers })
}

/** The services as the guard sees them; `answer` decides what /auth/session/* says. */
function services(answer: (path: string, headers: Headers) => Response) {
  const calls: string[] = []
  const context = {
    nonce: 'n',
    clientIp: '127.0.0.1',
    services: {
      async fetch(request: Request) {
        const { pathname } = new URL(request.url)
        calls.push(pathname)
        return answer(pathname, request.headers)
      },
    },
  } satisfies AppLoadContext
  return { context, calls }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const live =
  (user: SessionUser, changes: Partial<SessionUser> = {}) =>
  () =>
    json(200, { ...user, ...changes })

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const outcome = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(outcome).toBeInstanceOf(Response)
  return outcome as Response
}

function cookies(res: Response) {
  return res.headers.getSetCookie().join('\n')
}

/** The flash message the redirect sets, read back as the next page's root loader reads it. */
async function toastOf(res: Response) {
  const pair = /__fleeters_toast=[^;]+/.exec(cookies(res))?.[0]
  return pair ? (await readToast(new Request('http://localhost/', { headers: { cookie: pair } }))).toast : null
}

describe('requireSession', () => {
  it('without a session, sends to the login with the page to come back to and the message', async () => {
    const { context, calls } = services(() => json(500, {}))
    const res = await thrown(
      requireSession(await requestAs(null, '/user/dashboard/settings/banco-detalles?cuenta=2'), context, 'User'),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      '/login?redirectTo=%2Fuser%2Fdashboard%2Fsettings%2Fbanco-detalles%3Fcuenta%3D2',
    )
    expect(await toastOf(res)).toMatchObject({ type: 'info', message: 'Inicia sesión para continuar' })
    expect(calls).toEqual([])
  })

  it(
    'asks the users service about the cookie’s session, and a refused one goes to the ' +
      'login with the cookie cleared',
    async () => {
      for (const status of [401, 403]) {
        const { context, calls } = services(() => json(status, { message: 'No autorizado. Inicia sesión nuevamente.' }))
        const res = await thrown(requireSession(await requestAs(driver), context, 'User'))
        expect(calls).toEqual(['/auth/session/user'])
        expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fuser%2Fdashboard%2Fsettings%2Fseguridad')
        expect(cookies(res)).toMatch(/__fleeters_session=; Max-Age=0/)
        expect((await toastOf(res))?.message).toBe('Inicia sesión para continuar')
      }
    },
  )

  it('answers 503 while the service cannot say, never trusting the cookie alone', async () => {
    const { context } = services(() => json(503, { message: 'El servicio no está disponible' }))
    const res = await thrown(requireSession(await requestAs(driver), context, 'User'))
    expect(res.status).toBe(503)
    expect(cookies(res)).toBe('')
  })

  it('returns the session with the user as the service has it now', async () => {
    const { context } = services(live(driver, { firstname: 'Camila Andrea' }))
    const session = await requireSession(await requestAs(driver), context, 'User')
    expect(session.user.firstname).toBe('Camila Andrea')
    expect(session.token).toBe(token('User'))
  })

  it('asks the service once for the guards of one page request (its layout and its page)', async () => {
    const { context, calls } = services(live(driver))
    const request = await requestAs(driver)
    const [layout, page] = await Promise.all([
      requireSession(request, context, 'User'),
      requireSession(request, context, 'User'),
    ])
    expect(layout.user.firstname).toBe('Camila')
    expect(page.user.firstname).toBe('Camila')
    expect(calls).toEqual(['/auth/session/user'])
  })

  it('asks again after the request sent a write, so a session its action ended is seen', async () => {
    let revoked = false
    const { context, calls } = services((path) =>
      path.startsWith('/auth/logout') ? ((revoked = true), json(200, {})) : revoked ? json(401, {}) : live(driver)(),
    )
    const request = await requestAs(driver)
    await requireSession(request, context, 'User')
    await authApi.logout(context, 'User', token('User'))
    const res = await thrown(requireSession(request, context, 'User'))
    expect(res.headers.get('location')).toMatch(/^\/login/)
    expect(calls).toEqual(['/auth/session/user', '/auth/logout/user', '/auth/session/user'])
  })

  it('asks again for another request, so a session ended between two pages is seen', async () => {
    let revoked = false
    const { calls, context } = services(() => (revoked ? json(401, { message: 'Sesión no válida' }) : live(driver)()))
    await requireSession(await requestAs(driver), context, 'User')
    revoked = true
    const res = await thrown(requireSession(await requestAs(driver), { ...context }, 'User'))
    expect(res.headers.get('location')).toMatch(/^\/login/)
    expect(calls).toEqual(['/auth/session/user', '/auth/session/user'])
  })

  it('sends a driver in the company area to the driver home with a message, keeping the session', async () => {
    const { context, calls } = services(live(driver))
    const res = await thrown(requireSession(await requestAs(driver, '/business/dashboard'), context, 'business'))
    expect(calls).toEqual(['/auth/session/user'])
    expect(res.headers.get('location')).toBe('/user/dashboard/home')
    expect(await toastOf(res)).toMatchObject({ type: 'info', message: 'Esa sección es para empresas' })
    expect(cookies(res)).not.toMatch(/__fleeters_session/)
  })

  it('sends a company in the driver area to the company home with a message, keeping the session', async () => {
    const { context, calls } = services(live(company))
    const res = await thrown(requireSession(await requestAs(company, '/user/dashboard/home'), context, 'User'))
    expect(calls).toEqual(['/auth/session/business'])
    expect(res.headers.get('location')).toBe('/business/dashboard')
    expect((await toastOf(res))?.message).toBe('Esa sección es para conductores')
    expect(cookies(res)).not.toMatch(/__fleeters_session/)
  })

  it('sends other roles away from the console to / with their session (decision 23)', async () => {
    const { context } = services(live(driver))
    const res = await thrown(requireSession(await requestAs(driver, '/admin'), context, 'admin'))
    expect(res.headers.get('location')).toBe('/')
    expect(cookies(res)).toBe('')
  })
})
