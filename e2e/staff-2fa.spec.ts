import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import type { Page } from '@playwright/test'
import { ADMIN_PASSWORD, enterCode, newAdmin, nextCode, totpCode } from './admin-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiCompany, uiLogin } from './marketplace-support'

/**
 * Staff who prove who they are (decision 77), with JavaScript and without: the
 * console's first login enrols an authenticator app (the code computed here from the secret the
 * page shows), later logins ask a code of the app or a recovery code (each once), nothing of the
 * console opens without one; a revisor does not reach the content; the re-authentication page
 * asks and goes back.
 */
test.describe('console: second factor and roles', () => {
  async function logout(page: Page) {
    // Without JS a toast stays over the header until the next page: open one first.
    await page.goto('/admin/documentos')
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click()
    await expect(page).toHaveURL(/\/$/)
  }
  async function password(page: Page, email: string) {
    await page.goto('/login')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page).toHaveURL(/\/login\/verificacion/)
  }

  test('enrolment, then a code of the app, a recovery code once, and nothing without a code', async ({ page }) => {
    test.setTimeout(180_000)
    const { email, recoveryCodes } = await newAdmin(page)
    expect(recoveryCodes).toHaveLength(10)
    await expect(page.getByTestId('admin-rol')).toHaveText('Administrador')
    await logout(page)

    // The password alone: the console sends back to the code step, every page of it.
    await password(page, email)
    await expectAccessible(page)
    await page.goto('/admin/documentos')
    await expect(page).toHaveURL(/\/login\/verificacion\?redirectTo=%2Fadmin%2Fdocumentos/)
    await page.getByRole('button', { name: 'Verificar' }).click()
    await expect(page.getByText('Campo requerido')).toBeVisible()
    await page.getByLabel('Código de verificación').fill('12')
    await page.getByRole('button', { name: 'Verificar' }).click()
    await expect(
      page.getByText(/Ingresa los 6 dígitos de tu aplicación o un código de recuperación/).first(),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/login\/verificacion/)

    // A recovery code opens it, and comes back to the page asked for.
    await page.getByLabel('Código de verificación').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verificar' }).click()
    await expect(page).toHaveURL(/\/admin\/documentos$/)
    await logout(page)

    // The same recovery code again: refused.
    await password(page, email)
    await page.getByLabel('Código de verificación').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verificar' }).click()
    await expect(page.getByText(/El código no es correcto o ya se usó/).first()).toBeVisible()
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login\/verificacion/)

    // The app's code: the console's home.
    await enterCode(page, email)
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Consola de operaciones', level: 1 })).toBeVisible()
  })

  test('re-authentication asks for the password or a code, then goes back', async ({ page }) => {
    test.setTimeout(150_000)
    const { email } = await newAdmin(page)
    await page.goto('/admin/confirmar?volver=%2Fadmin%2Fequipo')
    await expect(page.getByRole('heading', { name: 'Confirma tu identidad', level: 1 })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Ingresa tu contraseña o un código de tu aplicación').first()).toBeVisible()
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1')
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('La contraseña es incorrecta.').first()).toBeVisible()
    await page.getByLabel('Contraseña', { exact: true }).fill('')
    await page.getByLabel('O código de la aplicación (6 dígitos)').fill(await nextCode(email))
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page).toHaveURL(/\/admin\/equipo$/)
    await expect(page.getByRole('heading', { name: 'Equipo', level: 1 })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    await expectAccessible(page)
  })

  test('a revisor reviews documents but is refused the content and the companies', async ({ page }) => {
    test.setTimeout(150_000)
    await newAdmin(page, { role: 'revisor' })
    await expect(page.getByTestId('admin-rol')).toHaveText('Revisor')
    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await expect(nav.getByRole('link', { name: 'Documentos' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Contenido' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Empresas' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Equipo' })).toHaveCount(0)
    for (const path of ['/admin/contenido', '/admin/empresas', '/admin/equipo']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(403)
      await expect(page.getByRole('heading', { name: 'Sin permiso', level: 1 })).toBeVisible()
      await expect(page.getByText('Tu rol en el equipo no permite esta acción.')).toBeVisible()
    }
    await expectAccessible(page)
    await page.goto('/admin/documentos')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test(
    'a company turns the app on in «Seguridad», then its login asks for a code; it ' +
      'turns it off with the password and a code',
    async ({ page, browser, request }) => {
      test.setTimeout(150_000)
      const c = await apiCompany(request)
      await uiLogin(page, c.email, c.password, /\/business\/dashboard$/)
      await page.goto('/business/dashboard/seguridad')
      await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click()
      const secret = decodeBase32IgnorePadding((await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, ''))
      await expectAccessible(page)
      await page.getByLabel('Código de la aplicación (6 dígitos)').fill(totpCode(secret))
      await page.getByRole('button', { name: 'Activar' }).click()
      await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
      const recovery = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()

      // Another device: the password, then the code step (a recovery code here).
      const other = await browser.newPage()
      await other.goto('/login')
      await other.getByLabel('Correo electrónico').fill(c.email)
      await other.getByLabel('Contraseña').fill(c.password)
      await other.getByRole('button', { name: 'Iniciar sesión' }).click()
      await expect(other).toHaveURL(/\/login\/verificacion/)
      await other.goto('/business/dashboard')
      await expect(other).toHaveURL(/\/login\/verificacion/)
      await other.getByLabel('Código de verificación').fill(recovery[0]!)
      await other.getByRole('button', { name: 'Verificar' }).click()
      await expect(other).toHaveURL(/\/business\/dashboard/)
      await other.close()

      // Off: the password and a code.
      await page.goto('/business/dashboard/seguridad')
      await expect(page.getByText('Activada: al iniciar sesión te pedimos un código')).toBeVisible()
      await page.getByLabel('Contraseña', { exact: true }).last().fill(c.password)
      await page.getByLabel('Código de la aplicación o de recuperación').fill(recovery[1]!)
      await page.getByRole('button', { name: 'Desactivar verificación en dos pasos' }).click()
      await expect(page.getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeVisible()
    },
  )
})
