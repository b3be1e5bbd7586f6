import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { DATA_CATEGORIES, DATA_RIGHTS, LEGAL_DOCUMENTS } from '../domain/privacy'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, randomDriver, test } from './fixtures'
import { apiCompany, uiLogin } from './marketplace-support'

/** Ley 21.719 (decision 74): the policy, the consent recorded at registration, and a new version accepted once. */

const SHOTS = process.env.PRIVACY_SHOTS ?? '/tmp/shots-privacy'
const shot = (jsEnabled: boolean) => (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true })
  return path.join(SHOTS, `${jsEnabled ? 'js' : 'nojs'}-${name}`)
}

/** Screenshots at 375 and 1280 px once the resize's CSS transitions (the driver's drawer) are over. */
async function screenshots(page: Page, name: string, outputPath: (n: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

const CURRENT = { terms: LEGAL_DOCUMENTS.terms.version, privacy: LEGAL_DOCUMENTS.privacy.version }

function consentsOf(email: string) {
  const db = e2eDatabase()
  try {
    return db
      .prepare(
        'SELECT c.document, c.version, c.accepted_at, c.ip FROM consents c JOIN users u ' +
          'ON u.id = c.user_id WHERE u.email = ? ORDER BY c.document, c.version',
      )
      .all(email.toLowerCase()) as Array<{ document: string; version: string; accepted_at: string; ip: string | null }>
  } finally {
    db.close()
  }
}

/** What a version bump looks like to an account: its record of `document` is of an older version. */
function acceptedOlderVersion(email: string, document: 'terms' | 'privacy') {
  const db = e2eDatabase()
  try {
    db.prepare(
      "UPDATE consents SET version = version || '-anterior' WHERE document = ? AND " +
        'user_id = (SELECT id FROM users WHERE email = ?)',
    ).run(document, email.toLowerCase())
  } finally {
    db.close()
  }
}

function forgetConsents(email: string) {
  const db = e2eDatabase()
  try {
    db.prepare('DELETE FROM consents WHERE user_id = (SELECT id FROM users WHERE email = ?)').run(email.toLowerCase())
  } finally {
    db.close()
  }
}

test(
  '/privacidad says who, what, why, who else, how long and which rights, from the ' +
    'domain module, and is linked from the footer and the terms',
  async ({ page, jsEnabled }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click()
    await expect(page).toHaveURL(/\/privacidad$/)
    const main = page.getByRole('main')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad')
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      '1. Quién es responsable de tus datos',
      '2. Qué datos tratamos, para qué y con qué base legal',
      '3. Quién recibe tus datos',
      '4. Cuánto tiempo guardamos tus datos',
      '5. Tus derechos y cómo ejercerlos',
      '6. Si no estás conforme',
      '7. Seguridad y cookies',
      '8. Cambios a esta política',
    ])
    // Every category of the module, with its retention in the table.
    await expect(main.getByRole('heading', { level: 3 })).toHaveText(DATA_CATEGORIES.map((c) => c.name))
    const periods = main.locator('#plazos dl > div')
    await expect(periods).toHaveCount(DATA_CATEGORIES.length)
    await expect(periods.filter({ hasText: 'Certificado de antecedentes' })).toContainText('30 días')
    for (const r of DATA_RIGHTS) await expect(main.getByText(`${r.name}.`, { exact: true })).toBeVisible()
    await expect(main.getByRole('link', { name: 'contacto@fleeters.cl' }).first()).toHaveAttribute(
      'href',
      'mailto:contacto@fleeters.cl',
    )
    await expect(main).toContainText('Agencia de Protección de Datos Personales')
    await expect(main).toContainText('Ley 21.719')
    await expect(main).toContainText('Protección especial')
    await expect(main).toContainText(`Versión ${CURRENT.privacy}, vigente desde el 26 de noviembre de 2026.`)
    await expectAccessible(page)
    await screenshots(page, 'privacidad', shot(jsEnabled))

    await page.goto('/terminos-condiciones')
    const terms = page.getByRole('main')
    await expect(terms).toContainText('Ley N° 21.719')
    await expect(terms).not.toContainText('19.628')
    await expect(terms).toContainText(`Versión ${CURRENT.terms}, vigente desde el 26 de noviembre de 2026.`)
    await terms.getByRole('link', { name: 'Política de privacidad' }).click()
    await expect(page).toHaveURL(/\/privacidad$/)
  },
)

test('a driver who registers through the form records the versions in force of both documents', async ({ page }) => {
  const d = randomDriver()
  await page.goto('/register')
  const checkbox = page.getByLabel(/Acepto los Términos y condiciones y la Política de privacidad/)
  const label = page.locator('label', { has: page.getByRole('link', { name: 'Política de privacidad' }) })
  await expect(label.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
    'href',
    '/terminos-condiciones',
  )
  await expect(label.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad')
  await page.getByLabel('Nombre').fill(d.firstname)
  await page.getByLabel('Apellido').fill(d.lastname)
  await page.getByLabel('RUT').fill(d.rut)
  await page.getByLabel('Teléfono móvil').fill(d.phone)
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByLabel('Repite la contraseña').fill(d.password)
  // Unticked: the checkbox's own message, nothing recorded.
  await page.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(page.getByText('Debes aceptar los Términos y condiciones y la Política de privacidad')).toBeVisible()
  expect(consentsOf(d.email)).toEqual([])
  if (!(await page.getByLabel('Contraseña', { exact: true }).inputValue())) {
    // Without JS the page comes back from the server, passwords not echoed.
    await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
    await page.getByLabel('Repite la contraseña').fill(d.password)
  }
  await checkbox.check()
  await page.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(page.getByRole('heading', { name: '¡Registro exitoso!' })).toBeVisible()
  const rows = consentsOf(d.email)
  expect(rows.map(({ document, version }) => ({ document, version }))).toEqual([
    { document: 'privacy', version: CURRENT.privacy },
    { document: 'terms', version: CURRENT.terms },
  ])
  expect(rows[0]!.ip).toMatch(/^[0-9a-f.:]+$/i)
  expect(Date.now() - Date.parse(rows[0]!.accepted_at)).toBeLessThan(120_000)
})

async function expectAcceptanceStep(page: Page, heading: string) {
  await expect(page).toHaveURL(/\/aceptar-condiciones\?redirectTo=/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
}

test('a driver whose accepted policy is older is asked once, accepts, and goes on where they were going', async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(120_000)
  const d = randomDriver()
  const res = await page.request.post('/api/users/register', {
    multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) },
  })
  expect(res.status()).toBe(201)
  acceptedOlderVersion(d.email, 'privacy')

  await uiLogin(page, d.email, d.password, /\/user\/dashboard\/(home|aceptar-condiciones)/)
  await expectAcceptanceStep(page, 'Actualizamos nuestra Política de privacidad')
  const step = page.getByRole('main')
  await expect(step.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad')
  await expect(step).toContainText(LEGAL_DOCUMENTS.privacy.changes)
  await expect(step.getByRole('link', { name: 'Términos y condiciones' })).toHaveCount(0)
  // The area's menu stays, and its pages lead back here until the step is done.
  await page.goto('/user/dashboard/job-postings')
  await expectAcceptanceStep(page, 'Actualizamos nuestra Política de privacidad')
  await expect(page).toHaveURL(/redirectTo=%2Fuser%2Fdashboard%2Fjob-postings$/)
  await expectAccessible(page)
  await screenshots(page, 'aceptar-conductor', shot(jsEnabled))

  await step.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
  await expect(page.getByText('Gracias. Registramos que aceptaste los documentos actualizados.')).toBeVisible()
  expect(consentsOf(d.email).map(({ document, version }) => [document, version])).toEqual([
    ['privacy', CURRENT.privacy],
    ['privacy', `${CURRENT.privacy}-anterior`],
    ['terms', CURRENT.terms],
  ])

  // Not asked again: on other pages, after a reload, and at the next login.
  await page.goto('/user/dashboard/home')
  await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
  await page.goto('/user/dashboard/settings')
  await expect(page).toHaveURL(/\/user\/dashboard\/settings$/)
  await page.goto('/user/dashboard/aceptar-condiciones')
  await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
  await page.context().clearCookies()
  await uiLogin(page, d.email, d.password, /\/user\/dashboard\/home$/)
})

test('a company older than the records (none) is asked for both documents, once', async ({ page, request }) => {
  test.setTimeout(120_000)
  const c = await apiCompany(request)
  forgetConsents(c.email)
  await uiLogin(page, c.email, c.password, /\/business\/dashboard(\/aceptar-condiciones|$)/)
  await expectAcceptanceStep(page, 'Actualizamos nuestros Términos y condiciones y nuestra Política de privacidad')
  const step = page.getByRole('main')
  await expect(step.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
    'href',
    '/terminos-condiciones',
  )
  await expect(step.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad')
  await expectAccessible(page)
  await step.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page).toHaveURL(/\/business\/dashboard$/)
  await expect(page.getByTestId('empresa-nombre')).toHaveText(c.name_business)
  expect(consentsOf(c.email).map(({ document, version }) => [document, version])).toEqual([
    ['privacy', CURRENT.privacy],
    ['terms', CURRENT.terms],
  ])
  await page.goto('/business/dashboard/seguridad')
  await expect(page).toHaveURL(/\/business\/dashboard\/seguridad$/)
})
