import type { AppLoadContext } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { checkedSchemaOf, parseForm } from '#app/.server/checked-forms'
import { resetPasswordRequestSchema } from '#domain/validation/auth'
import type { CheckedBody } from '#services/platform/in-process'
import { call, clearPublicCache } from './client'

const FAQS = '/general-data/get-faqs'

/** A services app that counts calls and marks the FAQ as cacheable for 10 s. */
function fakeContext(generation = { value: 0 }) {
  const calls: string[] = []
  const context = {
    nonce: 'n',
    clientIp: '127.0.0.1',
    writeGeneration: () => generation.value,
    services: {
      async fetch(request: Request) {
        const path = new URL(request.url).pathname
        calls.push(`${request.method} ${path}`)
        const headers: Record<string, string> = path === FAQS ? { 'cache-control': 'public, max-age=10' } : {}
        return Response.json({ n: calls.length, list: [1, 2] }, { headers })
      },
    },
  } as AppLoadContext
  return { context, calls, generation }
}

/** What the fake answers, whatever the operation's declared answer. */
const fake = (data: unknown) => data as { n: number; list: number[] }

const contact = { firstName: 'Ana', lastName: 'Rojas', email: 'ana@example.cl', phone: '+56912345678', message: 'Hola' }

describe('call: the public content cache', () => {
  beforeEach(() => clearPublicCache())

  it('reuses a public answer and never an uncacheable or authenticated one', async () => {
    const { context, calls } = fakeContext()
    const a = await call(context, 'general', 'get', FAQS)
    const b = await call(context, 'general', 'get', FAQS)
    expect(a.ok && b.ok && fake(a.data).n === fake(b.data).n).toBe(true)
    await call(context, 'general', 'get', '/general-data/get-statistics')
    await call(context, 'general', 'get', '/general-data/get-statistics')
    await call(context, 'general', 'get', FAQS, { auth: { role: 'User', token: 't' } })
    expect(calls).toEqual([
      `GET ${FAQS}`,
      'GET /general-data/get-statistics',
      'GET /general-data/get-statistics',
      `GET ${FAQS}`,
    ])
  })

  it('forgets on a write through the client and on a write the server saw', async () => {
    const { context, calls, generation } = fakeContext()
    await call(context, 'general', 'get', FAQS)
    await call(context, 'general', 'post', '/contact/send-email-contact', { json: contact })
    await call(context, 'general', 'get', FAQS)
    generation.value++
    await call(context, 'general', 'get', FAQS)
    expect(calls.filter((c) => c === `GET ${FAQS}`)).toHaveLength(3)
  })

  it('hands out frozen data so no request can change what the next one reads', async () => {
    const { context } = fakeContext()
    await call(context, 'general', 'get', FAQS)
    const res = await call(context, 'general', 'get', FAQS)
    expect(res.ok && Object.isFrozen(fake(res.data).list)).toBe(true)
  })
})

describe('call: the request it builds', () => {
  it('fills the path params, writes the query without empty values and sends the session header', async () => {
    const seen: Request[] = []
    const context = {
      services: {
        async fetch(request: Request) {
          seen.push(request)
          return Response.json({ message: 'No encontrado' }, { status: 404 })
        },
      },
    } as unknown as AppLoadContext
    const res = await call(context, 'users', 'get', '/admin/drivers/{id}/data-views', {
      params: { id: 7 },
      query: { page: 2 },
      auth: { role: 'admin', token: 'tok' },
    })
    await call(context, 'users', 'get', '/admin/drivers', {
      query: { q: '', page: 1 },
      auth: { role: 'admin', token: 't' },
    })
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`)).toEqual([
      'GET /admin/drivers/7/data-views?page=2',
      'GET /admin/drivers?page=1',
    ])
    expect(seen[0]!.headers.get('auth-admin')).toBe('tok')
    expect(res).toEqual({ ok: false, status: 404, message: 'No encontrado', body: { message: 'No encontrado' } })
  })

  it('answers the Spanish 503 when the service cannot be reached, without throwing', async () => {
    const context = {
      services: {
        fetch: () => Promise.reject(new Error('down')),
      },
    } as unknown as AppLoadContext
    const res = await call(context, 'general', 'get', '/general-data/get-statistics')
    expect(res).toEqual({ ok: false, status: 503, message: 'El servicio no está disponible. Intenta nuevamente.' })
  })
})

describe('call: a body the page checked', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(fields)) data.set(k, v)
    return data
  }
  function recording() {
    const given: (CheckedBody | undefined)[] = []
    const context = {
      services: {
        async fetch(_: Request, checked?: CheckedBody) {
          given.push(checked)
          return Response.json({ message: 'Listo' })
        },
      },
    } as unknown as AppLoadContext
    return { context, given }
  }

  it('goes along, in process, with the name of the schema that accepted it; any other body does not', async () => {
    const { context, given } = recording()
    const submission = parseForm(form({ email: 'ana@example.cl' }), resetPasswordRequestSchema)
    if (submission.status !== 'success') throw new Error('the form is valid')
    await call(context, 'users', 'post', '/auth/reset-password', { json: submission.value })
    await call(context, 'users', 'post', '/auth/reset-password', { json: { email: 'ana@example.cl' } })
    expect(given).toEqual([{ value: submission.value, schema: 'resetPasswordRequest' }, undefined])
    expect(given[0]!.value).toBe(submission.value)
  })

  it('an invalid form marks nothing', () => {
    const submission = parseForm(form({ email: 'no-es-correo' }), resetPasswordRequestSchema)
    expect(submission.status).not.toBe('success')
    expect(checkedSchemaOf(submission.value)).toBeUndefined()
  })
})
