import { randomBytes } from 'node:crypto'
import { request as playwrightRequest } from '@playwright/test'
import { startServer, type ServerProcess } from '../tests/server-process'
import { fillExpiryIfAsked, pngFile, SEND_UPLOAD } from './driver-session'
import { codeIn, expect, randomDriver, readMail, test } from './fixtures'
import { apiCompany, apiPosting } from './marketplace-support'

/**
 * Split mode. A web-only process (W) whose USERS_API_URL, BUSINESS_API_URL and
 * GENERAL_API_URL point at a services-only process (S), each with its own data folder and
 * database file: a driver registers, verifies the mailed code, uploads a document and applies
 * to a posting, all through W's pages, and every record lands in S. One run (no JS: the
 * plain form posts are what reach the services from W's actions).
 */
// One run is enough for a topology: the no-JS project's (its form posts are what reach the
// services from W's actions). Skipped here, the processes are not even started.
test.skip(({ jsEnabled }) => jsEnabled, 'runs in the no-JS project only')

let services: ServerProcess
let web: ServerProcess
const previousDataDir = process.env.E2E_DATA_DIR

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const shared = {
    INTERNAL_SECRET: randomBytes(36).toString('base64url'),
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    RATE_LIMIT_FACTOR: '1000',
  }
  services = await startServer({ ...shared, SERVICES: 'users,business,general', MAIL_WORKER_INTERVAL_MS: '200' })
  const api = `${services.url}/api`
  web = await startServer({
    ...shared,
    SERVICES: undefined,
    NODE_ENV: 'production',
    USERS_API_URL: api,
    BUSINESS_API_URL: api,
    GENERAL_API_URL: api,
  })
  // The mails (verification code) are written by the services process.
  process.env.E2E_DATA_DIR = services.dataDir
})

test.afterAll(async () => {
  process.env.E2E_DATA_DIR = previousDataDir
  await Promise.all([web?.stop(), services?.stop()])
})

test('a web-only process over a services-only process: register, code, upload, apply', async ({ page }) => {
  test.setTimeout(150_000)
  const s = await playwrightRequest.newContext({ baseURL: services.url })
  const company = await apiCompany(s)
  const word = randomBytes(3).toString('hex')
  const postingId = await apiPosting(s, company.token, { title: `Ruta dividida ${word}` })

  const d = randomDriver()
  await page.goto(`${web.url}/register`)
  await page.getByLabel('Nombre').fill(d.firstname)
  await page.getByLabel('Apellido').fill(d.lastname)
  await page.getByLabel('RUT').fill(d.rut)
  await page.getByLabel('Teléfono móvil').fill(d.phone)
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByLabel('Repite la contraseña').fill(d.password)
  await page.getByLabel(/Acepto los/).check()
  await page.getByRole('button', { name: 'Crear cuenta' }).click()

  await page.goto(`${web.url}/login`)
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña').fill(d.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
  await page.getByRole('button', { name: 'Verificar código' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/home$/)

  await page.getByRole('link', { name: 'Añadir documento: Cédula de identidad (frontal)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (frontal)' })
  await dialog.getByLabel('Elegir archivo').setInputFiles(await pngFile())
  await fillExpiryIfAsked(dialog)
  await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
  await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
  await expect(page.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')

  await page.goto(`${web.url}/user/dashboard/job-postings/${postingId}`)
  const detail = page.getByRole('main')
  await detail.getByRole('button', { name: `Postular: Ruta dividida ${word}` }).click()
  await expect(page.getByText('Postulación enviada correctamente.')).toBeVisible()

  // Everything is in the services process: the company sees the applicant there.
  const applicants = await s.get(`/api/business/job-postings/${postingId}/applicants`, {
    headers: { 'auth-business': company.token },
  })
  const body = JSON.stringify(await applicants.json())
  expect(applicants.status(), body).toBe(200)
  expect(body).toContain(d.email)
  await s.dispose()
})
