import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page, Request } from '@playwright/test'
import { chileDay, e2eDatabase, newDriver, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

/** The driver's one checklist, the «Subir siguiente documento» walk and the upload sheet. */

const SHOTS = process.env.CHECKLIST_SHOTS ?? '/tmp/shots/checklist'

/** The chip words of spec §4 as written in decision 95: nothing else may show. */
const VOCABULARY = /^(Falta|En revisión|Aprobado|Rechazado(: .+)?|Vence pronto|Vencido)$/

async function shots(page: Page, name: string, jsEnabled: boolean) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
      width,
    )
    if (jsEnabled) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: !name.includes('hoja') })
    }
  }
}

function setStatus(email: string, slot: string, status: string, extra: { reason?: string; expires?: string } = {}) {
  const db = e2eDatabase()
  db.prepare(
    'UPDATE user_files SET file_status = ?, rejection_reason = ?, expires_on = coalesce(?, expires_on) ' +
      'WHERE purpose_name = ? AND user_id = (SELECT id FROM users WHERE email = ?)',
  ).run(status, extra.reason ?? null, extra.expires ?? null, slot, email)
  db.close()
}

async function chooseAndSend(sheet: Locator, day: string | null = null) {
  await sheet.getByLabel('Elegir archivo').setInputFiles(await pngFile())
  if (day) await sheet.getByLabel('Fecha de vencimiento').fill(day)
  await sheet.getByRole('button', { name: SEND_UPLOAD }).click()
}

test.describe('the driver document checklist', () => {
  test('«Subir siguiente documento» uploads three missing documents in a row without going back to the list', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 375, height: 800 })
    await newDriver(page)
    await expect(page.getByTestId('documentos-aprobados')).toHaveText('0/22 aprobados')
    await expect(page.getByTestId('resumen-documentos')).toHaveText('22 faltan')
    // One primary action on the page's summary.
    await page.getByRole('link', { name: 'Subir siguiente documento' }).click()

    let sheet = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (frontal)' })
    await expect(sheet).toBeVisible()
    // Full screen at 375 px, the submit inside the screen without scrolling.
    const box = (await sheet.boundingBox())!
    expect(box.width).toBe(375)
    await expect(sheet.getByRole('button', { name: SEND_UPLOAD })).toBeInViewport({ ratio: 1 })
    await expect(sheet.getByRole('img', { name: 'Ejemplo de Cédula de identidad (frontal)' })).toHaveAttribute(
      'src',
      '/specimens/cedula_identidad_frontal.svg',
    )
    await expect(sheet.getByLabel('Tomar foto')).toHaveAttribute('capture', 'environment')
    await expectAccessible(page)
    await shots(page, 'hoja-subida', jsEnabled)
    await page.setViewportSize({ width: 375, height: 800 })
    await chooseAndSend(sheet, chileDay(365))

    sheet = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (posterior)' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByTestId('subida-lista')).toHaveText(
      'Listo: Cédula de identidad (frontal) quedó en revisión. Sigue con este (21 pendientes).',
    )
    // Both sides share their date.
    await expect(sheet.getByLabel('Fecha de vencimiento')).toHaveValue(chileDay(365))
    await expectAccessible(page)
    await shots(page, 'hoja-siguiente', jsEnabled)
    await page.setViewportSize({ width: 375, height: 800 })
    await chooseAndSend(sheet)

    sheet = page.getByRole('dialog', { name: 'Subir documento: Certificado de antecedentes' })
    await expect(sheet.getByTestId('subida-lista')).toContainText('Cédula de identidad (posterior)')
    await expect(sheet.getByLabel('Fecha de vencimiento')).toHaveCount(0)
    await chooseAndSend(sheet)

    sheet = page.getByRole('dialog', { name: 'Subir documento: Comprobante de domicilio' })
    await expect(sheet.getByTestId('subida-lista')).toContainText('Certificado de antecedentes')
    await sheet.getByRole('link', { name: 'Cancelar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByTestId('resumen-documentos')).toHaveText('3 en revisión · 19 faltan')
    await expect(page.getByTestId('documentos-aprobados')).toHaveText('0/22 aprobados')
    await expect(page.getByTestId('grupo-identidad-cuenta')).toHaveText('0/4 aprobados')
  })

  test('one vocabulary: each chip is Falta, En revisión, Aprobado, Rechazado: motivo, Vence pronto or Vencido', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    const driver = await newDriver(page)
    await page.getByRole('link', { name: 'Subir siguiente documento' }).click()
    for (const title of [
      'Cédula de identidad (frontal)',
      'Cédula de identidad (posterior)',
      'Certificado de antecedentes',
      'Comprobante de domicilio',
      'Licencia de conducir (frontal)',
      'Licencia de conducir (posterior)',
      'Hoja de vida del conductor',
    ]) {
      const sheet = page.getByRole('dialog', { name: `Subir documento: ${title}` })
      await expect(sheet).toBeVisible()
      const date = sheet.getByLabel('Fecha de vencimiento')
      await chooseAndSend(sheet, (await date.count()) && !(await date.inputValue()) ? chileDay(365) : null)
    }
    await expect(page.getByRole('dialog', { name: 'Subir documento: Padrón del vehículo (frontal)' })).toBeVisible()
    // The licence's three are all in review: its group counts no approval.
    await page.goto('/user/dashboard/home')
    await expect(page.getByTestId('grupo-licencia-cuenta')).toHaveText('0/3 aprobados')

    setStatus(driver.email, 'cedula_identidad_frontal', 'ACCEPTED')
    setStatus(driver.email, 'cedula_identidad_posterior', 'ACCEPTED', { expires: chileDay(10) })
    setStatus(driver.email, 'certificado_antecedentes', 'REJECTED', { reason: 'La imagen está borrosa.' })
    setStatus(driver.email, 'licencia_conducir_frontal', 'ACCEPTED', { expires: chileDay(-1) })
    setStatus(driver.email, 'hoja_vida_conductor', 'ACCEPTED')
    await page.reload()

    const row = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    const chips = page.locator('[data-chip]')
    await expect(chips).toHaveCount(23)
    for (const text of await chips.allTextContents()) expect(text).toMatch(VOCABULARY)
    await expect(row('Cédula de identidad (frontal)').locator('[data-chip]')).toHaveText('Aprobado')
    await expect(row('Cédula de identidad (posterior)').locator('[data-chip]')).toHaveText('Vence pronto')
    await expect(row('Cédula de identidad (posterior)')).toContainText('Vence en 10 días')
    await expect(row('Certificado de antecedentes').locator('[data-chip]')).toHaveText(
      'Rechazado: La imagen está borrosa.',
    )
    await expect(row('Comprobante de domicilio').locator('[data-chip]')).toHaveText('En revisión')
    await expect(row('Licencia de conducir (frontal)').locator('[data-chip]')).toHaveText('Vencido')
    await expect(row('Padrón del vehículo (frontal)').locator('[data-chip]')).toHaveText('Falta')
    // Group counts count approvals; the headline is the approved n/22, the rest in words beside it.
    await expect(page.getByTestId('grupo-identidad-cuenta')).toHaveText('2/4 aprobados')
    await expect(page.getByTestId('grupo-licencia-cuenta')).toHaveText('1/3 aprobados')
    await expect(page.getByTestId('documentos-aprobados')).toHaveText('3/22 aprobados')
    await expect(page.getByTestId('resumen-documentos')).toHaveText('2 en revisión · 2 por corregir · 15 faltan')
    // The walk starts again from the first document to correct.
    await expect(page.getByTestId('siguiente-documento')).toHaveText('Sigue: Certificado de antecedentes')
    // No wall of «Añadir documento» buttons: each row's arrow says it to a screen reader only.
    await expect(page.getByText('Añadir documento')).toHaveCount(0)
    await expectAccessible(page)
    await shots(page, 'inicio-checklist', jsEnabled)
  })

  test('the expiry date is refused at its field, in Spanish, aria-invalid, before the service', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 375, height: 800 })
    await newDriver(page)
    await page.getByRole('link', { name: 'Añadir documento: SOAP (frontal)' }).click()
    const sheet = page.getByRole('dialog', { name: 'Subir documento: SOAP (frontal)' })
    const posts: Request[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r)
    })
    const date = sheet.getByLabel('Fecha de vencimiento')
    await expect(date).not.toHaveAttribute('aria-invalid')

    await chooseAndSend(sheet, null)
    await expect(date).toHaveAttribute('aria-invalid', 'true')
    await expect(date).toHaveAccessibleDescription(/Indica la fecha de vencimiento del documento\./)
    const message = sheet.getByText('Indica la fecha de vencimiento del documento.', { exact: true })
    await expect(message).toBeInViewport()
    await expect(date).toBeFocused()
    await expect(sheet.getByText(/Error al subir los archivos/)).toHaveCount(0)

    // A past date: the same rule's Spanish message, not the browser's bubble.
    await chooseAndSend(sheet, chileDay(-1))
    await expect(date).toHaveAccessibleDescription(/El documento está vencido: sube uno vigente\./)
    await expect(date).toHaveValue(chileDay(-1))
    await expect(sheet.getByText('El documento está vencido: sube uno vigente.', { exact: true })).toBeInViewport()
    await expectAccessible(page)
    await shots(page, 'hoja-fecha-rechazada', jsEnabled)
    await page.setViewportSize({ width: 375, height: 800 })
    // With JS the file never travelled; without, the page refused it before the service.
    expect(posts).toHaveLength(jsEnabled ? 0 : 2)

    await chooseAndSend(sheet, chileDay(200))
    await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
