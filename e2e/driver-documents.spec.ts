import type { Page } from '@playwright/test'
import {
  e2eDatabase,
  exeAsJpg,
  fillExpiryIfAsked,
  jpgFile,
  newDriver,
  pdfFile,
  pngFile,
  SEND_UPLOAD,
} from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

async function upload(
  page: Page,
  title: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  trigger = 'Añadir documento',
) {
  await page.getByRole('link', { name: `${trigger}: ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: `Subir documento: ${title}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Elegir archivo').setInputFiles(file)
  await fillExpiryIfAsked(dialog)
  await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
}

function slot(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

test.describe('driver documents', () => {
  test('upload each kind, follow the review status and progress, view and re-upload a rejected one', async ({
    page,
    jsEnabled,
  }) => {
    // A new driver, seven uploads, a preview and axe on three dialogs.
    test.setTimeout(150_000)
    const driver = await newDriver(page)
    await expect(page.getByTestId('resumen-documentos')).toHaveText('22 faltan')
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(23)
    await expectAccessible(page)

    await upload(page, 'Cédula de identidad (frontal)', await pngFile())
    await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(slot(page, 'Cédula de identidad (frontal)').getByText('En revisión')).toBeVisible()
    await expect(page.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')
    await upload(page, 'Cédula de identidad (posterior)', await jpgFile())
    await expect(slot(page, 'Cédula de identidad (posterior)').getByText('En revisión')).toBeVisible()
    await upload(page, 'Certificado de antecedentes', pdfFile())
    await expect(slot(page, 'Certificado de antecedentes').getByText('En revisión')).toBeVisible()
    await expect(page.getByTestId('resumen-documentos')).toHaveText('3 en revisión · 19 faltan')
    // The optional van interior does not count.
    await upload(page, 'Furgón interior general', await pngFile())
    await expect(slot(page, 'Furgón interior general').getByText('En revisión')).toBeVisible()
    await expect(page.getByTestId('resumen-documentos')).toHaveText('3 en revisión · 19 faltan')

    // Checked by content: an executable named .jpg is refused.
    await upload(page, 'SOAP (frontal)', exeAsJpg())
    await expect(
      page.getByRole('dialog').getByText('Error al subir los archivos: El archivo debe ser JPG, JPEG, PNG o PDF.'),
    ).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('dialog').getByRole('link', { name: 'Cancelar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The back office rejects the certificate with a reason.
    const db = e2eDatabase()
    db.prepare(
      "UPDATE user_files SET file_status = 'REJECTED', rejection_reason = 'La imagen " +
        "está borrosa.' WHERE purpose_name = 'certificado_antecedentes' AND user_id = " +
        '(SELECT id FROM users WHERE email = ?)',
    ).run(driver.email)
    db.close()
    await page.reload()
    const rejected = slot(page, 'Certificado de antecedentes')
    await expect(rejected.locator('[data-chip]')).toHaveText('Rechazado: La imagen está borrosa.')
    await expect(page.getByTestId('resumen-documentos')).toHaveText('2 en revisión · 1 por corregir · 19 faltan')

    await rejected.getByRole('link', { name: 'Ver archivo: Certificado de antecedentes' }).click()
    const preview = page.getByRole('dialog', { name: 'Archivo: Certificado de antecedentes' })
    await expect(preview).toBeVisible()
    await expectAccessible(page)
    const href = await preview.getByRole('link', { name: 'Abrir en una pestaña nueva' }).getAttribute('href')
    expect(href).toMatch(/^\/user\/dashboard\/archivos\/\d+$/)
    const file = await page.request.get(href!)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    expect(file.headers()['content-disposition']).toMatch(/^inline/)
    await preview.getByRole('link', { name: 'Cerrar' }).last().click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await upload(page, 'Certificado de antecedentes', await pngFile('certificado.png'), 'Cargar nuevamente')
    await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
    await expect(slot(page, 'Certificado de antecedentes').getByText('En revisión')).toBeVisible()
    await expect(page.getByTestId('resumen-documentos')).toHaveText('3 en revisión · 19 faltan')
    if (jsEnabled) await expect(page.getByText('Archivos subidos correctamente.')).toHaveCount(0, { timeout: 6000 })
  })

  test("a driver's files are served to that driver only", async ({ page, browser, baseURL }) => {
    const driver = await newDriver(page)
    await upload(page, 'SOAP (posterior)', await pngFile())
    await expect(slot(page, 'SOAP (posterior)').getByText('En revisión')).toBeVisible()
    const db = e2eDatabase()
    const { id } = db
      .prepare(
        'SELECT max(f.id) AS id FROM user_files f JOIN users u ON u.id = f.user_id WHERE ' +
          "u.email = ? AND f.purpose_name = 'soap_posterior'",
      )
      .get(driver.email) as { id: number }
    db.close()
    expect((await page.request.get(`/user/dashboard/archivos/${id}`)).status()).toBe(200)
    expect((await page.request.get(`/user/dashboard/archivos/${id + 100000}`)).status()).toBe(404)

    const other = await browser.newContext({ baseURL })
    const otherPage = await other.newPage()
    await newDriver(otherPage)
    expect((await otherPage.request.get(`/user/dashboard/archivos/${id}`)).status()).toBe(404)
    await other.close()

    const anonymous = await browser.newContext({ baseURL })
    const res = await anonymous.request.get(`/user/dashboard/archivos/${id}`, { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    await anonymous.close()
  })
})
