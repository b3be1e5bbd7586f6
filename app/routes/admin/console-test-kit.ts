import type { AppLoadContext } from 'react-router'
import { commitSession } from '#app/.server/session'
import { sessionUser } from '#app/.server/testing/session-user'

/** What the console's route tests share: an administradora signed in, and the services faked by path. */
export const consoleAdmin = sessionUser('admin')

/** A token the web tier carries (it only reads the claims; the services would check the signature). */
function token() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const claims = { sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }
  return `${part({ alg: 'HS256' })}.${part(claims)}.firma`
}

/** The session cookie of `consoleAdmin` for a request to `url`. */
export async function consoleCookie(url: string): Promise<string> {
  return (await commitSession(new Request(url), token(), consoleAdmin)).split(';')[0]!
}

export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * The services as a route sees them: the guard's session check answers the administradora, every
 * other path what `answer` gives for it (a 404 when it gives nothing).
 */
export function consoleServices(
  answer: (pathname: string) => Response | undefined | Promise<Response | undefined>,
): AppLoadContext {
  return {
    nonce: 'n',
    clientIp: '127.0.0.1',
    services: {
      async fetch(request: Request) {
        const { pathname } = new URL(request.url)
        if (pathname === '/auth/session/admin')
          return jsonAnswer(200, {
            role: 'admin',
            email: consoleAdmin.email,
            firstname: consoleAdmin.firstname,
            lastname: consoleAdmin.lastname,
            img_profile: null,
            email_verified: true,
            staff_role: consoleAdmin.staff_role,
          })
        return (await answer(pathname)) ?? jsonAnswer(404, { message: 'No encontrado' })
      },
    },
  }
}
