import type { Locator, Page } from '@playwright/test'
import { newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

const valid = {
  holder: 'Camila Pérez',
  bank: 'Banco Estado',
  type: 'Cuenta Rut',
  number: '123456789',
  phone: '56987654321',
  email: 'camila@example.cl',
  receipt: 'Yo la emito',
  invoice: 'Boleta',
  sii: 'Av. Providencia 1234',
}

async function fill(dialog: Locator, v: Partial<typeof valid>) {
  if (v.holder !== undefined) await dialog.getByLabel('Nombre del titular').fill(v.holder)
  if (v.bank !== undefined) await dialog.getByLabel('Banco').selectOption(v.bank)
  if (v.type !== undefined) await dialog.getByLabel('Tipo de cuenta').selectOption(v.type)
  if (v.number !== undefined) await dialog.getByLabel('Número de cuenta').fill(v.number)
  if (v.phone !== undefined) await dialog.getByLabel('Teléfono').fill(v.phone)
  if (v.email !== undefined) await dialog.getByLabel('Correo electrónico').fill(v.email)
  if (v.receipt !== undefined) await dialog.getByLabel('Emisión de boleta').selectOption(v.receipt)
  if (v.invoice !== undefined) await dialog.getByLabel('Tipo de documento').selectOption(v.invoice)
  if (v.sii !== undefined) await dialog.getByLabel('Dirección SII').fill(v.sii)
}

async function addAccount(page: Page, v: typeof valid) {
  await page.getByRole('link', { name: 'Agregar cuenta' }).click()
  const dialog = page.getByRole('dialog', { name: 'Agregar cuenta bancaria' })
  await fill(dialog, v)
  await dialog.getByRole('button', { name: 'Agregar cuenta' }).click()
  await expect(page.getByText('Cuenta bancaria agregada correctamente.')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test.describe('driver bank details', () => {
  test('every rule and message of the bank form', async ({ page, jsEnabled }) => {
    // A new driver, then every rule of a 9-field form one submission at a time.
    test.setTimeout(120_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings/banco-detalles')
    await expect(page.getByText('Aún no has agregado una cuenta bancaria.')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Agregar cuenta' }).click()
    const dialog = page.getByRole('dialog', { name: 'Agregar cuenta bancaria' })
    const submit = () => dialog.getByRole('button', { name: 'Agregar cuenta' }).click()
    await submit()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Todos los campos son obligatorios' })).toBeVisible()
    await expect(dialog.getByLabel('Nombre del titular')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page)
    // Spec §5: the alert leaves after 3 s.
    if (jsEnabled) await expect(dialog.getByText('Todos los campos son obligatorios')).toHaveCount(0, { timeout: 5000 })

    await fill(dialog, {
      ...valid,
      holder: 'h'.repeat(51),
      number: '12a',
      phone: '5698765432',
      email: 'yo@fleeters.cl',
      sii: 's'.repeat(201),
    })
    await submit()
    await expect(dialog.getByText('Máximo 50 caracteres')).toBeVisible()
    await expect(dialog.getByText('Solo se permiten números')).toBeVisible()
    await expect(dialog.getByText('El teléfono debe tener al menos 11 dígitos')).toBeVisible()
    await expect(dialog.getByText('Correo electrónico inválido')).toBeVisible()
    await expect(dialog.getByText('Máximo 200 caracteres')).toBeVisible()

    await fill(dialog, { ...valid, number: '12', phone: '569876543210', email: `${'a'.repeat(75)}@ex.cl` })
    await submit()
    await expect(dialog.getByText('Mínimo 3 caracteres')).toBeVisible()
    await expect(dialog.getByText('El teléfono no puede tener más de 11 dígitos')).toBeVisible()
    await expect(dialog.getByText('Correo electrónico no puede exceder los 80 caracteres')).toBeVisible()

    // The receipt/invoice cross-rule, once every field is valid.
    await fill(dialog, { ...valid, receipt: 'No emitiré boleta, emitiré factura', invoice: 'Boleta' })
    await submit()
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Para emitir factura, selecciona "Factura" en tipo de documento' }),
    ).toBeVisible()
    await fill(dialog, { ...valid, receipt: 'Emítanla ustedes', invoice: 'Factura' })
    await submit()
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Para emitir boleta, selecciona "Boleta" en tipo de documento' }),
    ).toBeVisible()

    for (const [phone, message] of [
      ['56887654321', 'El teléfono debe comenzar con 569'],
      ['5698765432x', 'El teléfono solo puede contener números'],
      ['56912345678', 'El teléfono no puede contener secuencias como 0000 o 1234'],
      ['', 'Todos los campos son obligatorios'],
    ] as const) {
      await fill(dialog, { ...valid, phone })
      await submit()
      await expect(dialog.getByText(message)).toBeVisible()
    }
    await fill(dialog, { ...valid, email: '' })
    await submit()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Todos los campos son obligatorios' })).toBeVisible()
  })

  test('two accounts: switch the selected one, edit only what changed, delete', async ({ page }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings/banco-detalles')
    await addAccount(page, valid)
    const panel = page.getByRole('region', { name: 'Detalle de la cuenta' })
    await expect(panel.getByRole('switch', { name: 'Cuenta seleccionada para pagos' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expect(panel.getByText('123456789')).toBeVisible()
    await expect(page.getByRole('link', { name: /Banco Estado/ })).toContainText('•••• 6789')

    await addAccount(page, {
      ...valid,
      bank: 'Banco de Chile',
      type: 'Cuenta Corriente',
      number: '987654321',
      receipt: 'No emitiré boleta, emitiré factura',
      invoice: 'Factura',
    })
    await expect(panel.getByText('Banco de Chile')).toBeVisible()
    await expect(panel.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    await expect(panel.getByRole('switch')).toHaveText('No Seleccionado')
    await expect(panel.getByText('Factura', { exact: true })).toBeVisible()
    await expectAccessible(page)

    await panel.getByRole('switch').click()
    await expect(page.getByText('Cuenta seleccionada correctamente.')).toBeVisible()
    await expect(panel.getByRole('switch')).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('link', { name: /Banco de Chile/ })).toContainText('Seleccionado')
    await expect(page.getByRole('link', { name: /Banco Estado/ })).not.toContainText('Seleccionado')
    // Exactly one stays selected: it cannot be switched off, only replaced.
    await panel.getByRole('switch').click()
    await expect(page.getByText(/Debes mantener una cuenta seleccionada/)).toBeVisible()
    await expect(panel.getByRole('switch')).toHaveAttribute('aria-checked', 'true')

    await page.getByRole('link', { name: /Banco Estado/ }).click()
    await expect(panel.getByText('Banco Estado')).toBeVisible()
    await expect(panel.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    await panel.getByRole('link', { name: 'Editar cuenta' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar cuenta bancaria' })
    await expect(edit.getByLabel('Nombre del titular')).toHaveValue(valid.holder)
    await expect(edit.getByLabel('Banco')).toHaveValue('Banco Estado')
    await edit.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(edit.getByText('No hay cambios para guardar')).toBeVisible()
    await edit.getByLabel('Banco').selectOption('Banco Santander')
    await edit.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Cuenta bancaria actualizada correctamente.')).toBeVisible()
    await expect(panel.getByText('Banco Santander')).toBeVisible()

    // Deleting the selected account hands the selection to the remaining one.
    await page.getByRole('link', { name: /Banco de Chile/ }).click()
    // The panel must show that account before its delete link is used (the click navigates).
    await expect(panel.getByText('Banco de Chile')).toBeVisible()
    await panel.getByRole('link', { name: 'Eliminar cuenta' }).click()
    const confirm = page.getByRole('dialog', { name: 'Eliminar cuenta bancaria' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expect(page.getByText('Cuenta bancaria eliminada correctamente.')).toBeVisible()
    await expect(page.getByRole('link', { name: /Banco de Chile/ })).toHaveCount(0)
    await expect(panel.getByText('Banco Santander')).toBeVisible()
    await expect(panel.getByRole('switch')).toHaveAttribute('aria-checked', 'true')
  })
})
