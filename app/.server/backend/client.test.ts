import type { AppLoadContext } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { callService, clearPublicCache } from './client'

/** A services app that counts calls and marks /public as cacheable for 10 s. */
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
        const headers: Record<string, string> = path.startsWith('/public')
          ? { 'cache-control': 'public, max-age=10' }
          : {}
        return Response.json({ n: calls.length, list: [1, 2] }, { headers })
      },
    },
  } as AppLoadContext
  return { context, calls, generation }
}

describe('callService public content cache', () => {
  beforeEach(() => clearPublicCache())

  it('reuses a public answer and never an uncacheable or authenticated one', async () => {
    const { context, calls } = fakeContext()
    const a = await callService<{ n: number }>(context, 'general', '/public/faqs')
    const b = await callService<{ n: number }>(context, 'general', '/public/faqs')
    expect(a.ok && b.ok && a.data.n === b.data.n).toBe(true)
    await callService(context, 'general', '/private/x')
    await callService(context, 'general', '/private/x')
    await callService(context, 'general', '/public/faqs', { auth: { role: 'User', token: 't' } })
    expect(calls).toEqual(['GET /public/faqs', 'GET /private/x', 'GET /private/x', 'GET /public/faqs'])
  })

  it('forgets on a write through the client and on a write the server saw', async () => {
    const { context, calls, generation } = fakeContext()
    await callService(context, 'general', '/public/faqs')
    await callService(context, 'business', '/business/anything', { json: { a: 1 } })
    await callService(context, 'general', '/public/faqs')
    generation.value++
    await callService(context, 'general', '/public/faqs')
    expect(calls.filter((c) => c === 'GET /public/faqs')).toHaveLength(3)
  })

  it('hands out frozen data so no request can change what the next one reads', async () => {
    const { context } = fakeContext()
    await callService(context, 'general', '/public/faqs')
    const res = await callService<{ list: number[] }>(context, 'general', '/public/faqs')
    expect(res.ok && Object.isFrozen(res.data.list)).toBe(true)
  })
})
