import type { AppLoadContext } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { commitSession, type SessionUser } from '#app/.server/session'
import { loader } from './home'

/**
 * The console's home asks two things of the service. When the session is
 * revoked between the guard's check and those calls, the first answer (401) must not leave a
 * rejected promise unhandled while the loader waits for the second: Node would end the process.
 */
const admin: SessionUser = {
  role: 'admin',
  email: 'olga@fleeters.cl',
  firstname: 'Olga',
  lastname: 'Operaciones',
  rut: null,
  phone: null,
  address: null,
  about_me: null,
  img_profile: null,
  email_verified: true,
}

function token() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const claims = { sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }
  return `${part({ alg: 'HS256' })}.${part(claims)}.firma`
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The services as the loader sees them: the session is live for the guard, then refused. */
function revokedMidway(): AppLoadContext {
  return {
    nonce: 'n',
    clientIp: '127.0.0.1',
    services: {
      async fetch(request: Request) {
        const { pathname } = new URL(request.url)
        if (pathname === '/auth/session/admin')
          return json(200, {
            role: 'admin',
            email: admin.email,
            firstname: admin.firstname,
            lastname: admin.lastname,
            img_profile: null,
            email_verified: true,
          })
        if (pathname === '/admin/summary') return json(401, { message: 'No autorizado' })
        // The second answer takes a while (a real round trip), so the first one is seen first.
        await new Promise((r) => setTimeout(r, 50))
        return json(200, [])
      },
    },
  }
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})

describe('GET /admin when the service refuses the session midway', () => {
  it('redirects to the login and leaves no promise unhandled', async () => {
    // Vitest's own listener would fail the run; this one records what Node would die of.
    const previous = process.listeners('unhandledRejection')
    process.removeAllListeners('unhandledRejection')
    process.on('unhandledRejection', onUnhandled)
    try {
      const cookie = (await commitSession(new Request('http://localhost/admin'), token(), admin)).split(';')[0]!
      const request = new Request('http://localhost/admin', { headers: { cookie } })
      const outcome = await loader({ request, context: revokedMidway(), params: {} } as Parameters<
        typeof loader
      >[0]).then(
        () => null,
        (thrown: unknown) => thrown,
      )
      await new Promise((r) => setTimeout(r, 100))
      expect(unhandled).toEqual([])
      expect(outcome).toBeInstanceOf(Response)
      expect((outcome as Response).status).toBe(302)
      expect((outcome as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin')
    } finally {
      process.off('unhandledRejection', onUnhandled)
      for (const l of previous) process.on('unhandledRejection', l as (...args: unknown[]) => void)
    }
  })
})
