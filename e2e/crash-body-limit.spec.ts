import http from 'node:http'
import { rssOf, startServer, type ServerProcess } from '../tests/server-process'
import { newDriver, SEND_UPLOAD } from './driver-session'
import { expect, test } from './fixtures'

/**
 * Page actions read bounded bodies. The memory figures need
 * a server of their own (its pid, nobody else's requests), so the first tests start server.ts
 * once more, with the same build; they run in the JS project only (no browser involved).
 */
const MB = 1024 * 1024

/** Sends `total` bytes of `a=aaaa…` (urlencoded) or multipart filler, chunked or with Content-Length. */
function post(base: string, path: string, total: number, opts: { chunked?: boolean; type?: string } = {}) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now()
    const url = new URL(path, base)
    const headers: Record<string, string> = {
      'content-type': opts.type ?? 'application/x-www-form-urlencoded',
      origin: url.origin,
    }
    if (!opts.chunked) headers['content-length'] = String(total)
    const req = http.request(url, { method: 'POST', headers })
    let answered = false
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }))
      res.on('error', () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }))
    })
    // The server may answer and close before the upload ends: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const chunk = Buffer.alloc(MB, 'a')
    chunk.write('a=')
    let sent = 0
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        const n = Math.min(MB, total - sent)
        sent += n
        if (!req.write(n === MB ? chunk : chunk.subarray(0, n))) return req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}

test.describe('bounded request bodies (own server process)', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'HTTP only: once is enough')
  let server: ServerProcess

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    server = await startServer({ SERVICES: undefined, NODE_ENV: 'production', RATE_LIMIT_FACTOR: '1000' })
  })
  test.afterAll(async () => server?.stop())

  test('a 50 MB urlencoded POST /login gets 413 and the process grows by less than 10 MB', async () => {
    test.setTimeout(60_000)
    // Warm up the page and the action so their code is loaded before measuring.
    for (let i = 0; i < 3; i++) await post(server.url, '/login', 100)
    await new Promise((r) => setTimeout(r, 500))
    const before = rssOf(server.pid)
    const declared = await post(server.url, '/login', 50 * MB)
    const chunked = await post(server.url, '/login', 50 * MB, { chunked: true })
    await new Promise((r) => setTimeout(r, 1000))
    const after = rssOf(server.pid)
    const grown = (after - before) / MB
    console.info(
      `[body-limit] 50 MB POST /login: ${declared.status} in ${declared.ms} ms ` +
        `(Content-Length), ${chunked.status} in ${chunked.ms} ms (chunked); RSS ${(before / MB).toFixed(0)} ` +
        `→ ${(after / MB).toFixed(0)} MB (+${grown.toFixed(1)} MB)`,
    )
    expect(declared.status).toBe(413)
    expect(chunked.status).toBe(413)
    expect(declared.body).toContain('La solicitud es demasiado grande')
    expect(grown).toBeLessThan(10)
    // The same process still serves pages.
    expect((await fetch(`${server.url}/login`)).status).toBe(200)
  })

  test('a multipart body past the upload limit gets 413 from Content-Length or while streaming', async () => {
    const type = 'multipart/form-data; boundary=x'
    const declared = await post(server.url, '/login', 20 * MB, { type })
    const chunked = await post(server.url, '/login', 20 * MB, { type, chunked: true })
    expect([declared.status, chunked.status]).toEqual([413, 413])
    expect(chunked.body).toContain('La solicitud es demasiado grande')
  })
})

test('without JS, a document over 5 MB gets the page with the message (413), not a reset', async ({
  page,
  jsEnabled,
}) => {
  test.skip(jsEnabled, 'the no-JS form post')
  await newDriver(page)
  await page.getByRole('link', { name: 'Añadir documento: SOAP (frontal)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Subir documento: SOAP (frontal)' })
  const big = Buffer.alloc(6 * MB)
  Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d]).copy(big)
  await dialog
    .getByLabel('Elegir archivo')
    .setInputFiles({ name: 'soap.pdf', mimeType: 'application/pdf', buffer: big })
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    dialog.getByRole('button', { name: SEND_UPLOAD }).click(),
  ])
  expect(response.status()).toBe(413)
  await expect(page.getByText('El archivo no puede ser mayor a 5MB.')).toBeVisible()
})
