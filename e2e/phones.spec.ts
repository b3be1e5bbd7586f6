import { e2eDatabase } from './driver-session'
import { codeIn, expect, randomDriver, readMail, test } from './fixtures'

/** Issue 12 item 10: the driver's phone as Chileans write it, one rule and one display everywhere. */
test.describe('the driver phone', () => {
  test('registration takes «+56 9 XXXX XXXX»; the profile shows it the same way', async ({ page }) => {
    test.setTimeout(120_000)
    const d = randomDriver()
    const typed = `+56 9 ${d.phone.slice(1, 5)} ${d.phone.slice(5)}`
    await page.goto('/register')
    await page.getByLabel('Nombre').fill(d.firstname)
    await page.getByLabel('Apellido').fill(d.lastname)
    await page.getByLabel('RUT').fill(d.rut)
    await page.getByLabel('Teléfono móvil').fill(typed)
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
    await page.getByLabel('Repite la contraseña').fill(d.password)
    await page.getByLabel(/Acepto los/).check()
    await page.getByRole('button', { name: 'Crear cuenta' }).click()
    await expect(page.getByRole('heading', { name: '¡Registro exitoso!' })).toBeVisible()
    await expect(page.getByText('El teléfono solo puede contener números')).toHaveCount(0)

    // Stored the one way (569XXXXXXXX), whoever reads it.
    const db = e2eDatabase()
    try {
      expect(db.prepare('SELECT phone FROM users WHERE email = ?').get(d.email)).toEqual({ phone: `56${d.phone}` })
    } finally {
      db.close()
    }

    await page.goto('/login')
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña').fill(d.password)
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
    await page.getByRole('button', { name: 'Verificar código' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/home$/)

    await page.goto('/user/dashboard/settings')
    const shown = page.getByRole('term').filter({ hasText: 'Teléfono' }).locator('xpath=following-sibling::dd[1]')
    await expect(shown).toHaveText(typed)
    // The edit form offers it in the same spelling, and saving it unchanged keeps it.
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await expect(page.getByLabel('Teléfono')).toHaveValue(typed)
    await expect(page.getByLabel('Teléfono')).toHaveAccessibleDescription(/por ejemplo \+56 9 8765 4321/)
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('No hay cambios para guardar')).toBeVisible()
  })

  test('a number stored before the rule is shown as it is, without an added «+»', async ({ page, request }) => {
    test.setTimeout(90_000)
    const d = randomDriver()
    expect((await request.post('/api/users/register', { multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) } })).status()).toBe(201)
    const legacy = `12${d.phone.slice(2)}`
    const db = e2eDatabase()
    try {
      db.prepare('UPDATE users SET phone = ? WHERE email = ?').run(legacy, d.email)
    } finally {
      db.close()
    }
    await page.goto('/login')
    await page.getByLabel('Correo electrónico').fill(d.email)
    await page.getByLabel('Contraseña').fill(d.password)
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
    await page.getByRole('button', { name: 'Verificar código' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/home$/)
    await page.goto('/user/dashboard/settings')
    const shown = page.getByRole('term').filter({ hasText: 'Teléfono' }).locator('xpath=following-sibling::dd[1]')
    await expect(shown).toHaveText(legacy)
  })
})
