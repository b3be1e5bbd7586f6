import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { newDriver, e2eDatabase } from './driver-session'
import { expect, expectAccessible, readMail, test } from './fixtures'
import { apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

/**
 * The «Seguridad» page of drivers and companies (change the password,
 * which signs the other devices out; the open sessions; «Cerrar sesión en los demás
 * dispositivos») and «Trabajo actual» in the work experience, with JS on and off, at 375 and
 * 1280 px. Screenshots for a person to look at go to /tmp/shots-security16/ (JS project only).
 */
const SHOTS = '/tmp/shots-security16'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36'
const DRIVER_SECURITY = '/user/dashboard/settings/seguridad'
const COMPANY_SECURITY = '/business/dashboard/seguridad'

async function shot(page: Page, jsEnabled: boolean, name: string) {
  // Nothing may stick out sideways at either width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0)
  if (!jsEnabled) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
    })

    test(
      'a driver changes the password: a wrong current one is refused, then the other ' +
        'device is signed out and this one stays',
      async ({ page, browser, jsEnabled }) => {
        test.setTimeout(120_000)
        const d = await newDriver(page)
        // The same driver on a phone.
        const phone = await browser.newContext({ userAgent: ANDROID, viewport: { width, height: 900 } })
        const phonePage = await phone.newPage()
        await uiLogin(phonePage, d.email, d.password, /\/user\/dashboard\/home$/)

        await page.goto('/user/dashboard/settings')
        await page.getByRole('navigation', { name: 'Perfil' }).getByRole('link', { name: 'Seguridad' }).click()
        await expect(page).toHaveURL(new RegExp(`${DRIVER_SECURITY}$`))
        await expect(page.getByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible()
        const sessions = page.getByTestId('sesiones').getByRole('listitem')
        await expect(sessions).toHaveCount(2)
        await expect(sessions.first()).toContainText('Chrome en Windows')
        await expect(sessions.first()).toContainText('Este dispositivo')
        await expect(sessions.nth(1)).toContainText('Chrome en Android')
        await expect(sessions.nth(1)).not.toContainText('Este dispositivo')
        await expectAccessible(page)
        await shot(page, jsEnabled, `conductor-seguridad-${width}`)

        // The form's own rules first, then the service's answer to a wrong current password.
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
        await expect(page.getByText('Campo requerido')).toHaveCount(3)
        await page.getByLabel('Contraseña actual').fill('equivocada1')
        await page.getByLabel('Nueva contraseña', { exact: true }).fill('NuevaClave2026')
        await page.getByLabel('Repite la nueva contraseña').fill('NuevaClave2026')
        const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('seguridad'))
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
        expect((await refused).status()).toBe(400)
        await expect(page.getByRole('alert').filter({ hasText: 'La contraseña actual es incorrecta.' })).toBeVisible()
        // The server never sends a typed password back (with JS the fields simply keep what was typed).
        if (!jsEnabled) await expect(page.getByLabel('Contraseña actual')).toHaveValue('')
        await shot(page, jsEnabled, `conductor-seguridad-error-${width}`)

        await page.getByLabel('Contraseña actual').fill(d.password)
        await page.getByLabel('Nueva contraseña', { exact: true }).fill('NuevaClave2026')
        await page.getByLabel('Repite la nueva contraseña').fill('NuevaClave2026')
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
        await expect(
          page.getByText('Contraseña actualizada. Cerramos tu sesión en los demás dispositivos.'),
        ).toBeVisible()
        await expect(sessions).toHaveCount(1)
        await expect(sessions.first()).toContainText('Este dispositivo')
        await expect(page.getByText('No tienes sesiones abiertas en otros dispositivos.')).toBeVisible()
        await expect(page.getByRole('button', { name: 'Cerrar sesión en los demás dispositivos' })).toHaveCount(0)

        // The phone is signed out on its next page; this browser stays in.
        await phonePage.goto('/user/dashboard/home')
        await expect(phonePage).toHaveURL(/\/login\?redirectTo=/)
        await expect(phonePage.getByText('Inicia sesión para continuar')).toBeVisible()
        await page.goto('/user/dashboard/home')
        await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
        expect(await readMail(d.email, /Seguridad/)).toContain('/login/recuperar')
        // The new password opens the account; the old one no longer does.
        await uiLogin(phonePage, d.email, 'NuevaClave2026', /\/user\/dashboard\/home$/)
        await phone.close()
      },
    )

    test('a company closes its other sessions from its own «Seguridad» tab', async ({
      page,
      browser,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(120_000)
      const c = await apiCompany(request)
      await uiLogin(page, c.email, c.password, /\/business\/dashboard$/)
      const phone = await browser.newContext({ userAgent: ANDROID, viewport: { width, height: 900 } })
      const phonePage = await phone.newPage()
      await uiLogin(phonePage, c.email, c.password, /\/business\/dashboard$/)

      const nav = page.getByRole('navigation', { name: 'Panel de empresa' })
      await nav.getByRole('link', { name: 'Seguridad' }).click()
      await expect(page).toHaveURL(new RegExp(`${COMPANY_SECURITY}$`))
      await expect(nav.getByRole('link', { name: 'Seguridad' })).toHaveAttribute('aria-current', 'page')
      await expect(nav.getByRole('link', { name: 'Publicaciones' })).not.toHaveAttribute('aria-current', 'page')
      const sessions = page.getByTestId('sesiones').getByRole('listitem')
      // The API login of the set-up is a session too.
      await expect(sessions).toHaveCount(3)
      await expect(sessions.first()).toContainText('Este dispositivo')
      await expect(page.getByTestId('sesiones')).toContainText('Chrome en Android')
      await expectAccessible(page)
      await shot(page, jsEnabled, `empresa-seguridad-${width}`)

      // One device by its own button, then all the others at once.
      await page.getByRole('button', { name: 'Cerrar sesión en Chrome en Android' }).click()
      await expect(page.getByText('Cerramos la sesión en ese dispositivo.')).toBeVisible()
      await expect(sessions).toHaveCount(2)
      await phonePage.goto('/business/dashboard')
      await expect(phonePage).toHaveURL(/\/login\?redirectTo=/)

      await page.getByRole('button', { name: 'Cerrar sesión en los demás dispositivos' }).click()
      await expect(page.getByText('Cerramos tu sesión en los demás dispositivos.')).toBeVisible()
      await expect(sessions).toHaveCount(1)
      expect(
        (await request.get('/api/business/job-postings', { headers: { 'auth-business': c.token } })).status(),
      ).toBe(401)
      await page.goto('/business/dashboard')
      await expect(page).toHaveURL(/\/business\/dashboard$/)
      await expect(nav.getByRole('link', { name: 'Publicaciones' })).toHaveAttribute('aria-current', 'page')
      await phone.close()
    })

    test('«Trabajo actual»: no end date, «Actualidad» in the list and in the company’s view of the applicant', async ({
      page,
      browser,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(120_000)
      const d = await apiDriver(request)
      await uiLogin(page, d.email, d.password, /\/user\/dashboard\/home$/)
      await page.goto('/user/dashboard/settings')
      await page.getByRole('link', { name: 'Agregar experiencia' }).click()
      const dialog = page.getByRole('dialog', { name: 'Agregar experiencia' })
      await dialog.getByLabel('Cargo').fill('Conductor de reparto')
      await dialog.getByLabel('Nombre de la empresa').fill('Despachos Andes')
      await dialog.getByLabel('Tipo de empleo').selectOption('Jornada completa')
      await dialog.getByLabel('Ubicación').fill('Santiago')
      await dialog.getByLabel('Fecha de inicio').fill('2022-05-10')
      // Unchecked, the end date is required as before.
      await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
      await expect(dialog.getByText('Campo requerido')).toHaveCount(2)
      await dialog.getByLabel('Descripción del trabajo').fill('Reparto de paquetería en la zona oriente.')
      const end = dialog.getByLabel('Fecha de término')
      if (jsEnabled) {
        await dialog.getByLabel('Trabajo actual').check()
        await expect(end).toBeDisabled()
        await expect(dialog.getByText('Campo requerido')).toHaveCount(0)
      } else {
        // Without JS the field stays; a date typed in it is ignored for a current job.
        await end.fill('2023-01-01')
        await dialog.getByLabel('Trabajo actual').check()
        await expect(end).toBeEnabled()
      }
      await expect(dialog.getByText(/Déjala vacía si marcas|No aplica: es tu trabajo actual/)).toBeVisible()
      await expectAccessible(page)
      await shot(page, jsEnabled, `experiencia-trabajo-actual-${width}`)
      await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
      await expect(page.getByText('Experiencia agregada correctamente.')).toBeVisible()
      await expect(page.getByText(/^10-05-2022 – Actualidad \(\d+ años?( y \d+ mes(es)?)?\)$/)).toBeVisible()
      const db = e2eDatabase()
      const stored = db
        .prepare('SELECT w.end_date, u.id FROM work_experience w JOIN users u ON u.id = w.user_id WHERE u.email = ?')
        .get(d.email) as {
        end_date: string | null
        id: number
      }
      db.close()
      expect(stored.end_date).toBeNull()
      await shot(page, jsEnabled, `perfil-actualidad-${width}`)

      // Editing keeps it checked (and the date disabled with JS); nothing changed, nothing sent.
      await page.getByRole('link', { name: 'Editar experiencias' }).click()
      await page.getByRole('link', { name: 'Editar Conductor de reparto' }).click()
      const edit = page.getByRole('dialog', { name: 'Editar experiencia' })
      await expect(edit.getByLabel('Trabajo actual')).toBeChecked()
      if (jsEnabled) await expect(edit.getByLabel('Fecha de término')).toBeDisabled()
      await edit.getByRole('button', { name: 'Guardar cambios' }).click()
      await expect(edit.getByText('No hay cambios para guardar')).toBeVisible()

      // The company the driver applied to sees «Actualidad» too.
      const company = await apiCompany(request)
      const posting = await apiPosting(request, company.token)
      expect(
        (
          await request.post('/api/users/postulate-job-posting', {
            data: { id_publication: posting },
            headers: { 'auth-user': d.token },
          })
        ).status(),
      ).toBeLessThan(300)
      const companyContext = await browser.newContext({ viewport: { width, height: 900 } })
      const companyPage = await companyContext.newPage()
      await uiLogin(companyPage, company.email, company.password, /\/business\/dashboard$/)
      await companyPage.goto(`/business/dashboard/conductores/${stored.id}`)
      const experience = companyPage.getByRole('region', { name: 'Experiencia' })
      await expect(experience.getByRole('heading', { name: 'Conductor de reparto' })).toBeVisible()
      await expect(experience.getByText(/– Actualidad$/)).toBeVisible()
      await shot(companyPage, jsEnabled, `empresa-postulante-actualidad-${width}`)
      await companyContext.close()
    })
  })
}
