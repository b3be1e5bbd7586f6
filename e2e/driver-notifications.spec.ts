import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { newDriver, pngFile } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiToken } from './marketplace-support'

/**
 * «Notificaciones» in «Mi perfil» (decision 98): the channels the driver chose stick, and a
 * reviewer's approval reaches the driver by WhatsApp (the outbox folder DATA_DIR/whatsapp) only
 * while WhatsApp is on.
 */
function whatsappTo(phone: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'whatsapp')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === `56${phone}`)
    .map((m) => m.text)
}

/**
 * The driver's document, uploaded through the service (the upload dialog has its own specs),
 * approved in the console.
 */
async function uploadAndApprove(
  driverPage: Page,
  admin: Page,
  driver: { email: string; password: string },
  slot: string,
  title: string,
) {
  const token = await apiToken(driverPage.request, driver.email, driver.password)
  const up = await driverPage.request.post('/api/users/upload-files-user', {
    headers: { 'auth-user': token },
    multipart: { [slot]: await pngFile(`${slot}.png`) },
  })
  expect(up.status()).toBe(201)
  // Straight to this upload's review: the queue holds every spec's drivers, several of them alike.
  const id = ((await up.json()) as { files: Array<{ id_file: number }> }).files[0]!.id_file
  await admin.goto(`/admin/documentos/${id}`)
  await expect(admin.getByRole('heading', { name: new RegExp(title) }).first()).toBeVisible()
  await admin.getByRole('button', { name: 'Aprobar' }).click()
  await expect(admin.getByText('Documento aprobado.')).toBeVisible()
}

test.describe('driver notifications', () => {
  test('the driver turns WhatsApp off and on in «Mi perfil»; an approval arrives by WhatsApp only when on', async ({
    page,
    browser,
    baseURL,
    jsEnabled,
  }) => {
    test.setTimeout(180_000)
    const driver = await newDriver(page)
    await page.goto('/user/dashboard/settings')
    const section = page.getByRole('region', { name: 'Notificaciones' })
    const whatsapp = section.getByRole('checkbox', { name: /^WhatsApp/ })
    const email = section.getByRole('checkbox', { name: /^Correo electrónico/ })
    // A mobile phone: WhatsApp on by default, with the email.
    await expect(whatsapp).toBeChecked()
    await expect(email).toBeChecked()
    await expectAccessible(page)

    await whatsapp.uncheck()
    await section.getByRole('button', { name: 'Guardar notificaciones' }).click()
    await expect(page.getByText('Guardamos cómo quieres recibir tus avisos.')).toBeVisible()
    await page.reload()
    await expect(whatsapp).not.toBeChecked()
    await expect(email).toBeChecked()

    const adminContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })
    const admin = await adminContext.newPage()
    await newAdmin(admin)
    await uploadAndApprove(page, admin, driver, 'certificado_antecedentes', 'Certificado de antecedentes')
    // Off: nothing by WhatsApp (the email of the approval goes, checked by the console's spec).
    await page.waitForTimeout(1500)
    expect(whatsappTo(driver.phone)).toEqual([])

    await whatsapp.check()
    await section.getByRole('button', { name: 'Guardar notificaciones' }).click()
    await expect(page.getByText('Guardamos cómo quieres recibir tus avisos.')).toBeVisible()
    await expect(whatsapp).toBeChecked()
    await uploadAndApprove(page, admin, driver, 'comprobante_domicilio', 'Comprobante de domicilio')
    await expect
      .poll(() => whatsappTo(driver.phone))
      .toEqual([
        expect.stringMatching(
          /^Fleeters: aprobamos tu documento «Comprobante de domicilio»\. http.*\/user\/dashboard\/home$/,
        ),
      ])
    await adminContext.close()
  })
})

test.describe('driver notifications on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('at 375 px the section fits, its boxes are 44 px targets, and WhatsApp off sticks', async ({ page }) => {
    test.setTimeout(90_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings')
    const section = page.getByRole('region', { name: 'Notificaciones' })
    const whatsapp = section.getByRole('checkbox', { name: /^WhatsApp/ })
    await whatsapp.scrollIntoViewIfNeeded()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
    for (const label of await section.locator('label').all())
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await whatsapp.uncheck()
    await section.getByRole('button', { name: 'Guardar notificaciones' }).click()
    await expect(page.getByText('Guardamos cómo quieres recibir tus avisos.')).toBeVisible()
    await page.reload()
    await expect(section.getByRole('checkbox', { name: /^WhatsApp/ })).not.toBeChecked()
    await expect(section.getByRole('checkbox', { name: /^Correo electrónico/ })).toBeChecked()
  })
})
