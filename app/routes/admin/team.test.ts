import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { commitSession, type SessionUser } from '#app/.server/session'
import { REAUTH_REQUIRED_MESSAGE } from '#domain/validation/staff'
import { action } from './team'

/**
 * «Equipo»'s role change through the shared form action: the service's 403 that asks for a recent
 * proof of identity leads to the re-authentication page (coming back to the member's row), before
 * the rule that any other 401/403 of a service ends the session; other refusals show on the row.
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
  staff_role: 'administrador',
}

function token() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const claims = { sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 }
  return `${part({ alg: 'HS256' })}.${part(claims)}.firma`
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The users service: the session is live (an administrador's); the role change answers `answer`. */
function services(answer: () => Response): AppLoadContext {
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
            staff_role: 'administrador',
          })
        if (pathname === '/admin/staff/7/role') return answer()
        return json(404, { message: 'No encontrado' })
      },
    },
  }
}

async function post(answer: () => Response, fields: Record<string, string> = { id: '7', role: 'revisor' }) {
  const cookie = (await commitSession(new Request('http://localhost/admin/equipo'), token(), admin)).split(';')[0]!
  const request = new Request('http://localhost/admin/equipo', {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams(fields),
  })
  return action({ request, context: services(answer), params: {} } as Parameters<typeof action>[0]).then(
    (answered: unknown) => answered,
    (thrown: unknown) => thrown,
  )
}

describe('POST /admin/equipo', () => {
  it('goes to the re-authentication page when the service asks for it, back to the member', async () => {
    const outcome = await post(() => json(403, { message: REAUTH_REQUIRED_MESSAGE }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).status).toBe(302)
    expect((outcome as Response).headers.get('location')).toBe('/admin/confirmar?volver=%2Fadmin%2Fequipo%23miembro-7')
  })

  it('ends the session on any other 403 of the service', async () => {
    const outcome = await post(() => json(403, { message: 'No autorizado' }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fequipo')
  })

  it('shows another refusal on the member’s row, with a reply id', async () => {
    const outcome = (await post(() => json(409, { message: 'Debe quedar al menos un administrador.' }))) as {
      data: { intent: string; id: string; member: number; errors: string[] }
      init: ResponseInit | null
    }
    expect(outcome.init?.status).toBe(409)
    expect(outcome.data).toMatchObject({
      intent: '',
      member: 7,
      errors: ['Debe quedar al menos un administrador.'],
    })
    expect(outcome.data.id).toEqual(expect.any(String))
  })

  it('refuses a role that is not one, on the row', async () => {
    const outcome = (await post(() => json(200, { message: 'Rol actualizado.' }), { id: '7', role: 'jefe' })) as {
      data: { member: number; errors: string[] }
      init: ResponseInit | null
    }
    expect(outcome.init?.status).toBe(400)
    expect(outcome.data).toMatchObject({ member: 7, errors: ['Elige un rol válido.'] })
  })
})
