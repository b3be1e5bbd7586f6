import zlib from 'node:zlib'
import type { Page } from '@playwright/test'
import { newDriver } from './driver-session'
import { expect, test } from './fixtures'
import { apiCompany, apiPosting, uiLogin } from './marketplace-support'
import { apiPowerLink } from './power-support'

/**
 * JS budgets (docs/architecture.md § Performance): a bare React Router page ships ~109 KB gzip; `/` may add 16
 * (≤ 125 KB). CSS ≤ 25 KB gzip. Measured on what the browser loads. A form page is measured after
 * the first focus on one of its fields, which loads its schema and zod (decision 13): the whole
 * weight of a filled-in form, not only of its first paint.
 */
const BUDGETS: Array<[string, number]> = [['/', 125]]

/**
 * Form pages after the first focus: at most 150 KB, the first focus's schema,
 * zod/mini and conform's parsing included (docs/architecture.md § Performance). Each form loads
 * its own schema module (decision 69): /empresas/registro the company's (domain/validation/
 * company.ts), not every marketplace schema.
 */
const FORM_AFTER_FOCUS_KB = 150
const FORMS: Array<[string, string, number?]> = [
  ['/login', 'Correo electrónico'],
  ['/register', 'Nombre'],
  ['/login/recuperar', 'Correo electrónico'],
  ['/contacto', 'Nombre'],
  ['/ayuda?tipo=Complaints&reclamo=PAGO', 'Nombre'],
  ['/empresas', 'Nombre de la empresa'],
  ['/empresas/registro', 'Nombre de la empresa'],
]
/**
 * The driver's own forms, in a session (a fresh context of the same driver: nothing cached). The
 * settings page loads its profile form and each dialog when the URL opens it (decision 69):
 * 149.8 KB with the profile form, 149.4 with the experience dialog (157.7 and 154.3 when the route
 * carried them all).
 */
const DRIVER_FORMS: Array<[string, string]> = [
  ['/user/dashboard/settings?editar=1', 'Nombre'],
  ['/user/dashboard/settings?modal=experiencia', 'Cargo'],
  ['/user/dashboard/settings/banco-detalles?modal=agregar', 'Nombre del titular'],
  ['/user/dashboard/settings/seguridad', 'Contraseña actual'],
]

function measure(page: Page) {
  const sizes = { js: 0, css: 0 }
  // BUDGET_FILES=1 prints every script of a page with its weight (what a page is made of).
  const files: Array<[string, number]> = []
  const pending: Promise<void>[] = []
  let last = Date.now()
  page.on('request', () => void (last = Date.now()))
  page.on('response', (res) => {
    last = Date.now()
    const type = res.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      res.body().then((body) => {
        const bytes = zlib.gzipSync(body, { level: 9 }).byteLength
        sizes[type === 'script' ? 'js' : 'css'] += bytes
        if (type === 'script') files.push([new URL(res.url()).pathname, bytes])
      }),
    )
  })
  return async () => {
    // `networkidle` was reached on load already: what the focus asked for is in once the network
    // has been quiet for a second.
    await expect.poll(() => Date.now() - last, { intervals: [250] }).toBeGreaterThan(1000)
    await Promise.all(pending)
    if (process.env.BUDGET_FILES)
      for (const [file, bytes] of files.sort((a, b) => b[1] - a[1]))
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(5)} ${file}`)
    return { js: sizes.js / 1024, css: sizes.css / 1024 }
  }
}

for (const [path, kb] of BUDGETS) {
  test(`${path} loads at most ${kb} KB of gzip JS and 25 KB of CSS`, async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    const total = measure(page)
    await page.goto(path, { waitUntil: 'networkidle' })
    const sizes = await total()
    console.log(`${path}: JS ${sizes.js.toFixed(1)} KB, CSS ${sizes.css.toFixed(1)} KB (gzip)`)
    expect.soft(sizes.js, path).toBeLessThanOrEqual(kb)
    expect(sizes.css).toBeLessThanOrEqual(25)
  })
}

/** What `page` loads for `path`, then for the first focus on the field labelled `label`. */
async function formWeight(page: Page, path: string, label: string, kb = FORM_AFTER_FOCUS_KB) {
  const total = measure(page)
  // Set before the page loads: a page may fetch the validation before any focus (a form that
  // opens with an error to show), and it counts as well.
  const validation = page.waitForResponse((res) => /\/assets\/validation-[\w-]+\.js$/.test(res.url()))
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.waitForSelector('body[data-hydrated]', { state: 'attached' })
  const field = page.getByLabel(label, { exact: true }).first()
  // A field the page focuses itself (autofocus in a dialog) had its focus before hydration.
  await field.blur()
  await field.focus()
  await validation
  const sizes = await total()
  console.log(`${path} after the first focus: JS ${sizes.js.toFixed(1)} KB, CSS ${sizes.css.toFixed(1)} KB (gzip)`)
  expect.soft(sizes.js, path).toBeLessThanOrEqual(kb)
  expect(sizes.css).toBeLessThanOrEqual(25)
}

/**
 * The chunk groups (scripts/vite-chunks.ts) keep validation apart: a form page asks for zod and
 * conform's zod parsing on the first focus, not while it loads (a group that pulled one of their
 * modules in, as the shared Babel helpers once did, would load them with every form).
 */
test('a form page asks for its validation on the first focus, not before', async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, 'measured with JS on')
  for (const [path, label] of [FORMS[0]!, FORMS[FORMS.length - 1]!]) {
    const asked: string[] = []
    const onRequest = (req: { url(): string }) =>
      void (/\/assets\/validation-[\w-]+\.js$/.test(req.url()) && asked.push(req.url()))
    page.on('request', onRequest)
    await page.goto(path, { waitUntil: 'networkidle' })
    await page.waitForSelector('body[data-hydrated]', { state: 'attached' })
    expect(asked, `${path}: validation asked for before any focus`).toEqual([])
    await page.getByLabel(label, { exact: true }).first().focus()
    await expect.poll(() => asked.length, { message: `${path}: the first focus asks for the validation` }).toBe(1)
    page.off('request', onRequest)
  }
})

for (const [path, label, kb = FORM_AFTER_FOCUS_KB] of FORMS) {
  test(`${path} loads at most ${kb} KB of gzip JS with its validation, and 25 KB of CSS`, async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    await formWeight(page, path, label, kb)
  })
}

test(
  `the driver's forms load at most ${FORM_AFTER_FOCUS_KB} KB of gzip JS with their ` + `validation, and 25 KB of CSS`,
  async ({ page, browser, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    test.setTimeout(120_000)
    await newDriver(page)
    const storageState = await page.context().storageState()
    for (const [path, label] of DRIVER_FORMS) {
      const context = await browser.newContext({ storageState, baseURL: new URL(page.url()).origin })
      await formWeight(await context.newPage(), path, label)
      await context.close()
    }
  },
)

test(
  `the company's posting form, to create and to edit, loads at most ${FORM_AFTER_FOCUS_KB} ` +
    `KB of gzip JS with its validation, and 25 KB of CSS`,
  async ({ page, browser, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    test.setTimeout(120_000)
    const company = await apiCompany(page.request)
    const id = await apiPosting(page.request, company.token)
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    const storageState = await page.context().storageState()
    for (const path of ['/business/dashboard/publicaciones/nueva', `/business/dashboard/publicaciones/${id}/editar`]) {
      const context = await browser.newContext({ storageState, baseURL: new URL(page.url()).origin })
      await formWeight(await context.newPage(), path, 'Título')
      await context.close()
    }
  },
)

test(
  `the simple power's form loads at most ${FORM_AFTER_FOCUS_KB} KB of gzip JS with ` +
    `its validation, and 25 KB of CSS`,
  async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    const { path } = await apiPowerLink(page.request)
    await formWeight(page, path, 'Nacionalidad del conductor')
  },
)

/**
 * The first paint needs the HTML and the one stylesheet, nothing else. The head
 * lists the stylesheet (root.tsx `links` with `precedence`) and no second one; nothing in the
 * document makes the browser fetch a script while it parses: no `modulepreload`, no `<script src>`,
 * no module script, whose imports are fetched as soon as it is parsed (ScriptsAfterPaint writes
 * them once the page has painted).
 */
const PUBLIC_PAGES = [
  '/',
  '/empresas',
  '/contacto',
  '/ayuda',
  '/preguntas-frecuentes',
  '/terminos-condiciones',
  '/login',
  '/register',
]

test('public pages ask for one stylesheet and no script before their first paint', async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const rels = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => /\brel="([^"]+)"/.exec(tag)?.[1])
    expect(
      rels.filter((rel) => rel === 'stylesheet'),
      `${path}: stylesheets in the head`,
    ).toHaveLength(1)
    expect(rels, `${path}: no modulepreload`).not.toContain('modulepreload')
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
    expect(
      scripts.filter((tag) => /\bsrc=|\btype="module"/.test(tag)),
      `${path}: scripts fetched while parsing`,
    ).toEqual([])
  }
})

test('public pages ask for their scripts after the first contentful paint, then hydrate', async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'about the scripts')
  for (const path of PUBLIC_PAGES) {
    // The fixture's goto waits for hydration: the scripts did load.
    await page.goto(path)
    const { fcp, scripts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter(
          (e) => (e as PerformanceResourceTiming).initiatorType !== 'fetch' && /\.js$/.test(new URL(e.name).pathname),
        )
        .map((e) => ({ url: e.name, start: e.startTime })),
    }))
    expect(fcp, `${path}: first contentful paint`).toBeDefined()
    expect(scripts.length, `${path}: scripts loaded`).toBeGreaterThan(0)
    for (const script of scripts)
      expect(script.start, `${path}: ${script.url} asked for after the paint at ${fcp} ms`).toBeGreaterThan(fcp!)
  }
})
