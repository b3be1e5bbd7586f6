import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, readMail, test } from './fixtures'
import { apiCompany, apiPosting, apiToken, mailText, uiLogin } from './marketplace-support'

/**
 * Decision 76, with JS on and off: «Eliminar mi cuenta» requested, cancelled by
 * logging in, requested again and completed by the job run under an injected clock (the same job
 * the server runs hourly, through scripts/account-closure.ts on the server's data folder); and
 * «Pausar mi perfil» hiding the driver from a company's applicants.
 */
const DELETE_PAGE = '/user/dashboard/settings/mis-datos/eliminar'
const PAUSE_PAGE = '/user/dashboard/settings/mis-datos/pausar'
const DAY = 24 * 60 * 60 * 1000

function userRow(email: string) {
  const db = e2eDatabase()
  try {
    return db
      .prepare('SELECT id, email, firstname, rut, phone, deletion_due_at, closed_at FROM users WHERE email = ?')
      .get(email.toLowerCase()) as
      | {
          id: number
          email: string
          firstname: string
          rut: string | null
          phone: string | null
          deletion_due_at: string | null
          closed_at: string | null
        }
      | undefined
  } finally {
    db.close()
  }
}

function userById(id: number) {
  const db = e2eDatabase()
  try {
    return db.prepare('SELECT email, firstname, rut, phone, closed_at FROM users WHERE id = ?').get(id) as {
      email: string
      firstname: string
      rut: string | null
      phone: string | null
      closed_at: string | null
    }
  } finally {
    db.close()
  }
}

/** The account closure job, once, as if the clock read `at`. */
function runJobAt(at: Date) {
  return execFileSync('npx', ['tsx', 'scripts/account-closure.ts', '--now', at.toISOString()], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      SMTP_URL: '',
    },
    encoding: 'utf8',
  })
}

async function requestDeletion(page: Page, password: string) {
  await page.goto(DELETE_PAGE)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByLabel(/Entiendo que mi cuenta se eliminará en 14 días/).check()
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/Pediste eliminar tu cuenta: la eliminaremos el \d+ de \w+ de \d{4}/)).toBeVisible()
}

test('a driver asks to delete the account, cancels by logging in, asks again and the job deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const d = await newDriver(page)
  const before = userRow(d.email)!

  await page.goto(DELETE_PAGE)
  await expect(page.getByRole('heading', { name: 'Eliminar mi cuenta', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Qué guardamos y por qué' })).toBeVisible()
  await expect(page.getByText(/inicia sesión antes de esa fecha/)).toBeVisible()
  await expectAccessible(page)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `overflows at ${width} px`).toBeLessThanOrEqual(0)
  }

  // Refused: no confirmation, then a wrong password; nothing happens.
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  await expect(page.getByText('Marca la casilla para confirmar que quieres eliminar tu cuenta.')).toBeVisible()
  await page.getByLabel('Contraseña', { exact: true }).fill('equivocada1')
  await page.getByLabel(/Entiendo que mi cuenta se eliminará/).check()
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  await expect(page.getByText('La contraseña es incorrecta.')).toBeVisible()
  expect(userRow(d.email)!.deletion_due_at).toBeNull()

  // Requested: signed out, mailed how to cancel.
  await requestDeletion(page, d.password)
  expect(userRow(d.email)!.deletion_due_at).not.toBeNull()
  expect(mailText(await readMail(d.email, /Pediste eliminar tu cuenta/))).toContain('inicia sesión antes del')
  await page.goto('/user/dashboard/home')
  await expect(page).toHaveURL(/\/login/)

  // Logging in cancels it, and the next page says so.
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  // With JS the message is on screen for 2 s before the page moves on: looked for on every frame,
  // not once a second as expect() retries, and for as long as a slow login may take.
  await page
    .getByText(/Cancelaste la eliminación de tu cuenta/)
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 })
  await expect(page).toHaveURL(/\/user\/dashboard\/home$/, { timeout: 20_000 })
  expect(userRow(d.email)!.deletion_due_at).toBeNull()
  expect(mailText(await readMail(d.email, /cancelamos la eliminaci/))).toContain(
    'Tu cuenta y tus datos siguen como estaban.',
  )

  // Asked again; the job before the date leaves it, after the date deletes it.
  await requestDeletion(page, d.password)
  runJobAt(new Date(Date.now() + 13 * DAY))
  expect(userRow(d.email)!.closed_at).toBeNull()
  // Other tests' deletions on this server may be erased by the same run: only this one is checked.
  expect(runJobAt(new Date(Date.now() + 15 * DAY))).toMatch(/[1-9]\d* eliminadas/)
  const after = userById(before.id)
  expect(after).toMatchObject({
    email: `eliminado-${before.id}@fleeters.invalid`,
    firstname: 'Cuenta eliminada',
    rut: null,
    phone: null,
  })
  expect(after.closed_at).not.toBeNull()
  expect(mailText(await readMail(d.email, /fue eliminada/))).toContain('Este es el último correo que te enviamos.')

  // The old address and password open nothing.
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible()
})

test('«Pausar mi perfil» hides the driver from the company’s applicants until resumed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const company = await apiCompany(request)
  const postingId = await apiPosting(request, company.token, { title: 'Reparto nocturno' })
  const d = await newDriver(page)
  const driverToken = await apiToken(request, d.email, d.password)
  const applied = await request.post('/api/users/postulate-job-posting', {
    data: { id_publication: postingId },
    headers: { 'auth-user': driverToken },
  })
  expect(applied.status()).toBe(201)
  const driverId = userRow(d.email)!.id
  const name = `${d.firstname} ${d.lastname}`

  const companyContext = await browser.newContext()
  const companyPage = await companyContext.newPage()
  await uiLogin(companyPage, company.email, company.password, /\/business\/dashboard/)
  const applicants = `/business/dashboard/publicaciones/${postingId}`
  await companyPage.goto(applicants)
  await expect(companyPage.getByText(name).first()).toBeVisible()

  await page.goto(PAUSE_PAGE)
  await expect(page.getByRole('heading', { name: 'Pausar mi perfil', level: 1 })).toBeVisible()
  await expect(page.getByText(/no puedes postular a nuevas publicaciones/)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Pausar mi perfil' }).click()
  await expect(page.getByText('Pausaste tu perfil: las empresas ya no lo ven.').first()).toBeVisible()
  await expect(page.getByText(/Pausado desde el/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reanudar mi perfil' })).toBeVisible()
  await expectAccessible(page)

  await companyPage.goto(applicants)
  await expect(companyPage.getByRole('heading', { name: 'Postulantes', level: 1 })).toBeVisible()
  await expect(companyPage.getByText(name)).toHaveCount(0)
  const profile = await companyPage.goto(`/business/dashboard/conductores/${driverId}`)
  expect(profile?.status()).toBe(404)

  await page.getByRole('button', { name: 'Reanudar mi perfil' }).click()
  await expect(page.getByText('Reanudaste tu perfil: las empresas vuelven a verlo.').first()).toBeVisible()
  await companyPage.goto(applicants)
  await expect(companyPage.getByText(name).first()).toBeVisible()

  // The opt-out on the same page.
  await page.getByRole('button', { name: 'Dejar de recibir correos no esenciales' }).click()
  await expect(page.getByText('Listo: ya no te enviaremos correos no esenciales.').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Volver a recibir correos no esenciales' })).toBeVisible()
  await companyContext.close()
})

test('a company opts out and asks to delete its account: signed out, its postings no longer open to drivers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const company = await apiCompany(request)
  const postingId = await apiPosting(request, company.token, { title: 'Reparto en Ñuñoa' })
  await uiLogin(page, company.email, company.password, /\/business\/dashboard/)

  await page.goto('/business/dashboard/mis-datos/pausar')
  await expect(page.getByRole('heading', { name: 'Correos no esenciales', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pausar mi perfil' })).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Dejar de recibir correos no esenciales' }).click()
  await expect(page.getByText('Listo: ya no te enviaremos correos no esenciales.').first()).toBeVisible()

  await page.goto('/business/dashboard/mis-datos/eliminar')
  await expect(page.getByText(/Tus publicaciones, con las postulaciones y guardados que recibieron/)).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Contraseña', { exact: true }).fill(company.password)
  await page.getByLabel(/Entiendo que mi cuenta se eliminará en 14 días/).check()
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/Pediste eliminar tu cuenta: la eliminaremos el/)).toBeVisible()

  const db = e2eDatabase()
  try {
    expect(db.prepare('SELECT status FROM job_postings WHERE id = ?').get(postingId)).toEqual({ status: 'closed' })
  } finally {
    db.close()
  }
  await page.goto('/business/dashboard')
  await expect(page).toHaveURL(/\/login/)
})
