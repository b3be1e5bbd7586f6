import { expect, test } from './fixtures'

/**
 * Client validation arrives on the form's first focus (decision 13). A field left before the schema
 * has arrived (a slow connection, a quick Tab) is checked as soon as it does: its message shows
 * without the person visiting the field again. This held the chunks back to make the race certain;
 * before the fix the message never showed (and the company registration e2e failed now and then).
 */
test.describe('validation that arrives late', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'client validation is a JS enhancement')

  test('a field left before the schema arrived gets its message when it does', async ({ page }) => {
    await page.goto('/empresas/registro')
    // From now on, script chunks wait until released: the schema cannot arrive before the blur.
    const held: Array<() => void> = []
    let holding = true
    await page.route('**/assets/*.js', async (route) => {
      if (!holding) return route.continue()
      await new Promise<void>((release) => held.push(release))
      await route.continue()
    })
    await page.getByLabel('Nombre de la empresa').fill('Transportes Lentos SpA')
    await page.getByLabel('RUT de la empresa').fill('76123456-1')
    await page.getByLabel('Nombre de contacto').focus()
    await expect.poll(() => held.length, { message: 'the first focus asked for the schema' }).toBeGreaterThan(0)
    await expect(page.getByText('Dígito verificador inválido')).toHaveCount(0)

    holding = false
    for (const release of held.splice(0)) release()
    await expect(page.getByText('Dígito verificador inválido')).toBeVisible()
    // Only the field that was left is judged: the one in focus and those never visited say nothing.
    await expect(page.getByLabel('Nombre de contacto')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Correo electrónico')).not.toHaveAttribute('aria-invalid', 'true')
  })
})
