import { e2eDatabase, newDriver, pdfFile } from './driver-session'
import { expect, test } from './fixtures'
import { apiToken } from './marketplace-support'

/**
 * The web tier's guards on every page (server.ts): a form posted from another site is refused
 * (hono/csrf), and the answers carry the security headers (hono/secure-headers), with a
 * Content-Security-Policy on documents only, whose nonce is the one React Router's scripts carry.
 * Plain HTTP: once is enough (the JS project).
 */
test.skip(({ jsEnabled }) => !jsEnabled, 'HTTP only: once is enough')

const base = () => process.env.E2E_BASE_URL!
const REFUSED = 'Origen no permitido'

/** A urlencoded POST /login (a wrong password: 400 when let through) with the given headers. */
function postLogin(headers: Record<string, string>) {
  return fetch(`${base()}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email: 'nadie@example.cl', password: 'clave-equivocada' }),
  })
}

test.describe('forms are accepted from our own pages only', () => {
  test('another site’s Origin is refused with 403 and a Spanish text, before the action runs', async () => {
    // An Origin that is not a URL at all is refused too (it used to be a 500).
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example', 'no es una url']) {
      const res = await postLogin({ origin })
      expect([origin, res.status, await res.text()]).toEqual([origin, 403, REFUSED])
    }
    // A browser that sends no Origin still says where the request came from.
    const crossSite = await postLogin({ 'sec-fetch-site': 'cross-site' })
    expect([crossSite.status, await crossSite.text()]).toEqual([403, REFUSED])
    const multipart = new FormData()
    multipart.set('email', 'nadie@example.cl')
    const upload = await fetch(`${base()}/user/dashboard/home`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.example' },
      body: multipart,
    })
    expect(upload.status).toBe(403)
  })

  test(
    'our own host (behind a TLS proxy too), Origin null, and clients that are not ' + 'browsers get through',
    async () => {
      const host = new URL(base()).host
      const cases: Record<string, string>[] = [
        { origin: new URL(base()).origin },
        { origin: `https://${host}` },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-origin' },
        {},
      ]
      for (const headers of cases) {
        const res = await postLogin(headers)
        expect([JSON.stringify(headers), res.status]).not.toEqual([JSON.stringify(headers), 403])
        expect(await res.text()).not.toBe(REFUSED)
      }
    },
  )
})

test('behind a TLS proxy (https Origin, http URL) a form is answered by its action, not aborted', async () => {
  const host = new URL(base()).host
  const direct = await postLogin({ origin: new URL(base()).origin })
  const proxied = await postLogin({ origin: `https://${host}` })
  expect(proxied.status).toBe(direct.status)
  expect(await proxied.text()).toContain('Correo o contraseña incorrectos')
})

test.describe('security headers', () => {
  test('a page carries the document policy with a fresh nonce, the one on every script', async () => {
    for (const path of ['/', '/', '/login', '/login']) {
      const res = await fetch(`${base()}${path}`)
      expect(res.status).toBe(200)
      const csp = res.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce, csp).toBeTruthy()
      expect(csp).toBe(
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          "connect-src 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "object-src 'none'",
        ].join('; '),
      )
      const html = await res.text()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      // The e2e server runs with NODE_ENV=production.
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers.get('x-powered-by')).toBeNull()
    }
    const [a, b] = await Promise.all([fetch(`${base()}/`), fetch(`${base()}/`)])
    expect(a.headers.get('content-security-policy')).not.toBe(b.headers.get('content-security-policy'))
  })

  test('what is not a document gets the other headers but not the document policy', async () => {
    const sitemap = await fetch(`${base()}/sitemap.xml`)
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers.get('content-type')).toMatch(/xml/)
    expect(sitemap.headers.get('content-security-policy')).toBeNull()
    expect(sitemap.headers.get('x-content-type-options')).toBe('nosniff')
    expect(sitemap.headers.get('x-frame-options')).toBe('DENY')
  })

  test('a stored PDF keeps its sandbox policy', async ({ page }) => {
    const driver = await newDriver(page)
    const token = await apiToken(page.request, driver.email, driver.password)
    const stored = await page.request.post('/api/users/upload-files-user', {
      headers: { 'auth-user': token },
      multipart: { padron_vehiculo_frontal: pdfFile('padron.pdf') },
    })
    expect(stored.status()).toBeLessThan(300)
    const db = e2eDatabase()
    const { id } = db
      .prepare(
        'SELECT max(f.id) AS id FROM user_files f JOIN users u ON u.id = f.user_id WHERE ' +
          "u.email = ? AND f.purpose_name = 'padron_vehiculo_frontal'",
      )
      .get(driver.email) as { id: number }
    db.close()
    const file = await page.request.get(`/user/dashboard/archivos/${id}`)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    expect(file.headers()['content-security-policy']).toBe('sandbox')
    expect(file.headers()['x-content-type-options']).toBe('nosniff')
  })
})
