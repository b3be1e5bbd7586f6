import { describe, expect, it } from 'vitest'
import { REAUTH_REQUIRED_MESSAGE } from '#domain/validation/staff'
import { consoleCookie, consoleServices, jsonAnswer as json } from './console-test-kit'
import { action as contentAction } from './content'
import { action as teamAction } from './team'

/**
 * The console's sensitive actions (a role change in «Equipo», a deletion in «Contenido») through the
 * shared form action: the service's 403 that asks for a recent proof of identity leads to the
 * re-authentication page (coming back to the item), before the rule that any other 401/403 of a
 * service ends the session; other refusals show beside the item.
 */
type Action = typeof teamAction | typeof contentAction

async function post(
  action: Action,
  page: string,
  fields: Record<string, string>,
  service: string,
  answer: () => Response,
) {
  const url = `http://localhost${page}`
  const cookie = await consoleCookie(url)
  const request = new Request(url, { method: 'POST', headers: { cookie }, body: new URLSearchParams(fields) })
  const args = { request, context: consoleServices((path) => (path === service ? answer() : undefined)), params: {} }
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
