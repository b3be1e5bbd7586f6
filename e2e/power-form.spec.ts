import { expect, test } from './fixtures'
import { apiPowerLink, attachIdImages, fillOwner, fillPhase1, randomPlate, reachPhase2 } from './power-support'

/**
 * The confirmation of phase 2 opens only when 'Crear poder simple' is pressed on a
 * valid form; never while typing (conform re-validates through submit events), never on an
 * empty or invalid form, which shows its messages and focuses its first invalid field.
 */
test.describe('simple power, phase 2: confirmation only for a valid form', () => {
  test('a refused attempt, then a correction typed key by key: every key is kept and no dialog opens', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    const { driver, path } = await apiPowerLink(page.request)
    // The driver's profile prefills the name and RUT; the rest of phase 1 is typed.
    expect(driver.rut).toBeTruthy()
    await reachPhase2(page, path)
    await fillOwner(page, { 'Teléfono (WhatsApp) del dueño': '98765' })
    await attachIdImages(page)
    const phone = page.getByLabel('Teléfono (WhatsApp) del dueño', { exact: true })
    const dialog = page.getByRole('dialog', { name: '¿Crear el poder simple?' })
    if (!jsEnabled)
      await page.getByLabel('Confirmo que los datos son correctos y quiero crear el poder simple.').check()
    await page.getByRole('button', { name: 'Crear poder simple' }).click()

    // Refused: the field's message, focus on the field, no confirmation asked.
    await expect(page.getByText('El teléfono debe tener al menos 9 dígitos')).toBeVisible()
    await expect(phone).toBeFocused()
    await expect(dialog).toHaveCount(0)

    // The correction, typed one key at a time at the end of the field.
    await phone.press('End')
    await phone.pressSequentially('4321', { delay: 30 })
    await expect(phone).toHaveValue('987654321')
    await expect(phone).toBeFocused()
    if (jsEnabled) await expect(page.getByText('El teléfono debe tener al menos 9 dígitos')).toHaveCount(0)
    await expect(dialog).toHaveCount(0)
    await phone.blur()
    await expect(dialog).toHaveCount(0)
    await expect(phone).toHaveValue('987654321')

    // Now valid: the press asks for confirmation (with JS) and the power is created.
    if (jsEnabled) {
      await page.getByRole('button', { name: 'Crear poder simple' }).click()
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused()
      await dialog.getByRole('button', { name: 'Cancelar' }).click()
      await expect(dialog).toBeHidden()
      await expect(phone).toHaveValue('987654321')
      await page.getByRole('button', { name: 'Crear poder simple' }).click()
      await dialog.getByRole('button', { name: 'Sí, crear poder simple' }).click()
    } else {
      // Without JS the files are not kept by the browser after a round trip; attach them again.
      await attachIdImages(page)
      await page.getByLabel('Confirmo que los datos son correctos y quiero crear el poder simple.').check()
      await page.getByRole('button', { name: 'Crear poder simple' }).click()
    }
    await expect(page.getByRole('dialog', { name: 'Proceso de Poder Simple Iniciado' })).toBeVisible()
  })

  test('an empty form: the press shows the messages, focuses the first field and asks nothing', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000)
    const { path } = await apiPowerLink(page.request)
    await reachPhase2(page, path)
    await page.getByRole('button', { name: 'Crear poder simple' }).click()
    const first = page.getByLabel('Nombre completo del dueño', { exact: true })
    await expect(first).toBeFocused()
    await expect(page.getByRole('dialog', { name: '¿Crear el poder simple?' })).toHaveCount(0)
    if (jsEnabled) {
      // conform's messages under each field (without JS the browser's own check stops the post).
      // One required message in every form (decision 57), the owner's phone and email included.
      await expect(page.getByText('Campo requerido').first()).toBeVisible()
      await expect(page.getByLabel('Correo electrónico del dueño')).toHaveAccessibleDescription(/Campo requerido/)
      // Typing in the first field re-validates it and still asks nothing.
      await first.pressSequentially('Ana', { delay: 30 })
      await expect(first).toHaveValue('Ana')
      await expect(page.getByRole('dialog', { name: '¿Crear el poder simple?' })).toHaveCount(0)
    }
    await expect(page.getByRole('heading', { name: 'Dueño del vehículo', level: 2 })).toBeVisible()
  })
})

/** The vehicle years count from today (in Chile): next year down to the spec's 2005. */
test('the «Año» list runs from next year down to 2005, whatever year it is', async ({ page }) => {
  const { path } = await apiPowerLink(page.request)
  await page.goto(path)
  const thisYear = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'America/Santiago', year: 'numeric' }).format(new Date()),
  )
  const years = (await page.getByLabel('Año').locator('option').allTextContents())
    .map((t) => t.trim())
    .filter((t) => /^\d{4}$/.test(t))
  expect(years[0]).toBe(String(thisYear + 1))
  expect(years.at(-1)).toBe('2005')
  expect(years).toHaveLength(thisYear + 1 - 2005 + 1)
  // The page offers what the service takes: next year goes through phase 1.
  await fillPhase1(page, randomPlate())
  await page.getByLabel('Año').selectOption(String(thisYear + 1))
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByRole('heading', { name: 'Dueño del vehículo', level: 2 })).toBeVisible()
})
