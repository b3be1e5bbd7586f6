import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { codeIn, expect, randomDriver, readMail } from './fixtures'

/**
 * A new driver, logged in on `page` at /user/dashboard/home: registered through the users
 * service (the registration page has its own spec), then logged in through the login page with
 * the mailed verification code, as a driver would.
 */
export async function newDriver(page: Page) {
  const d = randomDriver()
  const res = await page.request.post('/api/users/register', { multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) } })
  expect(res.status()).toBe(201)
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña').fill(d.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page.getByLabel('Código de verificación (6 dígitos)')).toBeVisible()
  await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
  await page.getByRole('button', { name: 'Verificar código' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
  return d
}

/** The e2e server's SQLite database, for what only the back office does (reviewing documents). */
export function e2eDatabase() {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'fleeters.db'))
  db.pragma('busy_timeout = 5000')
  return db
}

export async function pngFile(name = 'documento.png', width = 120, height = 80) {
  return { name, mimeType: 'image/png', buffer: await sharp({ create: { width, height, channels: 3, background: '#1d6fe0' } }).png().toBuffer() }
}

export async function jpgFile(name = 'documento.jpg') {
  return { name, mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 120, height: 80, channels: 3, background: '#ffb020' } }).jpeg().toBuffer() }
}

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`
export function pdfFile(name = 'documento.pdf') {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(PDF) }
}

/** A Windows executable's header, named like a photo. */
export function exeAsJpg(name = 'foto.jpg') {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]) }
}
