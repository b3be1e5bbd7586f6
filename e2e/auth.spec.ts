import { codeIn, expect, expectAccessible, randomDriver, readMail, test } from './fixtures'

test.describe('driver account', () => {
  test('register, verify the mailed code, reach the dashboard and log out', async ({ page, jsEnabled }) => {
    // Registration, the mailed code, the timed redirect and axe on three pages.
    test.setTimeout(120_000)
    const d = randomDriver()
    await page.goto('/register')
    await expectAccessible(page)
    await page.getByLabel('Nombre').fill(d.firstname)
    await page.getByLabel('Apellido').fill(d.lastname)
    await page.getByLabel('RUT').fill(d.rut)
    await page.getByLabel('Teléfono móvil').fill(d.phone)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
    await page.getByLabel('Repite la contraseña').fill(d.password)
    await page.getByLabel(/Acepto los/).check()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(page.getByRole('heading', { name: '¡Registro exitoso!' })).toBeVisible()
    await page.getByRole('link', { name: 'Cerrar' }).click()
    await expect(page).toHaveURL(/\/$/)

    await page.goto('/login')
    await expectAccessible(page)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña').fill(d.password)
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByLabel('Código de verificación (6 dígitos)')).toBeVisible()
    const mail = await readMail(d.email, /verificaci/)
    await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(mail))
    await page.getByRole('button', { name: 'Verificar código' }).click()
    if (jsEnabled) await expect(page.getByText(/Redirigiendo/)).toBeVisible()
    await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
    await expect(page.getByRole('heading', { name: `¡Hola, ${d.firstname}!` })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/$/)
    // Logged out, the dashboard asks to log in and would come back here.
    await page.goto('/user/dashboard/home')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdashboard%2Fhome$/)
  })

  test('shows the Spanish messages of the login and registration rules', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByLabel('Correo electrónico')).toHaveAccessibleDescription(/Campo requerido/)
    await expect(page.getByLabel('Contraseña')).toHaveAccessibleDescription(/Campo requerido/)
    await page.getByLabel('Correo electrónico').fill('nadie@example.cl')
    await page.getByLabel('Contraseña').fill('clave1234')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible()

    await page.goto('/register')
    await page.getByLabel('RUT').fill('12345678-9')
    // Leave the field first: its own error appearing on blur must not move the button mid-click.
    await page.getByLabel('RUT').blur()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(page.getByText('Dígito verificador inválido')).toBeVisible()
    await expect(page.getByText('Debes aceptar los Términos y condiciones y la Política de privacidad')).toBeVisible()
  })

  test('password reset through the mailed link', async ({ page, jsEnabled }) => {
    // Two mails and two timed redirects.
    test.setTimeout(120_000)
    const d = randomDriver()
    // The account is created through the form, as a user would.
    await page.goto('/register')
    await page.getByLabel('Nombre').fill(d.firstname)
    await page.getByLabel('Apellido').fill(d.lastname)
    await page.getByLabel('RUT').fill(d.rut)
    await page.getByLabel('Teléfono móvil').fill(d.phone)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
    await page.getByLabel('Repite la contraseña').fill(d.password)
    await page.getByLabel(/Acepto los/).check()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(page.getByRole('heading', { name: '¡Registro exitoso!' })).toBeVisible()

    await page.goto('/login')
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click()
    await expectAccessible(page)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByRole('button', { name: 'Enviar enlace' }).click()
    await expect(page.getByText(/Si el correo está registrado, te enviaremos un enlace/)).toBeVisible()
    const mail = (await readMail(d.email, /restablecer/)).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const link = /(http:\/\/[^\s"<>]+\/login\/restablecer\?token=[A-Za-z0-9_%-]+)/.exec(mail)![1]!
    await page.goto(new URL(link).pathname + new URL(link).search)
    await page.getByLabel('Nueva contraseña').fill('nuevaClave42')
    await page.getByLabel('Repite la contraseña').fill('nuevaClave42')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    if (jsEnabled) await expect(page.getByText(/Contraseña actualizada correctamente/)).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña').fill('nuevaClave42')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    // The reset proved the mailbox: no code step.
    await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
  })
})

test.describe('public shell', () => {
  test('unknown paths show the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/no-existe-esta-pagina')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByText('Lo sentimos, no pudimos encontrar la página que estás buscando.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('main').getByRole('link', { name: 'Contáctanos' })).toHaveAttribute('href', '/contacto')
    await expectAccessible(page)
  })

  test('the dashboard without a session lands on the login, which would come back to it', async ({ page }) => {
    await page.goto('/user/dashboard/home')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdashboard%2Fhome$/)
    await expect(page.getByText('Inicia sesión para continuar')).toBeVisible()
  })

  test('home is complete HTML with the WhatsApp link and the collapsible menu', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-CL')
    await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/56912345678',
    )
    await expectAccessible(page)
    await page.setViewportSize({ width: 375, height: 800 })
    const menu = page.getByText('Menú')
    await expect(menu).toBeVisible()
    await menu.click()
    await expect(
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).last(),
    ).toBeVisible()
  })
})
