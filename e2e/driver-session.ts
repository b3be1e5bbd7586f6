import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { addDays, dayInChile } from '../domain/format'
import { codeIn, expect, randomDriver, readMail } from './fixtures'

/**
 * A new driver, logged in on `page` at /user/dashboard/home: registered through the users
 * service (the registration page has its own spec), then logged in through the login page with
 * the mailed verification code, as a driver would.
 */
export async function newDriver(page: Page) {
  const d = randomDriver()
  const res = await page.request.post('/api/users/register', {
    multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) },
  })
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

/**
 * The upload sheet's submit: «Subir archivo», or «Enviar de todos modos» once the photo checks
 * doubt the chosen photo (decision 101), which they do of these small plain fixtures when their
 * answer arrives before the click.
 */
export const SEND_UPLOAD = /^(Subir archivo|Enviar de todos modos)$/

export async function pngFile(name = 'documento.png', width = 120, height = 80) {
  return {
    name,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width, height, channels: 3, background: '#1d6fe0' } })
      .png()
      .toBuffer(),
  }
}

export async function jpgFile(name = 'documento.jpg') {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 120, height: 80, channels: 3, background: '#ffb020' } })
      .jpeg()
      .toBuffer(),
  }
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
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.from([
      0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00,
    ]),
  }
}

let phonePhotoCache: Promise<Buffer> | null = null
/**
 * A phone photo as phones take them: 4032×3024, a gradient with sensor-like
 * noise, JPEG quality 93 — a little over 6 MB. Made once per worker.
 */
export async function phonePhoto(name = 'foto-celular.jpg') {
  phonePhotoCache ??= (async () => {
    const width = 4032
    const height = 3024
    const raw = Buffer.alloc(width * height * 3)
    let seed = 42
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3
        const noise = (random() - 0.5) * 70
        raw[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + noise))
        raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + noise))
        raw[i + 2] = Math.max(0, Math.min(255, 120 + noise))
      }
    }
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 93 })
      .toBuffer()
  })()
  return { name, mimeType: 'image/jpeg', buffer: await phonePhotoCache }
}

/** The day `days` from today in Chile, as a date input takes it ('yyyy-mm-dd'). */
export function chileDay(days = 0) {
  return addDays(dayInChile(new Date()), days)
}

/** The kinds that expire ask for their date in the upload panel: fill it when asked. */
export async function fillExpiryIfAsked(dialog: Locator, day = chileDay(365)) {
  const field = dialog.getByLabel('Fecha de vencimiento')
  if (await field.count()) await field.fill(day)
}
