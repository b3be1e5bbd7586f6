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
