import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response as PwResponse,
} from '@playwright/test'

const HYDRATED = 'body[data-hydrated]'
const patched = new WeakSet<Page>()

/**
 * With JS, a page is only "ready" once React has hydrated it (root marks <body data-hydrated>);
 * typing or clicking before that races the enhancement. Every document load a test starts
 * (goto, reload, back, forward) waits for it, on every page of every context, including the
 * pages of contexts a test opens itself.
 */
function waitForHydrationOnLoad(page: Page) {
  if (patched.has(page)) return
  patched.add(page)
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = (page[name] as (...args: unknown[]) => Promise<PwResponse | null>).bind(page)
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await original(...args)
        if (response && response.headers()['content-type']?.includes('text/html')) {
          await page.waitForSelector(HYDRATED, { state: 'attached', timeout: HYDRATION_TIMEOUT_MS })
        }
        return response
      },
    })
  }
}

function watchContext(context: BrowserContext, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return
  context.on('page', waitForHydrationOnLoad)
  for (const page of context.pages()) waitForHydrationOnLoad(page)
}

/** A loaded 2-core machine can take a while to run React's hydration of a large page. */
const HYDRATION_TIMEOUT_MS = 20_000

export const test = base.extend<{ jsEnabled: boolean }, { projectJs: boolean }>({
  projectJs: [
    async ({}, use, workerInfo) => use(workerInfo.project.use.javaScriptEnabled !== false),
    { scope: 'worker' },
  ],
  // Contexts a test opens itself (another driver, a visitor) get the project's JS setting and
  // base URL unless the test says otherwise, and wait for hydration like the default page.
  browser: [
    async ({ browser, projectJs }, use) => {
      const newContext = browser.newContext.bind(browser)
      const newPage = browser.newPage.bind(browser)
      Object.assign(browser, {
        newContext: async (options: BrowserContextOptions = {}) => {
          const context = await newContext({
            baseURL: process.env.E2E_BASE_URL,
            javaScriptEnabled: projectJs,
            ...options,
          })
          watchContext(context, options.javaScriptEnabled ?? projectJs)
          return context
        },
        newPage: async (options: BrowserContextOptions = {}) => {
          const page = await newPage({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: projectJs, ...options })
          if (options.javaScriptEnabled ?? projectJs) waitForHydrationOnLoad(page)
          return page
        },
      })
      await use(browser)
    },
    { scope: 'worker' },
  ],
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  context: async ({ context, javaScriptEnabled }, use) => {
    watchContext(context, javaScriptEnabled !== false)
    await use(context)
  },
})
export { expect }

let counter = 0
/** Unique values per test, so files can run in parallel against one server. */
export function unique(prefix = 'e2e') {
  counter++
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`
}

/** A valid RUT with its modulo-11 check digit. */
export function rutFor(body: number): string {
  let sum = 0
  let factor = 2
  for (const d of String(body).split('').reverse()) {
    sum += Number(d) * factor
    factor = factor === 7 ? 2 : factor + 1
  }
  const r = 11 - (sum % 11)
  return `${body}-${r === 11 ? '0' : r === 10 ? 'K' : String(r)}`
}

/**
 * A phone number: `prefix` and random digits drawn from all ten, without the 0000 and 1234 the
 * forms refuse, so that a run's few hundred sign-ups rarely share one (a shared number is a 409).
 */
export function randomPhone(prefix: string, digits: number) {
  let phone: string
  do phone = prefix + String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0')
  while (/0000|1234/.test(phone))
  return phone
}

/** Random 8-digit RUT body and a mobile number. */
export function randomDriver() {
  const id = unique()
  const body = 10_000_000 + Math.floor(Math.random() * 89_999_999)
  const phone = randomPhone('9', 8)
  return {
    firstname: 'Prueba',
    lastname: 'Conductor',
    rut: rutFor(body),
    phone,
    email: `${id}@example.cl`,
    password: 'clave1234',
  }
}

/**
 * Each mail file's header block, read once: the outbox writes a file once and the header comes
 * first, so a block that has reached its blank line is whole. A run writes thousands of mails;
 * a poll that read every file whole took longer with every test.
 */
const mailHeaders = new Map<string, string>()

function headerOf(file: string): string {
  const known = mailHeaders.get(file)
  if (known !== undefined) return known
  const text = fs.readFileSync(file, 'utf8')
  const end = text.search(/\r?\n\r?\n/)
  if (end < 0) return text
  const header = text.slice(0, end)
  mailHeaders.set(file, header)
  return header
}

/** The text of every .eml in DATA_DIR/mail whose header names `to` (a recipient, or Reply-To), oldest first. */
export function mailFilesTo(to: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => path.join(dir, f))
    .filter((file) => headerOf(file).includes(to))
    .map((file) => fs.readFileSync(file, 'utf8'))
}

/** The newest .eml in DATA_DIR/mail written to `to` that matches, waited for. */
export async function readMail(to: string, match: RegExp = /./): Promise<string> {
  let found = ''
  await expect
    .poll(
      () => {
        found =
          mailFilesTo(to)
            .reverse()
            .find((text) => match.test(text)) ?? ''
        return found
      },
      { timeout: 20_000 },
    )
    .not.toBe('')
  return found
}

export function codeIn(mail: string): string {
  const m =
    /c=C3=B3digo de verificaci=C3=B3n es (\d{6})|c\S*digo de verificaci\S* es (\d{6})/.exec(mail) ??
    /\b(\d{6})\b/.exec(mail)
  const code = m?.[1] ?? m?.[2]
  if (!code) throw new Error('no code in mail')
  return code
}

/** axe runs inside the page, so only where JS runs; the no-JS HTML is the same markup. */
export async function expectAccessible(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
