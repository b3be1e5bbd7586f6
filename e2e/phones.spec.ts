import { e2eDatabase } from './driver-session'
import { codeIn, expect, randomDriver, readMail, test, unique } from './fixtures'
import { decodeMail } from './public-mail'

/** The driver's phone as Chileans write it, one rule and one display everywhere. */
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
    // The edit form offers it in the same spelling, and saving the form with it keeps it.
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await expect(page.getByLabel('Teléfono')).toHaveValue(typed)
    await expect(page.getByLabel('Teléfono')).toHaveAccessibleDescription(/por ejemplo \+56 9 8765 4321/)
    await page.getByLabel('Dirección').fill('Av. Matta 500')
    await page.getByLabel('Sobre mí').fill('Conductor de reparto en Santiago.')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Datos actualizados correctamente.')).toBeVisible()
    await expect(shown).toHaveText(typed)
  })

  test('a number stored before the rule is shown as it is, without an added «+»', async ({ page, request }) => {
    test.setTimeout(90_000)
    const d = randomDriver()
    expect(
      (
        await request.post('/api/users/register', { multipart: { data: JSON.stringify({ ...d, acceptTerms: true }) } })
      ).status(),
    ).toBe(201)
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

  test('the public contact form takes «+56 9 8765 4321» too, and the team reads the digits', async ({ page }) => {
    const token = unique('telefono')
    await page.goto('/contacto')
    const field = (label: string) => page.locator('#contacto').getByLabel(label, { exact: true })
    await expect(field('Teléfono')).toHaveAccessibleDescription(/\+56 9 8765 4321/)
    await field('Nombre').fill('Ana')
    await field('Apellido').fill('Pérez')
    await field('Correo electrónico').fill('ana@example.cl')
    await field('Teléfono').fill('+56 9 8765-4321')
    await field('Mensaje').fill(`Hola, quiero información. ${token}`)
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect(page.locator('#contacto-resultado')).toHaveText(
      'Mensaje enviado correctamente. Te responderemos a la brevedad.',
    )
    expect(decodeMail(await readMail('contacto@fleeters.cl', new RegExp(token)))).toContain('Teléfono: 56987654321')
  })
})
