import type { Page } from '@playwright/test'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { decodeMail } from './public-mail'

const TEAM = 'contacto@fleeters.cl'

function field(page: Page, label: string) {
  return page.getByRole('main').getByLabel(label, { exact: true })
}

async function fillForm(page: Page, message: string) {
  await field(page, 'Nombre').fill('Jorge Fuentes')
  await field(page, 'Teléfono').fill('987654321')
  await field(page, 'Correo electrónico').fill('jorge@example.cl')
  await field(page, 'Mensaje').fill(message)
}

test.describe('/ayuda, the inquiries and complaints wizard', () => {
  test('an inquiry: step 1, the form, back, and the message reaches the team', async ({ page, jsEnabled }) => {
    await page.goto('/ayuda')
    await expect(page).toHaveTitle('Consultas y reclamos | Fleeters')
    await expect(page.getByRole('heading', { name: '¿Qué quieres hacer?' })).toBeVisible()
    await expectAccessible(page)
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Consulta/ })
      .click()
    await expect(page).toHaveURL(/\/ayuda\?tipo=Inquiries$/)
    await expect(page.getByRole('heading', { name: 'Escribe tu consulta' })).toBeVisible()
    await expect(page.getByText('Paso 2 de 2')).toBeVisible()
    await expectAccessible(page)

    // From the form without a complaint type, back goes to step 1.
    await page.getByRole('link', { name: 'Volver' }).click()
    await expect(page).toHaveURL(/\/ayuda$/)
    await expect(page.getByRole('heading', { name: '¿Qué quieres hacer?' })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Escribe tu consulta' })).toBeVisible()

    const token = unique('consulta')
    await fillForm(page, `¿Cuándo pagan la producción? ${token}`)
    await page.getByRole('button', { name: 'Enviar' }).click()
    const result = page.locator('#ayuda-resultado')
    await expect(result).toHaveText('Tu consulta fue enviada correctamente. Te responderemos a la brevedad.')
    await expect(field(page, 'Nombre')).toHaveValue('')
    const mail = decodeMail(await readMail(TEAM, new RegExp(token)))
    expect(mail).toContain('Tipo: Consulta')
    // Spec §8: 4 s with JS; without JS it stays.
    if (jsEnabled) await expect(result).toBeHidden({ timeout: 6000 })
    else await expect(result).toBeVisible()
  })

  test('a complaint: type, form, back to the type, browser back, and the message with its type', async ({ page }) => {
    await page.goto('/ayuda')
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Reclamo/ })
      .click()
    await expect(page).toHaveURL(/\/ayuda\?tipo=Complaints$/)
    await expect(page.getByRole('heading', { name: '¿Qué tipo de reclamo es?' })).toBeVisible()
    for (const label of [
      'Pago',
      'Mal servicio',
      'Falta de ruta',
      'Robo',
      'Demora en la entrega',
      'Carga incorrecta',
      'Trato del personal',
      'Otro',
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible()
    }
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Pago', exact: true }).click()
    await expect(page).toHaveURL(/tipo=Complaints&reclamo=PAGO$/)
    await expect(page.getByText('Motivo: Pago')).toBeVisible()

    // From the form with a complaint type, back goes to step 2, then to step 1.
    await page.getByRole('link', { name: 'Volver' }).click()
    await expect(page.getByRole('heading', { name: '¿Qué tipo de reclamo es?' })).toBeVisible()
    await page.getByRole('link', { name: 'Demora en la entrega' }).click()
    await expect(page.getByText('Motivo: Demora en la entrega')).toBeVisible()
    await expect(page.getByText('Paso 3 de 3')).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { name: '¿Qué tipo de reclamo es?' })).toBeVisible()
    await page.goForward()
    await expect(page.getByText('Motivo: Demora en la entrega')).toBeVisible()
    await expectAccessible(page)

    const token = unique('reclamo')
    await fillForm(page, `La ruta llegó con dos horas de atraso. ${token}`)
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(page.locator('#ayuda-resultado')).toHaveText(
      'Tu reclamo fue registrado correctamente. Te contactaremos a la brevedad.',
    )
    const mail = decodeMail(await readMail(TEAM, new RegExp(token)))
    expect(mail).toContain('Subject: Nuevo reclamo (Demora en la entrega) de Jorge Fuentes')

    await page.getByRole('link', { name: 'Volver' }).click()
    await page.getByRole('link', { name: 'Volver' }).click()
    await expect(page).toHaveURL(/\/ayuda$/)
  })

  test('every rule of the complaint form shows its spec message', async ({ page }) => {
    await page.goto('/ayuda?tipo=Complaints&reclamo=ROBO')
    await page.getByRole('button', { name: 'Enviar' }).click()
    for (const label of ['Nombre', 'Teléfono', 'Correo electrónico', 'Mensaje']) {
      await expect(field(page, label)).toHaveAccessibleDescription(/Campo requerido/)
    }
    await expectAccessible(page)
    await field(page, 'Nombre').fill('x'.repeat(101))
    await field(page, 'Teléfono').fill('98765432')
    await field(page, 'Correo electrónico').fill('jorge@')
    await field(page, 'Mensaje').fill('x'.repeat(1501))
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(field(page, 'Nombre')).toHaveAccessibleDescription('El nombre debe tener menos de 100 caracteres')
    await expect(field(page, 'Teléfono')).toHaveAccessibleDescription(
      /El número de teléfono debe tener al menos 9 dígitos/,
    )
    await expect(field(page, 'Correo electrónico')).toHaveAccessibleDescription(
      'Por favor, introduce un correo electrónico válido',
    )
    await expect(field(page, 'Mensaje')).toHaveAccessibleDescription(/El mensaje debe tener menos de 1500 caracteres/)
    for (const phone of ['9876543210123456', '98765#4321']) {
      await field(page, 'Teléfono').fill(phone)
      await page.getByRole('button', { name: 'Enviar' }).click()
      await expect(field(page, 'Teléfono')).toHaveAccessibleDescription(
        /Por favor, introduce un número de teléfono válido de hasta 15 dígitos/,
      )
    }
  })

  test('an unknown step falls back to the first one', async ({ page }) => {
    await page.goto('/ayuda?tipo=Otro&reclamo=PAGO')
    await expect(page.getByRole('heading', { name: '¿Qué quieres hacer?' })).toBeVisible()
    await page.goto('/ayuda?tipo=Complaints&reclamo=CHOQUE')
    await expect(page.getByRole('heading', { name: '¿Qué tipo de reclamo es?' })).toBeVisible()
  })
})
