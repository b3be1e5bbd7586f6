import { newAdmin } from './admin-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiPowerLink, usePowerLink } from './power-support'

/**
 * The review of a simple power is not blind. The console shows the owner's ID images
 * and signature state; «Aprobar» stays disabled, and says why, until a reviewer records the
 * owner's signature («firma recibida», with who and when, in the log).
 */
test('the console shows the owner ID images and signature state; «Aprobar» waits for the recorded signature', async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(150_000)
  const { token } = await apiPowerLink(page.request)
  const created = await usePowerLink(page.request, token)
  const admin = await newAdmin(page)

  await page.goto(`/admin/documentos/${created.document.id_file}`)
  const power = page.getByRole('region', { name: 'Poder simple' })
  await expect(power).toBeVisible()
  await expect(power.getByText('María José Muñoz')).toBeVisible()
  await expect(power.getByTestId('firma-estado')).toHaveText(/^Pendiente\. El dueño debe responder «ACEPTO»/)

  // Both sides of the owner's ID card, served to the console.
  for (const [name, side] of [
    ['Cédula de identidad del dueño, anverso', 'anverso'],
    ['Cédula de identidad del dueño, reverso', 'reverso'],
  ]) {
    const img = power.getByRole('img', { name })
    await expect(img).toBeVisible()
    await expect(img).toHaveAttribute('src', `/admin/poderes/${created.id_power}/cedula/${side}`)
    const res = await page.request.get(`/admin/poderes/${created.id_power}/cedula/${side}`)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
    if (jsEnabled) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
  }

  // «Aprobar» is disabled and explained.
  const approve = page.getByRole('button', { name: 'Aprobar' })
  await expect(approve).toBeDisabled()
  await expect(approve).toHaveAccessibleDescription(/primero registra la firma del dueño/)
  await expectAccessible(page)
  if (jsEnabled) {
    // The A shortcut does not approve either.
    await page.locator('body').press('a')
    await expect(page.getByTestId('ya-revisado')).toHaveCount(0)
    await expect(approve).toBeDisabled()
  }

  // The reviewer read the owner's ACEPTO: 'Registrar firma recibida'.
  await power.getByRole('button', { name: 'Registrar firma recibida' }).click()
  await expect(page.getByText('Firma del dueño registrada. Ya puedes aprobar el poder simple.')).toBeVisible()
  await expect(power.getByTestId('firma-estado')).toHaveText(
    new RegExp(
      `^Firma recibida: registrada el \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} por ` +
        `${admin.email.replace(/[.+]/g, '\\$&')}\\.$`,
    ),
  )
  await expect(power.getByRole('button', { name: 'Registrar firma recibida' })).toHaveCount(0)
  await expect(page.getByText(`${admin.email}: Registró la firma del dueño (poder simple)`)).toBeVisible()
  await expect(approve).toBeEnabled()
  await expect(page.getByText(/primero registra la firma del dueño/)).toHaveCount(0)

  await approve.click()
  await expect(page.getByText('Documento aprobado.')).toBeVisible()
})
