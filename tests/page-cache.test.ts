import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageCacheStats } from '#app/.server/page-cache'
import { postingBody } from '#services/testing/business'
import { startServer, type ServerProcess } from './server-process'

/**
 * End to end on a server process of its own (pages and services, the demo
 * data, the built app): the anonymous home page is kept across logins, searches and page form
 * posts, marketing parameters share it, and a company's new posting empties it at once, the
 * page then showing the posting. The cache's counters come from /internal/page-cache.
 */
describe('the page cache of a running server', () => {
  const secret = randomBytes(36).toString('base64url')
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({
      SERVICES: undefined,
      NODE_ENV: 'production',
      SEED_DEMO: 'always',
      INTERNAL_SECRET: secret,
      RATE_LIMIT_FACTOR: '1000',
    })
  }, 90_000)
  afterAll(async () => server?.stop())

  const stats = async (): Promise<PageCacheStats> => {
    const res = await fetch(`${server.url}/internal/page-cache`, { headers: { 'x-fleeters-internal': secret } })
    expect(res.status).toBe(200)
    return (await res.json()) as PageCacheStats
  }
  const home = async (query = '') => {
    const res = await fetch(`${server.url}/${query}`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    return res.text()
  }
  const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  it('keeps the page across writes that do not change it, and not across one that does', async () => {
    // The counters are not for anyone without the secret.
    expect((await fetch(`${server.url}/internal/page-cache`)).status).toBe(404)

    await home()
    await home('?utm_source=newsletter&utm_campaign=verano')
    await home('?gclid=abc')
    expect(await stats()).toMatchObject({ renders: 1, hits: 2 })

    // A login (API and page form), a failed one, a company's search of its own postings.
    const login = await api('/auth/login', { email: 'andes@demo.fleeters.cl', password: 'Fleeters2026' })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { token_jwt: string }).token_jwt
    expect((await api('/auth/login', { email: 'andes@demo.fleeters.cl', password: 'otraClave99' })).status).toBe(401)
    expect(
      (await api('/business/search-my-job-postings', { search: 'reparto' }, { 'auth-business': token })).status,
    ).toBe(200)
    const form = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ email: 'conductor@demo.fleeters.cl', password: 'Fleeters2026' }),
      redirect: 'manual',
    })
    expect(form.status).toBeLessThan(500)
    await home()
    expect(await stats()).toMatchObject({ renders: 1, hits: 3, invalidations: 0 })

    // Another query parameter is a different request: rendered, not answered from the cache.
    await home('?pagina=2')
    expect(await stats()).toMatchObject({ renders: 1, hits: 3 })

    // A new posting is public content: every cached page goes, and the next view shows it.
    const title = `Ruta de prueba ${randomBytes(3).toString('hex')}`
    const created = await api('/business/create-job-posting', postingBody({ title }), { 'auth-business': token })
    expect(created.status).toBe(201)
    expect((await stats()).invalidations).toBe(1)
    expect(await home()).toContain(title)
    expect(await stats()).toMatchObject({ renders: 2, hits: 3 })
  }, 60_000)
})
