import type { Page } from '@playwright/test'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { screenshots } from './marketplace-support'
import { decodeMail } from './public-mail'

const TEAM = 'contacto@fleeters.cl'

const fleetField = (page: Page, label: string) => page.locator('#flota').getByLabel(label, { exact: true })
const contactField = (page: Page, label: string) => page.locator('#contacto-empresa').getByLabel(label, { exact: true })

test.describe('/empresas', () => {
  test('the page, its services and the link to company registration', async ({ page }) => {
    await page.goto('/empresas')
    await expect(page).toHaveTitle(/Empresas/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conductores de última milla para tu empresa')
    await expect(page.getByRole('link', { name: 'Registra tu empresa' })).toHaveAttribute('href', '/empresas/registro')
    await expect(page.getByText(/a demanda: simplifica tu operación y reduce costos/)).toBeVisible()
    await expectAccessible(page)
  })

  test('why to trust Fleeters, above the two forms, and which form to use', async ({ page }) => {
    await page.goto('/empresas')
    const main = page.getByRole('main')
    // How drivers are validated: the product's own rules.
    await expect(main.getByRole('heading', { name: 'Cómo validamos a los conductores' })).toBeVisible()
    for (const step of [
      'Requisitos para postular',
      '22 documentos revisados',
      'Revisión en menos de 24 horas hábiles',
      'Vencimientos bajo control',
    ]) {
      await expect(main.getByRole('heading', { name: step, exact: true })).toBeVisible()
    }
    await expect(main.getByText(/Avisamos al conductor 30 y 7 días antes/)).toBeVisible()
    // The numbers, the partner logos and the testimonials are the home page's content.
    await expect(main.getByRole('heading', { name: 'Fleeters en cifras' })).toBeVisible()
    await expect(main.getByText('+839')).toBeVisible()
    await expect(main.getByText('98 %')).toBeVisible() // formatPercent: '98 %' with a no-break space (decision 57)
    await expect(main.getByRole('img', { name: 'Despachos Andes' })).toBeVisible()
    await expect(main.getByText('Carolina Muñoz')).toBeVisible()
    // All of it comes before the forms, and so does the choice between them.
    const top = async (name: string) => (await main.getByRole('heading', { name, exact: true }).boundingBox())!.y
    const firstForm = Math.min(await top('Requerimientos de flota'), await top('Contáctanos'))
    for (const name of [
      'Cómo validamos a los conductores',
      'Fleeters en cifras',
      'Empresas que confían en Fleeters',
      'Lo que dicen de nosotros',
      '¿Qué formulario usar?',
    ]) {
      expect(await top(name), `${name} is above the forms`).toBeLessThan(firstForm)
    }
    await expect(main.getByRole('heading', { name: '¿Ya sabes qué flota necesitas?' })).toBeVisible()
    await expect(main.getByRole('heading', { name: '¿Prefieres conversar primero?' })).toBeVisible()
    await main.getByRole('link', { name: 'Cuéntanos qué necesitas' }).click()
    await expect(page).toHaveURL(/#formularios$/)
    await main.getByRole('link', { name: 'Ir a requerimientos de flota' }).click()
    await expect(page).toHaveURL(/#requerimientos$/)
    await expect(main.getByRole('heading', { name: 'Requerimientos de flota' })).toBeInViewport()
    await main.getByRole('link', { name: 'Ir al formulario de contacto' }).click()
    await expect(page).toHaveURL(/#contacto-empresas$/)
    await expect(main.getByRole('heading', { name: 'Contáctanos' })).toBeInViewport()
    await expectAccessible(page)
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshots(page, 'empresas', (n) => test.info().outputPath(n))
  })

  test('business contact: every rule, then a message that reaches the team', async ({ page, jsEnabled }) => {
    await page.goto('/empresas')
    const send = () => page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await contactField(page, 'Nombre de la empresa').fill('x'.repeat(51))
    await contactField(page, 'Correo electrónico').fill('ana@andes.chile')
    await contactField(page, 'Teléfono').fill('2287654')
    await contactField(page, 'Mensaje').fill('corto')
    await send()
    await expect(contactField(page, 'Nombre completo')).toHaveAccessibleDescription('Campo requerido')
    await expect(contactField(page, 'Nombre de la empresa')).toHaveAccessibleDescription('Máximo 50 caracteres')
    await expect(contactField(page, 'Correo electrónico')).toHaveAccessibleDescription(
      'Ingresa un correo electrónico válido',
    )
    await expect(contactField(page, 'Teléfono')).toHaveAccessibleDescription(/Mínimo 8 caracteres/)
    await expect(contactField(page, 'Mensaje')).toHaveAccessibleDescription(
      /El mensaje debe tener al menos 10 caracteres/,
    )
    await expectAccessible(page)
    for (const [phone, message] of [
      ['', 'Campo requerido'],
      ['9876543210123456', 'Máximo 15 caracteres'],
      ['22-87654x', 'El teléfono solo puede contener números'],
      ['22870000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
    ]) {
      await contactField(page, 'Teléfono').fill(phone!)
      await send()
      await expect(contactField(page, 'Teléfono')).toHaveAccessibleDescription(new RegExp(message!))
    }
    await contactField(page, 'Mensaje').fill('x'.repeat(1001))
    await send()
    await expect(contactField(page, 'Mensaje')).toHaveAccessibleDescription(
      /El mensaje no puede superar los 1000 caracteres/,
    )

    const token = unique('empresa')
    await contactField(page, 'Nombre completo').fill('Ana Pérez')
    await contactField(page, 'Nombre de la empresa').fill('Transportes Andes')
    await contactField(page, 'Correo electrónico').fill('ana@andes.cl')
    await contactField(page, 'Teléfono').fill('22876543')
    await contactField(page, 'Mensaje').fill(`Necesitamos conductores. ${token}`)
    await send()
    const result = page.locator('#contacto-empresa-resultado')
    await expect(result).toHaveText('Mensaje enviado correctamente.')
    await expect(contactField(page, 'Nombre completo')).toHaveValue('')
    expect(decodeMail(await readMail(TEAM, new RegExp(token)))).toContain(
      'Subject: Contacto de empresa: Transportes Andes',
    )
    if (jsEnabled) await expect(result).toBeHidden({ timeout: 5000 })
  })

  test('fleet requirements: zone → region → commune, then the request reaches the team', async ({
    page,
    jsEnabled,
  }) => {
    await page.goto('/empresas')
    const token = unique('flota')
    await fleetField(page, 'Empresa').fill('Transportes Andes')
    await fleetField(page, 'Nombre de contacto').fill('Ana Pérez')
    await fleetField(page, 'Correo electrónico').fill('ana@andes.cl')
    await fleetField(page, 'Teléfono').fill('22876543')
    await fleetField(page, 'Tipo de vehículo').selectOption({ label: 'Furgón' })
    await fleetField(page, 'Cantidad de vehículos').fill('4')
    await fleetField(page, 'Turno').selectOption({ label: 'AM (mañanas)' })
    await fleetField(page, 'Mensaje (opcional)').fill(`Rutas en Santiago Centro. ${token}`)

    const update = page.getByRole('button', { name: 'Actualizar' })
    if (jsEnabled) await expect(update).toHaveCount(0)
    await fleetField(page, 'Zona').selectOption({ label: 'Zona Centro' })
    if (!jsEnabled) await update.click()
    await expect(fleetField(page, 'Región').locator('option', { hasText: 'Metropolitana de Santiago' })).toHaveCount(1)
    await fleetField(page, 'Región').selectOption({ label: 'Metropolitana de Santiago' })
    if (!jsEnabled) await update.click()
    await expect(fleetField(page, 'Comuna').locator('option', { hasText: 'Ñuñoa' })).toHaveCount(1)
    await fleetField(page, 'Comuna').selectOption({ label: 'Santiago Centro' })
    // Nothing typed before was lost on the way.
    await expect(fleetField(page, 'Empresa')).toHaveValue('Transportes Andes')
    await expect(fleetField(page, 'Mensaje (opcional)')).toHaveValue(`Rutas en Santiago Centro. ${token}`)
    await expect(fleetField(page, 'Tipo de vehículo')).toHaveValue('1')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Enviar requerimientos' }).click()
    const result = page.locator('#flota-resultado')
    await expect(result).toHaveText('Recibimos tus requerimientos de flota. Un ejecutivo te contactará a la brevedad.')
    await expect(fleetField(page, 'Empresa')).toHaveValue('')
    const mail = decodeMail(await readMail(TEAM, new RegExp(token)))
    expect(mail).toContain('Subject: Requerimiento de flota de Transportes Andes')
    for (const line of [
      'Tipo de vehículo: Furgón',
      'Cantidad de vehículos: 4',
      'Región: Metropolitana de Santiago',
      'Comuna: Santiago Centro',
      'Turno: AM (mañanas)',
    ])
      expect(mail).toContain(line)
    if (jsEnabled) await expect(result).toBeHidden({ timeout: 6000 })
  })

  test('fleet requirements: every rule shows its message', async ({ page, jsEnabled }) => {
    await page.goto('/empresas')
    const send = () => page.getByRole('button', { name: 'Enviar requerimientos' }).click()
    await send()
    for (const label of [
      'Empresa',
      'Nombre de contacto',
      'Correo electrónico',
      'Tipo de vehículo',
      'Cantidad de vehículos',
      'Zona',
      'Región',
      'Comuna',
      'Turno',
    ]) {
      await expect(fleetField(page, label)).toHaveAccessibleDescription(/Campo requerido/)
    }
    await expect(fleetField(page, 'Teléfono')).toHaveAccessibleDescription(/Campo requerido/)
    await expectAccessible(page)
    await fleetField(page, 'Empresa').fill('x'.repeat(51))
    await fleetField(page, 'Nombre de contacto').fill('x'.repeat(101))
    await fleetField(page, 'Cantidad de vehículos').fill('0')
    await fleetField(page, 'Mensaje (opcional)').fill('x'.repeat(1001))
    await send()
    await expect(fleetField(page, 'Empresa')).toHaveAccessibleDescription('Máximo 50 caracteres')
    await expect(fleetField(page, 'Nombre de contacto')).toHaveAccessibleDescription('Máximo 100 caracteres')
    await expect(fleetField(page, 'Cantidad de vehículos')).toHaveAccessibleDescription(
      'Ingresa una cantidad entre 1 y 999',
    )
    await expect(fleetField(page, 'Mensaje (opcional)')).toHaveAccessibleDescription(
      /El mensaje no puede superar los 1000 caracteres/,
    )
    if (!jsEnabled) {
      // Without JS a zone changed without 'Actualizar' leaves a stale region: the server says so.
      await page.goto('/empresas?id_zone=2&id_region=13000')
      await fleetField(page, 'Empresa').fill('Transportes Andes')
      await fleetField(page, 'Nombre de contacto').fill('Ana Pérez')
      await fleetField(page, 'Correo electrónico').fill('ana@andes.cl')
      await fleetField(page, 'Teléfono').fill('22876543')
      await fleetField(page, 'Tipo de vehículo').selectOption({ label: 'Moto' })
      await fleetField(page, 'Cantidad de vehículos').fill('2')
      await fleetField(page, 'Turno').selectOption({ label: 'PM (tardes)' })
      await fleetField(page, 'Región').selectOption({ label: 'Metropolitana de Santiago' })
      await fleetField(page, 'Comuna').selectOption({ label: 'Providencia' })
      await fleetField(page, 'Zona').selectOption({ label: 'Zona Norte' })
      await send()
      await expect(fleetField(page, 'Región')).toHaveAccessibleDescription(
        'La región no pertenece a la zona seleccionada',
      )
      await expect(fleetField(page, 'Región').locator('option', { hasText: 'Antofagasta' })).toHaveCount(1)
      await expect(fleetField(page, 'Empresa')).toHaveValue('Transportes Andes')
    }
  })
})
