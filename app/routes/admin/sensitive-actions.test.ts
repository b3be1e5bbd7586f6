import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { commitSession, type SessionUser } from '#app/.server/session'
import { REAUTH_REQUIRED_MESSAGE } from '#domain/validation/staff'
import { action as contentAction } from './content'
import { action as teamAction } from './team'

/**
 * The console's sensitive actions (a role change in «Equipo», a deletion in «Contenido») through the
 * shared form action: the service's 403 that asks for a recent proof of identity leads to the
 * re-authentication page (coming back to the item), before the rule that any other 401/403 of a
 * service ends the session; other refusals show beside the item.
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

/** The users service: the session is live (an administrador's); the action's own call answers `answer`. */
function services(path: string, answer: () => Response): AppLoadContext {
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
        if (pathname === path) return answer()
        return json(404, { message: 'No encontrado' })
      },
    },
  }
}

type Action = typeof teamAction | typeof contentAction

async function post(
  action: Action,
  page: string,
  fields: Record<string, string>,
  service: string,
  answer: () => Response,
) {
  const url = `http://localhost${page}`
  const cookie = (await commitSession(new Request(url), token(), admin)).split(';')[0]!
  const request = new Request(url, { method: 'POST', headers: { cookie }, body: new URLSearchParams(fields) })
  const args = { request, context: services(service, answer), params: {} }
  return (action as (a: typeof args) => Promise<unknown>)(args).then(
    (answered: unknown) => answered,
    (thrown: unknown) => thrown,
  )
}

const role = (answer: () => Response, fields: Record<string, string> = { id: '7', role: 'revisor' }) =>
  post(teamAction, '/admin/equipo', fields, '/admin/staff/7/role', answer)

describe('POST /admin/equipo', () => {
  it('goes to the re-authentication page when the service asks for it, back to the member', async () => {
    const outcome = await role(() => json(403, { message: REAUTH_REQUIRED_MESSAGE }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).status).toBe(302)
    expect((outcome as Response).headers.get('location')).toBe('/admin/confirmar?volver=%2Fadmin%2Fequipo%23miembro-7')
  })

  it('ends the session on any other 403 of the service', async () => {
    const outcome = await role(() => json(403, { message: 'No autorizado' }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fequipo')
  })

  it('shows another refusal on the member’s row, with a reply id', async () => {
    const outcome = (await role(() => json(409, { message: 'Debe quedar al menos un administrador.' }))) as {
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
    const outcome = (await role(() => json(200, { message: 'Rol actualizado.' }), { id: '7', role: 'jefe' })) as {
      data: { member: number; errors: string[] }
      init: ResponseInit | null
    }
    expect(outcome.init?.status).toBe(400)
    expect(outcome.data).toMatchObject({ member: 7, errors: ['Elige un rol válido.'] })
  })
})

describe('POST /admin/contenido, intent delete', () => {
  const remove = (answer: () => Response) =>
    post(
      contentAction,
      '/admin/contenido',
      { intent: 'delete', list: 'faqs', item: '3' },
      '/admin/content/faqs/3',
      answer,
    )

  it('goes to the re-authentication page when the service asks for it, back to the item', async () => {
    const outcome = await remove(() => json(403, { message: REAUTH_REQUIRED_MESSAGE }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).headers.get('location')).toBe('/admin/confirmar?volver=%2Fadmin%2Fcontenido%23faqs-3')
  })

  it('ends the session on any other 403 of the service', async () => {
    const outcome = await remove(() => json(403, { message: 'No autorizado' }))
    expect(outcome).toBeInstanceOf(Response)
    expect((outcome as Response).headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fcontenido')
  })

  it('shows another refusal in the item’s form', async () => {
    const outcome = (await remove(() => json(404, { message: 'Elemento no encontrado.' }))) as {
      data: { intent: string; key: string; errors: string[] }
      init: ResponseInit | null
    }
    expect(outcome.init?.status).toBe(404)
    expect(outcome.data).toMatchObject({ intent: 'delete', key: 'faqs-3', errors: ['Elemento no encontrado.'] })
  })
})
