import type { BrowserContext, Cookie, Page } from '@playwright/test'
import { startServer, type ServerProcess } from '../tests/server-process'
import { enterCode, newAdmin } from './admin-session'
import { e2eDatabase, newDriver } from './driver-session'
import { codeIn, expect, expectAccessible, randomDriver, readMail, test } from './fixtures'
import { apiCompany, apiDriver } from './marketplace-support'

/**
 * The guards of the three areas. A session the users
 * service no longer knows (revoked by a logout, expired) sends the person to
 * /login?redirectTo=<path> with «Inicia sesión para continuar», and the login brings them back
 * there; another role's area sends them to their own home with a message, keeping the session.
 */
const SESSION_COOKIE = '__fleeters_session'
const LOGIN_MESSAGE = 'Inicia sesión para continuar'

async function sessionCookie(context: BrowserContext): Promise<Cookie> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)
  expect(cookie, 'a session cookie').toBeTruthy()
  return cookie!
}

/** The login page, asked to come back to `path`, with its message (a toast). */
async function expectLoginFor(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === path)
  await expect(page.getByRole('status').filter({ hasText: LOGIN_MESSAGE })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible()
  // Without JS the form carries the destination itself.
  await expect(page.locator('form input[type="hidden"][name="redirectTo"]')).toHaveValue(path)
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE && c.value)).toBe(false)
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

/** Ends the session in the users service, as another device's logout or a reset would. */
function expireSessionsOf(email: string) {
  const db = e2eDatabase()
  try {
    db.prepare(
      "UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = " +
        '(SELECT id FROM users WHERE email = ?)',
    ).run(email)
  } finally {
    db.close()
  }
}

async function loginCompany(page: Page) {
  const company = await apiCompany(page.request)
  await page.goto('/login')
  await fillLogin(page, company.email, company.password)
  await expect(page).toHaveURL(/\/business\/dashboard$/)
  await expect(page.getByTestId('empresa-nombre')).toBeVisible()
  return company
}

test.describe('11.2: a session the service refused leads to the login, on every layout', () => {
  test('driver: after logout a replayed cookie opens neither Seguridad nor Crear poder simple', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000)
    const d = await newDriver(page)
    await page.goto('/user/dashboard/settings/seguridad')
    await expect(page.getByTestId('driver-name')).toHaveText(`${d.firstname} ${d.lastname}`)
    const replay = await sessionCookie(context)
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click()
    await expect(page).toHaveURL(/\/$/)

    for (const path of ['/user/dashboard/settings/seguridad', '/user/dashboard/poder-simple']) {
      await context.addCookies([replay])
      await page.goto(path)
      await expectLoginFor(page, path)
      await expect(page.getByText(`${d.firstname} ${d.lastname}`)).toHaveCount(0)
    }
  })

  test('driver: an expired session in the service leads to the login, which brings the driver back', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const d = await newDriver(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    expireSessionsOf(d.email)
    // A link inside the area (with JS a client navigation: the layout asks the service again).
    const path = '/user/dashboard/settings/banco-detalles'
    await page
      .getByRole('navigation', { name: 'Panel del conductor' })
      .getByRole('link', { name: 'Datos bancarios' })
      .click()
    await expectLoginFor(page, path)
    await fillLogin(page, d.email, d.password)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { name: 'Datos bancarios', level: 1 })).toBeVisible()
  })

  test('company: revoked or expired, /business/* leads to the login and back', async ({ page, context }) => {
    test.setTimeout(90_000)
    const company = await loginCompany(page)
    const replay = await sessionCookie(context)
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await context.addCookies([replay])
    await page.goto('/business/dashboard')
    await expectLoginFor(page, '/business/dashboard')
    await expect(page.getByTestId('empresa-nombre')).toHaveCount(0)

    await fillLogin(page, company.email, company.password)
    await expect(page).toHaveURL(/\/business\/dashboard$/)
    expireSessionsOf(company.email)
    const path = '/business/dashboard?page=2&q=reparto'
    await page.goto(path)
    await expectLoginFor(page, path)
    await fillLogin(page, company.email, company.password)
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path)
    await expect(page.getByTestId('empresa-nombre')).toBeVisible()
  })

  test('console: revoked or expired, /admin leads to the login and back', async ({ page, context }) => {
    test.setTimeout(120_000)
    const { email } = await newAdmin(page)
    const replay = await sessionCookie(context)
    // Without JS the login's toast stays over the header until the next page: open one first.
    await page.goto('/admin/documentos')
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/$/)
    await context.addCookies([replay])
    await page.goto('/admin')
    await expectLoginFor(page, '/admin')
    await expect(page.getByTestId('admin-nombre')).toHaveCount(0)

    await fillLogin(page, email, 'Consola2026')
    // The console asks for the app's code after the password (decision 77).
    await enterCode(page, email)
    await expect(page).toHaveURL(/\/admin$/)
    expireSessionsOf(email)
    await page.goto('/admin/documentos')
    await expectLoginFor(page, '/admin/documentos')
    await fillLogin(page, email, 'Consola2026')
    await enterCode(page, email)
    await expect(page).toHaveURL(/\/admin\/documentos$/)
    await expect(page.getByTestId('admin-nombre')).toBeVisible()
  })
})

test.describe('12.5: another role’s area keeps the session and sends the person home with a message', () => {
  test('a driver opening /business/* lands on their dashboard, still logged in', async ({ page }) => {
    test.setTimeout(90_000)
    const d = await newDriver(page)
    for (const path of ['/business/dashboard', '/business/dashboard/publicaciones/1']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
      await expect(page.getByRole('status').filter({ hasText: 'Esa sección es para empresas' })).toBeVisible()
      await expect(page.getByTestId('driver-name')).toHaveText(`${d.firstname} ${d.lastname}`)
    }
    await page.goto('/user/dashboard/settings/seguridad')
    await expect(page).toHaveURL(/\/user\/dashboard\/settings\/seguridad$/)
  })

  test('a company opening /user/dashboard/* lands on its dashboard, still logged in', async ({ page }) => {
    test.setTimeout(90_000)
    await loginCompany(page)
    for (const path of ['/user/dashboard/home', '/user/dashboard/settings/seguridad']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/business\/dashboard$/)
      await expect(page.getByRole('status').filter({ hasText: 'Esa sección es para conductores' })).toBeVisible()
      await expect(page.getByTestId('empresa-nombre')).toBeVisible()
    }
    await page.goto('/business/dashboard?page=1')
    await expect(page).toHaveURL(/\/business\/dashboard\?page=1$/)
  })
})

test.describe('12.6: a deep link while logged out goes through the login and arrives', () => {
  test('logged out, a deep link asks to log in and arrives there after the email-code step', async ({ page }) => {
    test.setTimeout(90_000)
    const d = await apiDriverUnverified(page)
    const path = '/user/dashboard/settings/banco-detalles?modal=agregar'
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(path)
    await expectLoginFor(page, path)
    // At 375 px the message and the form fit, and the page passes axe with the message shown.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectAccessible(page)
    await fillLogin(page, d.email, d.password)
    await expect(page.getByLabel('Código de verificación (6 dígitos)')).toBeVisible()
    await expect(page.locator('form input[type="hidden"][name="redirectTo"]')).toHaveValue(path)
    await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
    await page.getByRole('button', { name: 'Verificar código' }).click()
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path)
    await expect(page.getByRole('heading', { name: 'Datos bancarios', level: 1 })).toBeVisible()
  })

  test('a redirectTo to another site, or not a plain path, ends on the role’s home', async ({ page }) => {
    test.setTimeout(120_000)
    const d = await apiDriver(page.request)
    for (const target of ['//evil.com', 'https://evil.com/user/dashboard/home', '/\\evil.com', '/\t/evil.com']) {
      await page.goto(`/login?${new URLSearchParams({ redirectTo: target })}`)
      // The form never carries what will not be honoured.
      await expect(page.locator('form input[name="redirectTo"]')).toHaveCount(0)
      await fillLogin(page, d.email, d.password)
      await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
      await page.context().clearCookies()
    }
    // A forged hidden field is checked by the action too.
    await page.goto('/login')
    await page.locator('form#login').evaluate((form) => {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = 'redirectTo'
      input.value = '//evil.com/robar'
      form.appendChild(input)
    })
    await fillLogin(page, d.email, d.password)
    await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
  })
})

/** A registered driver who has not verified the email yet (the login has the code step). */
async function apiDriverUnverified(page: Page) {
  const d = randomDriver()
  const res = await page.request.post('/api/users/register', {
    multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) },
  })
  expect(res.status()).toBe(201)
  return d
}

test.describe('11.2: the process survives a revoked admin session (own server process)', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'HTTP only: once is enough')
  let server: ServerProcess

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    // The demo data brings a console account (decision 29), so no browser is needed.
    server = await startServer({
      SERVICES: undefined,
      NODE_ENV: 'production',
      RATE_LIMIT_FACTOR: '1000',
      SEED_DEMO: 'always',
    })
  })
  test.afterAll(async () => server?.stop())

  test(
    'GET /admin with a revoked admin session answers a redirect to the login, and the ' + 'process keeps serving',
    async () => {
      test.setTimeout(60_000)
      // The demo logins are printed after «listening on», possibly in a later chunk: wait for them.
      const password = (await server.waitForOutput(/password for all: (\S+)\)/))[1]
      const email = (await server.waitForOutput(/admin\s+(\S+@\S+)/))[1]
      const origin = new URL(server.url).origin
      const login = await fetch(`${server.url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ email: email!, password: password! }),
      })
      // The password opens a session that still owes its second factor (decision 77).
      expect(login.status).toBe(302)
      expect(login.headers.get('location')).toMatch(/^\/login\/verificacion/)
      const session = login.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
        .split(';')[0]!
      const pending = await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { cookie: session } })
      expect(pending.status).toBe(302)
      expect(pending.headers.get('location')).toMatch(/^\/login\/verificacion/)

      const logout = await fetch(`${server.url}/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: session, origin },
      })
      expect(logout.status).toBe(302)

      for (let i = 0; i < 3; i++) {
        const replayed = await fetch(`${server.url}/admin`, { redirect: 'manual', headers: { cookie: session } })
        expect(replayed.status).toBe(302)
        expect(replayed.headers.get('location')).toBe('/login?redirectTo=%2Fadmin')
      }
      // Anything the process would die of has happened by now.
      await new Promise((r) => setTimeout(r, 500))
      expect(server.alive(), server.output()).toBe(true)
      expect((await fetch(`${server.url}/login`)).status).toBe(200)
      expect(server.output()).not.toMatch(/unhandled|UnhandledPromiseRejection/i)
    },
  )
})
