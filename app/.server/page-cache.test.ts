import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cachedResponse, createPageCache } from './page-cache'

const gunzip = promisify(zlib.gunzip)
const unbrotli = promisify(zlib.brotliDecompress)

const HTML_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' }
const get = (path: string, headers: Record<string, string> = HTML_HEADERS) =>
  new Request(`http://localhost${path}`, { headers })
const page = (nonce: string, init: ResponseInit = {}) =>
  new Response(`<html><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></html>`, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    ...init,
  })

describe('page cache', () => {
  const cache = () => createPageCache({ paths: ['/'], ttlMs: 10_000 })

  it('only takes anonymous GET document requests of the listed paths without a query', () => {
    const c = cache()
    expect(c.eligible(get('/'))).toBe(true)
    expect(c.eligible(get('/?x=1'))).toBe(false)
    expect(c.eligible(get('/?utm_source=x&q=1'))).toBe(false)
    expect(c.eligible(get('/contacto'))).toBe(false)
    expect(c.eligible(get('/', { ...HTML_HEADERS, cookie: '__session=abc' }))).toBe(false)
    expect(c.eligible(get('/', { accept: 'application/json' }))).toBe(false)
    expect(c.eligible(new Request('http://localhost/', { method: 'POST', headers: HTML_HEADERS }))).toBe(false)
  })

  it('serves a kept page with a fresh nonce in every script tag', async () => {
    const c = cache()
    const captured = await c.fill(get('/'), 'OLDNONCE', async () => page('OLDNONCE'))
    expect(captured).not.toBeInstanceOf(Response)
    const hit = c.get(get('/'))
    expect(hit).not.toBeNull()
    const res = await cachedResponse(hit!, 'NEWNONCE', null)
    const html = await res.text()
    expect(html).not.toContain('OLDNONCE')
    expect(html.match(/nonce="NEWNONCE"/g)).toHaveLength(2)
  })

  it('compresses each copy for the client', async () => {
    const c = cache()
    await c.fill(get('/'), 'N1', async () => page('N1'))
    const gz = await cachedResponse(c.get(get('/'))!, 'N2', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect((await gunzip(Buffer.from(await gz.arrayBuffer()))).toString()).toContain('nonce="N2"')
    const br = await cachedResponse(c.get(get('/'))!, 'N3', 'gzip, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect((await unbrotli(Buffer.from(await br.arrayBuffer()))).toString()).toContain('nonce="N3"')
  })

  // zlib's asynchronous calls run on libuv's pool threads, whose malloc arenas keep what they free
  // (resident memory under load): a copy is compressed before the event loop turns again.
  it('compresses a copy on the calling thread, not on the thread pool', async () => {
    const c = cache()
    await c.fill(get('/'), 'N1', async () => page('N1'))
    for (const encoding of ['br', 'gzip']) {
      let ready = false
      void cachedResponse(c.get(get('/'))!, 'N2', encoding).then(() => (ready = true))
      await new Promise((resolve) => process.nextTick(resolve))
      expect(ready).toBe(true)
    }
  })

  it('forgets everything on invalidate, and does not keep a page rendered across one', async () => {
    const c = cache()
    await c.fill(get('/'), 'N1', async () => page('N1'))
    c.invalidate()
    expect(c.get(get('/'))).toBeNull()
    await c.fill(get('/'), 'N2', async () => {
      c.invalidate() // a public write commits while the page renders
      return page('N2')
    })
    expect(c.get(get('/'))).toBeNull()
  })

  it('never keeps errors, cookies or already-compressed bodies', async () => {
    const c = cache()
    for (const res of [
      page('N', { status: 404 }),
      page('N', { headers: { 'content-type': 'text/html', 'set-cookie': 'toast=1' } }),
      page('N', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } }),
    ]) {
      expect(await c.fill(get('/'), 'N', async () => res)).toBeInstanceOf(Response)
    }
    expect(c.get(get('/'))).toBeNull()
  })

  it('renders anew for a reload (Cache-Control: no-cache) and after the TTL', async () => {
    const c = createPageCache({ paths: ['/'], ttlMs: 0 })
    await c.fill(get('/'), 'N', async () => page('N'))
    expect(c.get(get('/'))).toBeNull()
    const d = cache()
    await d.fill(get('/'), 'N', async () => page('N'))
    expect(d.get(get('/', { ...HTML_HEADERS, 'cache-control': 'no-cache' }))).toBeNull()
  })

  it('leaves marketing parameters out of the key: one page for /, /?utm_source=… and /?gclid=…', async () => {
    const c = cache()
    expect(c.keyOf(get('/?utm_source=news&utm_medium=mail&utm_campaign=x'))).toBe('/')
    expect(c.keyOf(get('/?gclid=abc&fbclid=def&msclkid=g'))).toBe('/')
    expect(c.keyOf(get('/?utm_source=x&page=2'))).toBeNull()
    expect(c.eligible(get('/?utm_source=news&fbclid=1'))).toBe(true)
    let renders = 0
    await c.fill(get('/?utm_source=news'), 'N1', async () => (renders++, page('N1')))
    expect(c.get(get('/'))).not.toBeNull()
    expect(c.get(get('/?gclid=abc'))).not.toBeNull()
    expect(renders).toBe(1)
  })

  it('renders once for concurrent misses of one page (single flight), each answer with its own nonce', async () => {
    const c = createPageCache({ paths: ['/', '/preguntas-frecuentes'], ttlMs: 10_000 })
    let renders = 0
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const render = (nonce: string) => async () => {
      renders++
      await gate
      return page(nonce)
    }
    const results = Array.from({ length: 10 }, (_, i) =>
      c.fill(get(i % 2 ? '/?utm_source=x' : '/'), `N${i}`, render(`N${i}`)),
    )
    const other = c.fill(get('/preguntas-frecuentes'), 'F', async () => (renders++, page('F')))
    release()
    const pages = await Promise.all(results)
    await other
    expect(renders).toBe(2) // one for /, one for the other page
    for (const [i, p] of pages.entries()) {
      expect(p).not.toBeInstanceOf(Response)
      const html = await (await cachedResponse(p as Exclude<typeof p, Response>, `N${i}`, null)).text()
      expect(html.match(new RegExp(`nonce="N${i}"`, 'g'))).toHaveLength(2)
    }
    expect(c.stats()).toMatchObject({ renders: 2, coalesced: 9, hits: 0 })
    c.get(get('/'))
    expect(c.stats().hits).toBe(1)
  })

  it('a request that waited on a render it cannot reuse (an error, a cookie) renders itself', async () => {
    const c = cache()
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const first = c.fill(get('/'), 'A', async () => (await gate, page('A', { status: 503 })))
    const second = c.fill(get('/'), 'B', async () => page('B'))
    release()
    expect(await first).toBeInstanceOf(Response)
    expect(await second).not.toBeInstanceOf(Response)
    expect(c.stats()).toMatchObject({ renders: 2, coalesced: 0 })
  })

  it('does not join a render that started before an invalidation', async () => {
    const c = cache()
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const old = c.fill(get('/'), 'OLD', async () => (await gate, page('OLD')))
    c.invalidate()
    const fresh = c.fill(get('/'), 'NEW', async () => page('NEW'))
    release()
    await old
    const p = await fresh
    expect(p instanceof Response ? '' : p.html).toContain('NEW')
    expect(c.stats()).toMatchObject({ renders: 2, coalesced: 0, invalidations: 1 })
  })
})
