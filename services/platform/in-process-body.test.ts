import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resetPasswordRequestSchema } from '#domain/validation/auth'
import { contactSchema, businessContactSchema } from '#domain/validation/contact'
import { inProcessCaller, inProcessEnv } from './auth'
import { defineRoute, jsonBody, jsonResponse, OpenAPIHono } from './contract'
import { errorResponse } from './http'
import { IN_PROCESS_BODY, sharedSchemaName } from './in-process'

/**
 * A body the page checked with a route's own schema reaches the handler as it is when the call
 * stays in the process; from anywhere else, or checked with another schema, the route parses and
 * validates it as always.
 */
function app() {
  const seen: unknown[] = []
  const a = new OpenAPIHono()
  a.onError(errorResponse)
  defineRoute(
    a,
    {
      method: 'post',
      path: '/reset',
      operationId: 'reset',
      security: [],
      request: { body: jsonBody(resetPasswordRequestSchema) },
      responses: { 200: jsonResponse(z.object({ email: z.string() }), 'Visto') },
    },
    (c) => {
      const value = c.req.valid('json')
      seen.push(value)
      return c.json({ email: value.email })
    },
  )
  return { a, seen }
}

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://services.internal/reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

describe('a body checked by the page', () => {
  const checked = (value: object, schema = 'resetPasswordRequest') => ({ value, schema })

  it('in process, with the route’s schema: the handler gets that value; the request’s JSON is not read', async () => {
    const { a, seen } = app()
    const call = inProcessCaller((req, env) => a.fetch(req, env))
    const value = { email: 'ana@example.cl' }
    // Malformed JSON, which the route answers 400 whenever it reads it.
    const res = await call(post('{'), checked(value))
    expect(res.status).toBe(200)
    expect(seen[0]).toBe(value)
  })

  it('checked with another schema: the route validates the JSON as always', async () => {
    const { a, seen } = app()
    const call = inProcessCaller((req, env) => a.fetch(req, env))
    const res = await call(post('{"email":"no-es-correo"}'), checked({ email: 'ana@example.cl' }, 'contact'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Correo electrónico inválido' })
    expect(seen).toEqual([])
  })

  it('the next call of the same page carries nothing: only the call it was given for skips', async () => {
    const { a } = app()
    const call = inProcessCaller((req, env) => a.fetch(req, env))
    expect((await call(post('{'), checked({ email: 'ana@example.cl' }))).status).toBe(200)
    expect((await call(post('{'))).status).toBe(400)
  })

  it('from outside (no env, whatever the request carries) the route validates', async () => {
    const { a, seen } = app()
    const res = await a.fetch(post('{"email":"no-es-correo"}', { 'x-checked-schema': 'resetPasswordRequest' }))
    expect(res.status).toBe(400)
    // An env that is not the page's (a plain object, as a platform adapter might pass) is no different.
    const other = await a.fetch(post('{"email":"no-es-correo"}'), { checked: checked({ email: 'ana@example.cl' }) })
    expect(other.status).toBe(400)
    expect(seen).toEqual([])
  })

  it('under test, a checked value the route would refuse fails loudly instead of passing', async () => {
    const { a, seen } = app()
    const env = { ...inProcessEnv(), [IN_PROCESS_BODY]: checked({ email: 'no-es-correo' }) }
    const res = await a.fetch(post('{}'), env)
    expect(res.status).toBe(500)
    expect(seen).toEqual([])
  })

  it('names each shared schema once, and knows no other', () => {
    expect(sharedSchemaName(resetPasswordRequestSchema)).toBe('resetPasswordRequest')
    expect(sharedSchemaName(contactSchema)).toBe('contact')
    expect(sharedSchemaName(businessContactSchema)).toBe('businessContact')
    expect(sharedSchemaName(z.object({ email: z.string() }))).toBeUndefined()
  })
})
