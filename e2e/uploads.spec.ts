import fs from 'node:fs'
import path from 'node:path'
import type { Page, Request } from '@playwright/test'
import sharp from 'sharp'
import { loadKeyring, unseal } from '../services/platform/file-crypto'
import { e2eDatabase, exeAsJpg, fillExpiryIfAsked, newDriver, phonePhoto, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

/**
 * Uploads are checked in the browser before they travel, phone photos over the
 * limit are shrunk there first, and a progress bar shows while a file travels. Without JS the
 * limit is written next to the button and the web tier refuses an oversized body with the
 * Spanish message (413).
 */

const MB = 1024 * 1024

async function openDocumentUpload(page: Page, title: string) {
  await page.getByRole('link', { name: `Añadir documento: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: `Subir documento: ${title}` })
  await expect(dialog).toBeVisible()
  await fillExpiryIfAsked(dialog)
  return dialog
}

/** The stored document of a driver's slot, as the service kept it. */
function storedDocument(email: string, slot: string) {
  const db = e2eDatabase()
  try {
    return db
      .prepare(
        'SELECT f.storage_key, f.mime_type, f.size_bytes FROM user_files f JOIN users u ' +
          'ON u.id = f.user_id WHERE u.email = ? AND f.purpose_name = ? ORDER BY f.id DESC',
      )
      .get(email, slot) as { storage_key: string; mime_type: string; size_bytes: number } | undefined
  } finally {
    db.close()
  }
}

test.describe('uploads with JS', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'the browser side of the upload rules')

  test('a 6 MB phone photo is shrunk in the browser and accepted as a document', async ({ page }) => {
    test.setTimeout(120_000)
    const driver = await newDriver(page)
    const photo = await phonePhoto()
    expect(photo.buffer.byteLength).toBeGreaterThan(6 * MB)
    const dialog = await openDocumentUpload(page, 'SOAP (frontal)')
    const input = dialog.getByLabel('Elegir archivo')
    await expect(input).toHaveAccessibleDescription(/JPG, PNG o PDF, hasta 5 MB/)
    await input.setInputFiles(photo)
    // Told what happened, before anything is sent.
    await expect(
      dialog.getByRole('status').filter({ hasText: /La foto pesaba 6,\d MB: la reducimos a \d,\d MB para subirla\./ }),
    ).toBeVisible({ timeout: 30_000 })
    const posts: Request[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r)
    })
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
    await expect(
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'SOAP (frontal)', exact: true }) })
        .getByText('En revisión'),
    ).toBeVisible()
    // One upload went, through XMLHttpRequest to the page's upload route.
    expect(posts.map((r) => [r.resourceType(), new URL(r.url()).pathname])).toEqual([
      ['xhr', '/user/dashboard/home/subida'],
    ])

    // What arrived is the shrunk photo: a JPEG of at most 5 MB, its longest side 2000 px.
    const stored = storedDocument(driver.email, 'soap_frontal')!
    expect(stored.mime_type).toBe('image/jpeg')
    expect(stored.size_bytes).toBeLessThanOrEqual(5 * MB)
    // Stored encrypted: opened with the server's own key (DATA_DIR/.data-keys).
    const sealed = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'uploads', stored.storage_key))
    const meta = await sharp(unseal(loadKeyring({ dataDir: process.env.E2E_DATA_DIR! }), sealed)).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(2000)
  })

  test('a wrong type or an oversized PDF is refused before any request is sent', async ({ page }) => {
    test.setTimeout(90_000)
    await newDriver(page)
    const dialog = await openDocumentUpload(page, 'SOAP (posterior)')
    const input = dialog.getByLabel('Elegir archivo')
    const requests: string[] = []
    // React Router's route discovery (`/__manifest?paths=…` for links that come into view, such as
    // the home's «Ofertas para ti») is not a request about the file: left out.
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/__manifest') requests.push(`${r.method()} ${r.url()}`)
    })

    await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no es un documento') })
    await expect(dialog.getByRole('alert')).toHaveText('El archivo debe ser JPG, JPEG, PNG o PDF.')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(dialog.getByRole('alert')).toHaveText('El archivo debe ser JPG, JPEG, PNG o PDF.')
    await expect(input).toBeFocused()

    const pdf = Buffer.alloc(5 * MB + 1)
    Buffer.from('%PDF-1.4\n').copy(pdf)
    await input.setInputFiles({ name: 'soap.pdf', mimeType: 'application/pdf', buffer: pdf })
    await expect(dialog.getByRole('alert')).toHaveText('El archivo no puede ser mayor a 5MB.')
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(dialog.getByRole('alert')).toHaveText('El archivo no puede ser mayor a 5MB.')
    await expectAccessible(page)
    // Nothing reached the server: no upload, not even a revalidation.
    expect(requests).toEqual([])
    await expect(dialog).toBeVisible()
  })

  test('a progress bar with its percentage shows while the file travels', async ({ page }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    const dialog = await openDocumentUpload(page, 'Revisión técnica (frontal)')
    // About 1.5 MB at 256 KB/s: six seconds on the way.
    const file = await pngFile('revision.png', 1200, 900)
    const padded = { ...file, buffer: Buffer.concat([file.buffer, Buffer.alloc(1.5 * MB - file.buffer.byteLength)]) }
    await dialog.getByLabel('Elegir archivo').setInputFiles(padded)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    const bar = dialog.getByRole('progressbar', { name: 'Subiendo archivo' })
    await expect(bar).toBeVisible()
    // The percentage moves while the bytes go.
    const seen = new Set<number>()
    await expect
      .poll(
        async () => {
          const now = Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? -1)
          if (now > 0 && now < 100) seen.add(now)
          return seen.size
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBeGreaterThanOrEqual(2)
    await expect(dialog.getByText(/\d+ %/)).toBeVisible()
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('progressbar', { name: 'Subiendo archivo' })).toHaveCount(0)
  })

  test("the upload route's answer reaches the page: a refusal, the web tier's error, a lost session", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    const dialog = await openDocumentUpload(page, 'SOAP (frontal)')
    // An executable named like a photo passes the browser's checks; the service refuses it by content.
    const exe = exeAsJpg()
    await dialog
      .getByLabel('Elegir archivo')
      .setInputFiles({ ...exe, buffer: Buffer.concat([exe.buffer, Buffer.alloc(512 * 1024)]) })
    // About 0.5 MB at 256 KB/s: two seconds on the way, with the bar.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    const answered = page.waitForResponse((r) => r.request().method() === 'POST')
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(dialog.getByRole('progressbar', { name: 'Subiendo archivo' })).toBeVisible()
    const answer = await answered
    expect([answer.request().resourceType(), new URL(answer.url()).pathname]).toEqual([
      'xhr',
      '/user/dashboard/home/subida',
    ])
    expect(answer.status()).toBeGreaterThanOrEqual(400)
    await expect(
      dialog.getByText('Error al subir los archivos: El archivo debe ser JPG, JPEG, PNG o PDF.'),
    ).toBeVisible()
    await expect(dialog.getByRole('progressbar')).toHaveCount(0)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    // The web tier answering before React Router (413, 503): the area's error page, its layout kept.
    const uploadRoute = /\/user\/dashboard\/home\/subida(\?|$)/
    await page.route(uploadRoute, (route) =>
      route.fulfill({ status: 413, contentType: 'text/html; charset=utf-8', body: '<h1>Demasiado grande</h1>' }),
    )
    await dialog.getByLabel('Elegir archivo').setInputFiles(await pngFile())
    await fillExpiryIfAsked(dialog)
    await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(page.getByRole('heading', { name: 'Ocurrió un error' })).toBeVisible()
    await page.unroute(uploadRoute)

    // The session ended meanwhile: the guard's redirect and its cookie reach the page, the login.
    await page.goto('/user/dashboard/home')
    const again = await openDocumentUpload(page, 'SOAP (frontal)')
    await again.getByLabel('Elegir archivo').setInputFiles(await pngFile())
    await page.context().clearCookies()
    await again.getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdashboard%2Fhome%3Fname%3Dsoap_frontal/)
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible()
  })

  test('a phone photo over 3 MB becomes the profile photo', async ({ page }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings')
    await page.getByRole('link', { name: 'Subir imagen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Actualizar imagen de perfil' })
    const input = dialog.locator('input[type="file"]')
    await expect(input).toHaveAccessibleDescription(/JPG o PNG, hasta 3 MB/)
    await input.setInputFiles(await phonePhoto('perfil.jpg'))
    await expect(dialog.getByRole('status').filter({ hasText: /la reducimos a/ })).toBeVisible({ timeout: 30_000 })
    await dialog.getByRole('button', { name: 'Subir imagen' }).click()
    await expect(page.getByText('Imagen de perfil actualizada correctamente.')).toBeVisible()
    await expect(page.locator('header img')).toHaveAttribute('src', /^\/user\/dashboard\/foto\/\d+$/)

    // A wrong type is refused at once.
    await page.getByRole('link', { name: 'Subir imagen' }).click()
    await input.setInputFiles({ name: 'foto.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await expect(dialog.getByText('La imagen debe ser JPG, JPEG o PNG')).toBeVisible()
  })
})

test.describe('simple power with JS', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'the browser side of the upload rules')

  test(
    "the owner's ID: a wrong type is refused before sending, a 6 MB photo is shrunk, " + 'and the power is created',
    async ({ page }) => {
      test.setTimeout(150_000)
      const driver = await newDriver(page)
      const slot = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Autorización del dueño del vehículo', exact: true }) })
      await slot.getByRole('button', { name: 'Crear poder simple: Autorización del dueño del vehículo' }).click()
      const link = await page.getByLabel('Enlace', { exact: true }).inputValue()
      await page.goto(link)
      await expect(page.getByLabel('RUT del conductor')).toHaveValue(driver.rut)
      await page.getByLabel('Nacionalidad del conductor').fill('Chilena')
      await page.getByLabel('Domicilio del conductor').fill('Los Aromos 45, Maipú')
      await page.getByLabel('Marca').fill('Toyota')
      await page.getByLabel('Modelo').fill('Hiace')
      await page.getByLabel('Año').selectOption('2019')
      const letters = Array.from({ length: 4 }, () => String.fromCharCode(66 + Math.floor(Math.random() * 20))).join('')
      await page.getByLabel('Patente').fill(`${letters}${10 + Math.floor(Math.random() * 89)}`)
      await page.getByRole('button', { name: 'Siguiente' }).click()
      await expect(page.getByRole('heading', { name: 'Dueño del vehículo', level: 2 })).toBeVisible()
      for (const [label, value] of Object.entries({
        'Nombre completo del dueño': 'María José Muñoz',
        'RUT del dueño': '11.111.111-1',
        'Nacionalidad del dueño': 'Chilena',
        'Domicilio del dueño': 'Av. Grecia 123, Ñuñoa',
        'Teléfono (WhatsApp) del dueño': '+56 9 8765 4321',
        'Correo electrónico del dueño': 'maria.munoz@gmail.com',
      }))
        await page.getByLabel(label, { exact: true }).fill(value)

      const front = page.getByLabel('Cédula de identidad (frontal)')
      const back = page.getByLabel('Cédula de identidad (posterior)')
      await expect(front).toHaveAccessibleDescription(/JPG o PNG, de menos de 3 MB/)
      const requests: string[] = []
      // Route discovery (`/__manifest`) is not a request about the file (see above).
      const record = (r: Request) =>
        new URL(r.url()).pathname !== '/__manifest' && requests.push(`${r.method()} ${r.url()}`)
      page.on('request', record)
      await front.setInputFiles({ name: 'cedula.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
      const refused =
        'El archivo Cédula de identidad (frontal) tiene un tipo no válido. Por favor, ' +
        'sube un archivo con uno de los siguientes tipos: PNG, JPG, JPEG.'
      await expect(page.getByText(refused)).toBeVisible()
      // Refused whether the press opens the confirmation first or validates first.
      await page.getByRole('button', { name: 'Crear poder simple' }).click()
      const asked = page.getByRole('dialog', { name: '¿Crear el poder simple?' })
      if (await asked.isVisible()) await asked.getByRole('button', { name: 'Sí, crear poder simple' }).click()
      await expect(asked).toBeHidden()
      await expect(page.getByText(refused)).toBeVisible()
      await expect(front).toBeFocused()
      expect(requests).toEqual([])
      page.off('request', record)

      await front.setInputFiles(await pngFile('frente.png', 900, 600))
      await back.setInputFiles(await phonePhoto('atras.jpg'))
      await expect(page.getByRole('status').filter({ hasText: /la reducimos a \d,\d MB/ })).toBeVisible({
        timeout: 30_000,
      })
      await page.getByRole('button', { name: 'Crear poder simple' }).click()
      const confirm = page.getByRole('dialog', { name: '¿Crear el poder simple?' })
      await confirm.getByRole('button', { name: 'Sí, crear poder simple' }).click()
      await expect(page.getByRole('heading', { name: 'Proceso de Poder Simple Iniciado' })).toBeVisible({
        timeout: 30_000,
      })
    },
  )
})

test.describe('uploads without JS', () => {
  test.skip(({ jsEnabled }) => jsEnabled, 'the plain form post')

  test('the limit is written next to each upload button; a 6 MB photo gets the Spanish 413 message', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await newDriver(page)
    const dialog = await openDocumentUpload(page, 'SOAP (frontal)')
    const input = dialog.getByLabel('Elegir archivo')
    await expect(dialog.getByText('JPG, PNG o PDF, hasta 5 MB')).toBeVisible()
    await expect(input).toHaveAccessibleDescription(/JPG, PNG o PDF, hasta 5 MB/)
    await input.setInputFiles(await phonePhoto())
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      dialog.getByRole('button', { name: SEND_UPLOAD }).click(),
    ])
    expect(response.status()).toBe(413)
    await expect(page.getByText('El archivo no puede ser mayor a 5MB.')).toBeVisible()

    await page.goto('/user/dashboard/settings?modal=foto')
    const photo = page.getByRole('dialog', { name: 'Actualizar imagen de perfil' })
    await expect(photo.locator('input[type="file"]')).toHaveAccessibleDescription(/JPG o PNG, hasta 3 MB/)
    await photo.locator('input[type="file"]').setInputFiles(await phonePhoto('perfil.jpg'))
    const [photoResponse] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      photo.getByRole('button', { name: 'Subir imagen' }).click(),
    ])
    expect(photoResponse.status()).toBe(413)
    await expect(page.getByText('El tamaño de la imagen no puede ser mayor a 3MB')).toBeVisible()
  })
})
