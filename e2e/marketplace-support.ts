/** Accounts, postings and checks shared by the marketplace specs (not a spec itself). */
import zlib from 'node:zlib'
import type { APIRequestContext, Page, Response } from '@playwright/test'
import sharp from 'sharp'
import { codeIn, expect, randomDriver, randomPhone, readMail, rutFor, unique } from './fixtures'

export async function logoPng() {
  return {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#124a9c' } })
      .png()
      .toBuffer(),
  }
}

/** A company whose data passes every rule (random RUT and phone). */
export function randomCompany() {
  const id = unique('emp')
  return {
    name_business: `Logística ${id}`,
    rut: rutFor(60_000_000 + Math.floor(Math.random() * 19_999_999)),
    contact_name: 'Ana Pérez',
    email: `${id}@example.cl`,
    phone: randomPhone('22', 7),
    password: 'clave1234',
  }
}

/** Logs in through the API; an unverified account goes through the mailed code. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } })
  expect(login.ok()).toBe(true)
  const body = await login.json()
  if (!body.email_verification) return body.token_jwt
  const verified = await request.post('/api/auth/validate-code-email-verification', {
    data: { code: codeIn(await readMail(email, /verificaci/)), token: body.email_one_time_token },
  })
  expect(verified.ok()).toBe(true)
  return (await verified.json()).token_jwt
}

/** A registered, verified company with a business token (no UI: the business spec covers it). */
export async function apiCompany(request: APIRequestContext) {
  const c = randomCompany()
  const data = { ...c, id_zone: 2, id_region: 13000, id_commune: 13101, acceptTerms: true }
  const res = await request.post('/api/business/register', { multipart: { data: JSON.stringify(data) } })
  expect(res.status()).toBe(201)
  return { ...c, token: await apiToken(request, c.email, c.password) }
}

export async function apiDriver(request: APIRequestContext) {
  const d = randomDriver()
  const res = await request.post('/api/users/register', {
    multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) },
  })
  expect(res.status()).toBe(201)
  return { ...d, token: await apiToken(request, d.email, d.password) }
}

/** A driver registered by API with a surname of their own, who applied to the posting; `name` as the cards show it. */
export async function apiApplicant(request: APIRequestContext, postingId: number, lastname: string) {
  const d = { ...randomDriver(), lastname }
  const res = await request.post('/api/users/register', {
    multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) },
  })
  expect(res.status()).toBe(201)
  const token = await apiToken(request, d.email, d.password)
  const applied = await request.post('/api/users/postulate-job-posting', {
    data: { id_publication: postingId },
    headers: { 'auth-user': token },
  })
  expect(applied.status()).toBe(201)
  return { ...d, token, name: `${d.firstname} ${lastname}` }
}

export function postingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Reparto de paquetería',
    description: 'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
    id_vehicle: 1,
    id_capacity: 2,
    id_schedule: 1,
    start_date: '2026-03-02',
    pawn: 'No',
    payment_amount: 45000,
    payment_period: 'por día',
    drivers_needed: 2,
    status: 'open',
    ...overrides,
  }
}

export async function apiPosting(
  request: APIRequestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await request.post('/api/business/create-job-posting', {
    data: postingBody(overrides),
    headers: { 'auth-business': token },
  })
  expect(res.status()).toBe(201)
  return (await res.json()).id
}

/** Logs in on the page through /login, with the mailed code when the account is unverified. */
export async function uiLogin(page: Page, email: string, password: string, home: RegExp) {
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  const code = page.getByLabel('Código de verificación (6 dígitos)')
  // Either the code step opens or the area does (a verified account); wait for one of them.
  await expect.poll(async () => home.test(page.url()) || (await code.isVisible()), { timeout: 20_000 }).toBe(true)
  if (await code.isVisible()) {
    await code.fill(codeIn(await readMail(email, /verificaci/)))
    await page.getByRole('button', { name: 'Verificar código' }).click()
  }
  await expect(page).toHaveURL(home)
}

/** Gzip bytes of the JS a page loads (spec: a form page may load at most 159 KB). */
export async function jsWeight(page: Page, path: string): Promise<number> {
  let bytes = 0
  const pending: Promise<void>[] = []
  const listener = (res: Response) => {
    if (res.request().resourceType() !== 'script') return
    pending.push(
      res
        .body()
        .then((b) => void (bytes += zlib.gzipSync(b, { level: 9 }).byteLength))
        .catch(() => undefined),
    )
  }
  page.on('response', listener)
  await page.goto(path, { waitUntil: 'networkidle' })
  await Promise.all(pending)
  page.off('response', listener)
  return bytes / 1024
}

/** Screenshots at 375 px and 1280 px, saved with the test's results, then the size restored. */
export async function screenshots(page: Page, name: string, outputPath: (n: string) => string) {
  const size = page.viewportSize()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // Nothing may stick out sideways at either width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

/** The .eml outbox files are quoted-printable with encoded-word subjects: read them as text. */
export function mailText(raw: string): string {
  const subjects = raw
    .replace(/\?=\r?\n[ \t]+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, s: string) => s.replace(/_/g, ' '))
  const bytes = subjects
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
