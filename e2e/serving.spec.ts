import { expect, test } from './fixtures'

/**
 * In a browser: a campaign link (utm_*, gclid) opens the home page
 * and it works (hydrates, navigates); the scripts and styles it loads
 * come pre-compressed as built, with an immutable cache and Vary: Accept-Encoding.
 */
test('a campaign link opens a working home page', async ({ page, jsEnabled }) => {
  await page.goto('/')
  await page.goto('/?utm_source=newsletter&utm_medium=email&gclid=abc123')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conduce con Fleeters y gana más con tus rutas')
  if (jsEnabled) await expect(page.locator('body')).toHaveAttribute('data-hydrated', /.*/)
  await page.getByRole('main').getByRole('link', { name: 'Conoce los servicios para empresas' }).click()
  await expect(page).toHaveURL(/\/empresas$/)
})

test('assets are sent as built: Brotli, gzip or plain, never compressed per request', async ({
  request,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'no browser involved: once is enough')
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text()
  const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0])
  expect(assets.length).toBeGreaterThan(1)
  const [script] = assets.filter((a) => a.endsWith('.js'))
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers()['content-encoding']).toBeUndefined()
  const size = (await plain.body()).length
  expect(plain.headers()['content-length']).toBe(String(size))
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    // Playwright would decode the body; the length on the wire is what the header says.
    const res = await request.fetch(script!, { headers: { 'accept-encoding': accept } })
    const headers = res.headers()
    expect(headers['content-encoding']).toBe(encoding)
    expect(headers['vary']).toMatch(/Accept-Encoding/i)
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(headers['content-type']).toMatch(/^text\/javascript/)
    expect(Number(headers['content-length'])).toBeLessThan(size / 2)
  }
})

test('a document with nothing deferred is sent whole: compressed once, with its length', async ({
  request,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'no browser involved: once is enough')
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const res = await request.get('/terminos-condiciones', {
      headers: { accept: 'text/html', 'accept-encoding': accept },
    })
    const headers = res.headers()
    expect(res.status()).toBe(200)
    expect(headers['content-encoding']).toBe(encoding)
    expect(headers['transfer-encoding']).toBeUndefined()
    expect(Number(headers['content-length'])).toBeGreaterThan(0)
    const html = await res.text()
    expect(html).toMatch(/^<!DOCTYPE html>/)
    expect(html.trimEnd()).toMatch(/<\/html>$/)
    if (encoding) expect(Number(headers['content-length'])).toBeLessThan(Buffer.byteLength(html) / 2)
  }
})

test("a page's scripts are the same when the server remembers them, each with the response's nonce", async ({
  request,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'no browser involved: once is enough')
  // A path no other test asks for: the first render works the scripts out, the second reuses them
  // (ScriptsAfterPaint's server cache); only the nonce may differ.
  const path = `/e2e-scripts-${Date.now()}/uno/dos`
  const pages = []
  for (let i = 0; i < 2; i++) {
    const res = await request.get(path, { headers: { accept: 'text/html' } })
    expect(res.status()).toBe(404)
    const html = await res.text()
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1]
    expect(nonce).toBeTruthy()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThanOrEqual(3)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    expect(html).toContain('window.__reactRouterContext = ')
    expect(html).toContain('__reactRouterManifest')
    pages.push({ nonce: nonce!, html: html.split(nonce!).join('NONCE') })
  }
  expect(pages[0]!.nonce).not.toBe(pages[1]!.nonce)
  expect(pages[1]!.html).toBe(pages[0]!.html)
})
