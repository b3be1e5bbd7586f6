import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cachedResponse, createPageCache, preferredEncoding } from './page-cache'

const gunzip = promisify(zlib.gunzip)
const unbrotli = promisify(zlib.brotliDecompress)

const HTML_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' }
const get = (path: string, headers: Record<string, string> = HTML_HEADERS) => new Request(`http://localhost${path}`, { headers })
const page = (nonce: string, init: ResponseInit = {}) =>
  new Response(`<html><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></html>`, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    ...init,
  })

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(null)).toBeNull()
  })
})

describe('page cache', () => {
  const cache = () => createPageCache({ paths: ['/'], ttlMs: 10_000 })

  it('only takes anonymous GET document requests of the listed paths without a query', () => {
    const c = cache()
    expect(c.eligible(get('/'))).toBe(true)
    expect(c.eligible(get('/?x=1'))).toBe(false)
    expect(c.eligible(get('/contacto'))).toBe(false)
    expect(c.eligible(get('/', { ...HTML_HEADERS, cookie: '__session=abc' }))).toBe(false)
    expect(c.eligible(get('/', { accept: 'application/json' }))).toBe(false)
    expect(c.eligible(new Request('http://localhost/', { method: 'POST', headers: HTML_HEADERS }))).toBe(false)
  })

  it('serves a kept page with a fresh nonce in every script tag', async () => {
    const c = cache()
    const captured = await c.capture(get('/'), page('OLDNONCE'), 'OLDNONCE', c.generation())
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
    await c.capture(get('/'), page('N1'), 'N1', c.generation())
    const gz = await cachedResponse(c.get(get('/'))!, 'N2', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect((await gunzip(Buffer.from(await gz.arrayBuffer()))).toString()).toContain('nonce="N2"')
    const br = await cachedResponse(c.get(get('/'))!, 'N3', 'gzip, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect((await unbrotli(Buffer.from(await br.arrayBuffer()))).toString()).toContain('nonce="N3"')
  })

  it('forgets everything on a write, and does not keep a page rendered during one', async () => {
    const c = cache()
    await c.capture(get('/'), page('N1'), 'N1', c.generation())
    c.invalidate()
    expect(c.get(get('/'))).toBeNull()
    const before = c.generation()
    c.invalidate() // a write while the page renders
    await c.capture(get('/'), page('N2'), 'N2', before)
    expect(c.get(get('/'))).toBeNull()
  })

  it('never keeps errors, cookies or already-compressed bodies', async () => {
    const c = cache()
    for (const res of [
      page('N', { status: 404 }),
      page('N', { headers: { 'content-type': 'text/html', 'set-cookie': 'toast=1' } }),
      page('N', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } }),
    ]) {
      expect(await c.capture(get('/'), res, 'N', c.generation())).toBeInstanceOf(Response)
    }
    expect(c.get(get('/'))).toBeNull()
  })

  it('renders anew for a reload (Cache-Control: no-cache) and after the TTL', async () => {
    const c = createPageCache({ paths: ['/'], ttlMs: 0 })
    await c.capture(get('/'), page('N'), 'N', c.generation())
    expect(c.get(get('/'))).toBeNull()
    const d = cache()
    await d.capture(get('/'), page('N'), 'N', d.generation())
    expect(d.get(get('/', { ...HTML_HEADERS, 'cache-control': 'no-cache' }))).toBeNull()
  })
})
