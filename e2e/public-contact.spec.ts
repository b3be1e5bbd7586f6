import type { Page } from '@playwright/test'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { decodeMail } from './public-mail'

const TEAM = 'contacto@fleeters.cl'

function field(page: Page, label: string) {
  return page.locator('#contacto').getByLabel(label, { exact: true })
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value)
}

async function send(page: Page) {
  await page.getByRole('button', { name: 'Enviar mensaje' }).click()
}

test.describe('/contacto', () => {
  test('every rule shows its spec message next to its field', async ({ page }) => {
    await page.goto('/contacto')
    await expect(page).toHaveTitle('Contacto | Fleeters')
    await expectAccessible(page)

    await fill(page, {
      Apellido: 'x'.repeat(51),
      'Correo electrónico': 'ana@gmail.comercial',
      Teléfono: '98765432',
      Mensaje: 'Hola',
    })
    await send(page)
    await expect(field(page, 'Nombre')).toHaveAccessibleDescription('Campo requerido')
    await expect(field(page, 'Apellido')).toHaveAccessibleDescription('Máximo 50 caracteres')
    await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription('Ingresa un correo electrónico válido')
    await expect(field(page, 'Teléfono')).toHaveAccessibleDescription(/Mínimo 9 caracteres/)
    await expect(field(page, 'Mensaje')).toHaveAccessibleDescription(/El mensaje debe tener al menos 10 caracteres/)
    await expect(field(page, 'Nombre')).toHaveAttribute('aria-invalid', 'true')
    // The first invalid field takes the focus (conform with JS, autofocus without).
    await expect(field(page, 'Nombre')).toBeFocused()
    // The server kept what was typed (no JS) or the page never left (JS).
    await expect(field(page, 'Apellido')).toHaveValue('x'.repeat(51))
    await expectAccessible(page)

    await fill(page, { Nombre: 'Ana', Apellido: '', 'Correo electrónico': '', Teléfono: '', Mensaje: 'x'.repeat(501) })
    await send(page)
    await expect(field(page, 'Apellido')).toHaveAccessibleDescription('Campo requerido')
    await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription('Campo requerido')
    await expect(field(page, 'Teléfono')).toHaveAccessibleDescription(/Campo requerido/)
    await expect(field(page, 'Mensaje')).toHaveAccessibleDescription(/El mensaje no puede superar los 500 caracteres/)

    for (const [phone, message] of [
      ['9876543210123456', 'Máximo 15 caracteres'],
      ['98765432a', 'El teléfono solo puede contener números'],
      ['912340000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
    ]) {
      await fill(page, { Teléfono: phone! })
      await send(page)
      await expect(field(page, 'Teléfono')).toHaveAccessibleDescription(new RegExp(message!))
    }
    await fill(page, { Mensaje: '' })
    await send(page)
    await expect(field(page, 'Mensaje')).toHaveAccessibleDescription(/Campo requerido/)
  })

  test('an all-empty submission does nothing', async ({ page, jsEnabled }) => {
    await page.goto('/contacto')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url())
    })
    // The phone alone does not count (spec §5: first name, last name, email and message).
    await fill(page, { Teléfono: '987654321' })
    await send(page)
    await expect(page.getByRole('heading', { name: 'Envíanos un mensaje' })).toBeVisible()
    await expect(page.locator('#contacto [aria-invalid="true"]')).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
    if (jsEnabled) expect(posts).toEqual([])
  })

  test('a valid message is stored, mailed to the team and the form resets', async ({ page, jsEnabled }) => {
    const token = unique('contacto')
    await page.goto('/contacto')
    await fill(page, {
      Nombre: 'Ana',
      Apellido: 'Pérez',
      'Correo electrónico': 'ana@example.cl',
      Teléfono: '987654321',
      Mensaje: `Hola, quiero información. ${token}`,
    })
    await send(page)
    const result = page.locator('#contacto-resultado')
    await expect(result).toHaveText('Mensaje enviado correctamente. Te responderemos a la brevedad.')
    await expect(result).toBeFocused()
    await expect(field(page, 'Nombre')).toHaveValue('')
    await expect(field(page, 'Mensaje')).toHaveValue('')
    const mail = decodeMail(await readMail(TEAM, new RegExp(token)))
    expect(mail).toContain('Subject: Nuevo mensaje de contacto de Ana Pérez')
    expect(mail).toContain('Teléfono: 987654321')
    if (jsEnabled) {
      // Spec §8: the message leaves after 3 s.
      await expect(result).toBeHidden({ timeout: 5000 })
    } else {
      // Without JS nothing can take the message away: no script runs and no refresh is set.
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
      await expect(result).toBeVisible()
    }
  })

  test('a refused submission keeps what was typed and says why', async ({ page }) => {
    await page.goto('/contacto')
    await fill(page, {
      Nombre: 'Ana',
      Apellido: 'Pérez',
      'Correo electrónico': 'ana@example.cl',
      Teléfono: '987654321',
      Mensaje: 'Un mensaje de un robot.',
    })
    // Only a bot fills the invisible field: the server refuses, the person keeps their text.
    await page
      .locator('#contacto input[name="url_sitio"]')
      .evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'))
    await send(page)
    await expect(page.locator('#contacto-resultado')).toHaveText('Error en enviar formulario, inténtalo nuevamente...')
    await expect(field(page, 'Mensaje')).toHaveValue('Un mensaje de un robot.')
    await expect(field(page, 'Apellido')).toHaveValue('Pérez')
  })
})
