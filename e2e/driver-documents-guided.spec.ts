import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { addDays } from '../domain/format'
import { newAdmin } from './admin-session'
import { chileDay, e2eDatabase, newDriver, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, expectAccessible, mailFilesTo, test } from './fixtures'
import { decodeMail } from './public-mail'

/** The documents grouped and guided, and documents that expire. */

/** Kept for a person to look at before closing the issue. */
const SHOTS = process.env.DOCS16_SHOTS ?? '/tmp/shots-docs16'

function slot(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

function numeric(day: string) {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`
}

/** Screenshots at 375 and 1280 px (JS project only: the no-JS markup is the same); nothing may stick out sideways. */
async function shots(page: Page, name: string, jsEnabled: boolean) {
  const size = page.viewportSize()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px`,
    ).toBeLessThanOrEqual(width)
    if (jsEnabled) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: !name.includes('panel') })
    }
  }
  if (size) await page.setViewportSize(size)
}

/**
 * The expiry reminder job, run once by its script with an injected clock (`--now`), against the e2e
 * server's database.
 */
function runReminders(now: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/expiry-reminders.ts', '--now', now], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
    },
    encoding: 'utf8',
  })
}

/** Every mail the outbox wrote to `to`, decoded. */
function mailsTo(to: string): string[] {
  return mailFilesTo(to).map(decodeMail)
}

async function uploadWithDate(dialog: Locator, day: string | null) {
  await dialog.getByLabel('Elegir archivo').setInputFiles(await pngFile())
  if (day) await dialog.getByLabel('Fecha de vencimiento').fill(day)
  await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
}

test.describe('driver documents, grouped and guided, with expiry dates', () => {
  test(
    'groups with counts, «Subir siguiente documento», guidance and the review promise; a date ' +
      'set at upload, shown, and a rejected reason in the re-upload panel',
    async ({ page, jsEnabled }) => {
      test.setTimeout(150_000)
      const driver = await newDriver(page)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const groups = page.getByRole('heading', { level: 2 })
        await expect(groups).toContainText([
          'Tus documentos',
          'Identidad',
          'Licencia',
          'Vehículo',
          'Seguros y permisos',
          'Fotos del vehículo',
        ])
        await expect(page.getByTestId('grupo-identidad-cuenta')).toHaveText('0/4 aprobados')
        await expect(page.getByTestId('grupo-seguros-cuenta')).toHaveText('0/8 aprobados')
        // The van interior is optional: the photos count 4.
        await expect(page.getByTestId('grupo-fotos-cuenta')).toHaveText('0/4 aprobados')
        await expect(page.getByTestId('grupo-fotos').getByRole('heading', { level: 3 })).toHaveCount(5)
        await expect(page.getByTestId('siguiente-documento')).toHaveText('Sigue: Cédula de identidad (frontal)')
        await expect(page.locator('li[data-next]')).toHaveCount(1)
        await expect(slot(page, 'Cédula de identidad (frontal)')).toHaveAttribute('data-next', '')
      }
      await expectAccessible(page)
      await shots(page, 'inicio-grupos', jsEnabled)

      // The next document's button opens the panel: guidance for this document, the review promise, the date.
      await page.getByRole('link', { name: 'Subir siguiente documento' }).click()
      const dialog = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (frontal)' })
      await expect(dialog).toBeVisible()
      const guide = dialog.getByTestId('guia-documento')
      for (const text of [
        'Las cuatro esquinas del documento visibles.',
        'Sin reflejos del flash.',
        'Legible: se leen todos los datos.',
        `A tu nombre, como en tu cuenta: ${driver.firstname} ${driver.lastname}.`,
        'Vigente: no vencido.',
        'Revisamos tus documentos en menos de 24 horas hábiles.',
      ])
        await expect(guide.getByText(text, { exact: true })).toBeVisible()
      await expectAccessible(page)
      await shots(page, 'panel-subir-cedula', jsEnabled)

      // Without a date the page refuses it at the field (decision 95); the date goes in and the file is accepted.
      await uploadWithDate(dialog, null)
      await expect(dialog.getByText('Indica la fecha de vencimiento del documento.', { exact: true })).toBeVisible()
      const due = chileDay(14)
      await uploadWithDate(dialog, due)
      // The walk opens the next one, the other side, starting from the same date.
      const back = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (posterior)' })
      await expect(back.getByLabel('Fecha de vencimiento')).toHaveValue(due)
      await back.getByRole('link', { name: 'Cancelar' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      const cedula = slot(page, 'Cédula de identidad (frontal)')
      await expect(cedula.getByText(`Vence el ${numeric(due)}`)).toBeVisible()
      await expect(cedula.getByText('Vence en 14 días')).toBeVisible()
      await expect(page.getByTestId('grupo-identidad-cuenta')).toHaveText('0/4 aprobados')
      await expect(page.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')
      await expect(page.getByTestId('siguiente-documento')).toHaveText('Sigue: Cédula de identidad (posterior)')

      // A rejected document: the next step says so, and its reason is repeated in the re-upload panel.
      const db = e2eDatabase()
      db.prepare(
        "UPDATE user_files SET file_status = 'REJECTED', rejection_reason = 'La foto " +
          "tiene reflejos del flash.' WHERE purpose_name = 'cedula_identidad_frontal' AND " +
          'user_id = (SELECT id FROM users WHERE email = ?)',
      ).run(driver.email)
      db.close()
      await page.reload()
      await expect(page.getByTestId('siguiente-documento')).toHaveText('Sigue: Cédula de identidad (frontal)')
      await expect(slot(page, 'Cédula de identidad (frontal)').locator('[data-chip]')).toHaveText(
        'Rechazado: La foto tiene reflejos del flash.',
      )
      await slot(page, 'Cédula de identidad (frontal)')
        .getByRole('link', { name: 'Cargar nuevamente: Cédula de identidad (frontal)' })
        .click()
      const again = page.getByRole('dialog', { name: 'Subir documento: Cédula de identidad (frontal)' })
      await expect(again.getByText('Motivo del rechazo: La foto tiene reflejos del flash.')).toBeVisible()
      await expectAccessible(page)
      await shots(page, 'panel-rechazado', jsEnabled)
    },
  )

  test(
    'the reminder job under an injected clock mails 7 days before, once; an expired ' +
      'document is «Vencido» and counts as missing',
    async ({ page, jsEnabled }) => {
      test.setTimeout(150_000)
      const driver = await newDriver(page)
      await page.getByRole('link', { name: 'Añadir documento: Licencia de conducir (frontal)' }).click()
      const dialog = page.getByRole('dialog', { name: 'Subir documento: Licencia de conducir (frontal)' })
      const expiry = chileDay(60)
      await uploadWithDate(dialog, expiry)
      await expect(slot(page, 'Licencia de conducir (frontal)').getByText(`Vence el ${numeric(expiry)}`)).toBeVisible()
      await expect(page.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')

      // The job, with its clock at noon in Chile 7 days before the date: one mail, once.
      const at = `${addDays(expiry, -7)}T16:00:00Z`
      // The job covers every driver of the shared e2e database: this driver's mail is checked below.
      expect(runReminders(at)).toMatch(/^Recordatorios de vencimiento: [1-9]\d* correos/)
      let mail = ''
      await expect
        .poll(
          () =>
            (mail =
              mailsTo(driver.email).find((m) => m.includes('Vence en 7 días: Licencia de conducir (frontal)')) ?? ''),
          { timeout: 20_000 },
        )
        .not.toBe('')
      expect(mail).toContain(`vence el ${numeric(expiry)}`)
      expect(mail).toContain('/user/dashboard/home')
      // Run again (other tests' drivers may share the database, so only this driver's mails count): no second mail.
      runReminders(at)
      await page.waitForTimeout(1500)
      expect(mailsTo(driver.email).filter((m) => m.includes('Vence en 7 días'))).toHaveLength(1)

      // The date passed (as a reviewer's correction or time would leave it): «Vencido», missing from n/22.
      const db = e2eDatabase()
      db.prepare(
        "UPDATE user_files SET file_status = 'ACCEPTED', expires_on = ? WHERE " +
          "purpose_name = 'licencia_conducir_frontal' AND user_id = (SELECT id FROM users " +
          'WHERE email = ?)',
      ).run(chileDay(-1), driver.email)
      db.close()
      await page.reload()
      const licence = slot(page, 'Licencia de conducir (frontal)')
      await expect(licence.getByText('Vencido', { exact: true })).toBeVisible()
      await expect(licence.getByText(`Vence el ${numeric(chileDay(-1))}`)).toBeVisible()
      await expect(page.getByTestId('resumen-documentos')).toHaveText('1 por corregir · 21 faltan')
      await expect(page.getByTestId('grupo-licencia-cuenta')).toHaveText('0/3 aprobados')
      await expectAccessible(page)
      await shots(page, 'inicio-vencido', jsEnabled)

      // Uploading it again: the panel says why, and the new one counts.
      await licence.getByRole('link', { name: 'Cargar nuevamente: Licencia de conducir (frontal)' }).click()
      const again = page.getByRole('dialog', { name: 'Subir documento: Licencia de conducir (frontal)' })
      await expect(
        again.getByText(`Este documento venció el ${numeric(chileDay(-1))}: sube uno vigente.`),
      ).toBeVisible()
      await uploadWithDate(again, chileDay(400))
      await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
      await expect(page.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')
    },
  )

  test('the console confirms or corrects the date when approving and lists the documents about to expire', async ({
    page,
    browser,
    jsEnabled,
  }) => {
    test.setTimeout(150_000)
    const driver = await newDriver(page)
    await page.getByRole('link', { name: 'Añadir documento: SOAP (frontal)' }).click()
    const typed = chileDay(10)
    await uploadWithDate(page.getByRole('dialog', { name: 'Subir documento: SOAP (frontal)' }), typed)
    await expect(slot(page, 'SOAP (frontal)').getByText('Vence en 10 días')).toBeVisible()
    const db = e2eDatabase()
    const { id } = db
      .prepare(
        'SELECT max(f.id) AS id FROM user_files f JOIN users u ON u.id = f.user_id WHERE ' +
          "u.email = ? AND f.purpose_name = 'soap_frontal'",
      )
      .get(driver.email) as { id: number }
    db.close()

    const context = await browser.newContext()
    const console_ = await context.newPage()
    await newAdmin(console_)
    await console_.goto(`/admin/documentos/${id}`)
    const date = console_.getByLabel('Fecha de vencimiento')
    await expect(date).toHaveValue(typed)
    await expectAccessible(console_)
    await shots(console_, 'consola-revision', jsEnabled)
    // The reviewer reads another date on the document and corrects it while approving.
    const corrected = chileDay(20)
    await date.fill(corrected)
    await console_.getByRole('button', { name: 'Aprobar' }).click()
    await expect(console_.getByText('Documento aprobado', { exact: false }).first()).toBeVisible()
    await console_.goto('/admin')
    const list = console_.getByRole('region', { name: 'Documentos por vencer' })
    const row = list.getByRole('row').filter({ hasText: driver.email })
    await expect(row).toContainText('SOAP (frontal)')
    await expect(row).toContainText(numeric(corrected))
    await expect(row).toContainText('En 20 días')
    await expectAccessible(console_)
    await shots(console_, 'consola-por-vencer', jsEnabled)
    await context.close()

    await page.reload()
    await expect(slot(page, 'SOAP (frontal)').getByText(`Vence el ${numeric(corrected)}`)).toBeVisible()
    await expect(slot(page, 'SOAP (frontal)').getByText('Vence en 20 días')).toBeVisible()
    // Approved, and within 30 days of its date: «Vence pronto».
    await expect(slot(page, 'SOAP (frontal)').locator('[data-chip]')).toHaveText('Vence pronto')
  })
})
