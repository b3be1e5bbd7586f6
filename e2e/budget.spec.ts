import zlib from 'node:zlib'
import { expect, test } from './fixtures'

/**
 * JS budgets (docs/architecture.md § Performance): a bare React Router page ships ~109 KB gzip; `/` may add 16
 * (≤ 125 KB), a form page 50 (≤ 159 KB). CSS ≤ 25 KB gzip. Measured on what the browser loads.
 */
const BUDGETS: Array<[string, number]> = [
  ['/', 125],
  ['/login', 159],
  ['/register', 159],
]

for (const [path, kb] of BUDGETS) {
  test(`${path} loads at most ${kb} KB of gzip JS and 25 KB of CSS`, async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    const sizes = { js: 0, css: 0 }
    const pending: Promise<void>[] = []
    page.on('response', (res) => {
      const type = res.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      pending.push(
        res.body().then((body) => {
          sizes[type === 'script' ? 'js' : 'css'] += zlib.gzipSync(body, { level: 9 }).byteLength
        }),
      )
    })
    await page.goto(path, { waitUntil: 'networkidle' })
    await Promise.all(pending)
    console.log(`${path}: JS ${(sizes.js / 1024).toFixed(1)} KB, CSS ${(sizes.css / 1024).toFixed(1)} KB (gzip)`)
    expect(sizes.js / 1024).toBeLessThanOrEqual(kb)
    expect(sizes.css / 1024).toBeLessThanOrEqual(25)
  })
}

/**
 * Issue 14 item 4: the one render-blocking file, the stylesheet, is asked for before the ~15
 * `modulepreload` scripts (root.tsx `links` with `precedence`); with the preloads first it waited
 * behind them on a slow connection. No public page blocks its first paint on a second stylesheet.
 */
const PUBLIC_PAGES = ['/', '/empresas', '/contacto', '/ayuda', '/preguntas-frecuentes', '/terminos-condiciones', '/login', '/register']

test('public pages list their one stylesheet before any modulepreload', async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => /\brel="([^"]+)"/.exec(tag)?.[1])
    const stylesheets = links.flatMap((rel, i) => (rel === 'stylesheet' ? [i] : []))
    const firstPreload = links.indexOf('modulepreload')
    expect(stylesheets, `${path}: stylesheets in the head`).toHaveLength(1)
    expect(firstPreload, `${path}: modulepreloads in the head`).toBeGreaterThan(-1)
    expect(stylesheets[0]!, `${path}: the stylesheet comes before the first modulepreload`).toBeLessThan(firstPreload)
  }
})
