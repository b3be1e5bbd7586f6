import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { fillExpiryIfAsked, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

/** Screenshots for the people who judge the screen, when SHOTS_DIR says where (not in CI). */
async function shot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, name), fullPage })
}

const FIXTURES = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'photo-quality')
const BLURRED = 'blurred-01-gases_contaminantes_frontal.jpg'
const TITLE = 'Padrón del vehículo (frontal)'
const ADVICE = 'La foto está borrosa: apoya el teléfono y vuelve a tomarla.'

test('a blurred photo: the driver is warned and sends it anyway, the reviewer sees the flag', async ({
  page,
  jsEnabled,
}) => {
  // A driver, an upload, a console account created by its script, three console pages.
  test.setTimeout(300_000)
  const mode = jsEnabled ? 'js' : 'sin-js'
  const driver = await newDriver(page)
  await page.getByRole('link', { name: `Añadir documento: ${TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: `Subir documento: ${TITLE}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Elegir archivo').setInputFiles({
    name: 'padron.jpg',
    mimeType: 'image/jpeg',
    buffer: fs.readFileSync(path.join(FIXTURES, BLURRED)),
  })
  await fillExpiryIfAsked(dialog)
  if (jsEnabled) {
    // Measured in the browser before it travels: the message, what to do, and a way to send it.
    const warning = dialog.getByTestId('aviso-foto')
    await expect(warning).toContainText(ADVICE)
    await expect(warning.getByText('Tomar otra foto')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Subir archivo' })).toHaveCount(0)
    await expectAccessible(page)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
      await warning.scrollIntoViewIfNeeded()
      // The sheet as the driver sees it (a full-page picture of a modal shows the page behind it).
      await shot(page, `aviso-foto-${width}.png`, false)
    }
    await dialog.getByRole('button', { name: 'Enviar de todos modos' }).click()
  } else {
    // Without JS nothing is measured before sending: the upload goes as always.
    await expect(dialog.getByTestId('aviso-foto')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Subir archivo' }).click()
  }
  await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The service measured it again and stored the flag: the console shows it.
  await page.context().clearCookies()
  await newAdmin(page)
  await page.goto(`/admin/documentos?alerts=flagged&driver=${encodeURIComponent(driver.email)}`)
  await expect(page.getByLabel('Alertas de la foto')).toHaveValue('flagged')
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row.getByTestId('alertas-fila')).toHaveText('posible desenfoque')
  await row.getByRole('link', { name: /^Revisar Padrón/ }).click()
  await expect(page.getByTestId('alertas-foto')).toContainText('posible desenfoque')
  await expectAccessible(page)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
    await shot(page, `revision-alerta-${width}-${mode}.png`)
  }
  // The per-driver review shows it beside the same document.
  await page.goto(`/admin/documentos?alerts=flagged&driver=${encodeURIComponent(driver.email)}`)
  await page
    .getByRole('row')
    .filter({ hasText: TITLE })
    .getByRole('link', { name: /^Revisar conductor/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/conductores\/\d+\/revisar/)
  await expect(page.getByTestId('alertas-foto')).toContainText('posible desenfoque')
  await shot(page, `revision-conductor-alerta-1280-${mode}.png`)
})
