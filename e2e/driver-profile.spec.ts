import { newDriver, pdfFile, pngFile } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

test.describe('driver profile', () => {
  test('profile photo: required, size and type rules, then a photo that shows in the top bar', async ({ page }) => {
    test.setTimeout(90_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings')
    await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible()
    await expect(page.locator('header img')).toHaveAttribute('src', '/images/default-avatar.svg')
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Subir imagen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Actualizar imagen de perfil' })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Subir imagen' }).click()
    await expect(dialog.getByText('Campo requerido')).toBeVisible()

    // Over 3 MB and not a photo the browser can shrink: refused with JS and without.
    await dialog
      .getByLabel(/^Imagen/)
      .setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024 + 1) })
    await dialog.getByRole('button', { name: 'Subir imagen' }).click()
    await expect(dialog.getByText('El tamaño de la imagen no puede ser mayor a 3MB')).toBeVisible()

    // A PDF dressed as a PNG passes the browser's checks but not the service's.
    await dialog.getByLabel(/^Imagen/).setInputFiles({ ...pdfFile('foto.png'), mimeType: 'image/png' })
    await dialog.getByRole('button', { name: 'Subir imagen' }).click()
    await expect(dialog.getByText(/Error al actualizar la imagen de perfil, intenta nuevamente/)).toBeVisible()

    await dialog.getByLabel(/^Imagen/).setInputFiles(await pngFile('yo.png', 600, 400))
    await dialog.getByRole('button', { name: 'Subir imagen' }).click()
    await expect(page.getByText('Imagen de perfil actualizada correctamente.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const src = await page.locator('header img').getAttribute('src')
    expect(src).toMatch(/^\/user\/dashboard\/foto\/\d+$/)
    const image = await page.request.get(src!)
    expect(image.headers()['content-type']).toBe('image/jpeg')
    await expect(page.getByRole('img', { name: 'Tu imagen de perfil' })).toHaveAttribute('src', src!)
  })

  test('profile data: every rule of the settings form, nothing saved when unchanged, then a save', async ({ page }) => {
    test.setTimeout(90_000)
    const d = await newDriver(page)
    await page.goto('/user/dashboard/settings')
    // The driver's phone reads «+56 9 XXXX XXXX» (and «Notificaciones» names it beside WhatsApp).
    await expect(page.getByText(`+56 9 ${d.phone.slice(1, 5)} ${d.phone.slice(5)}`, { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Editar datos' })).toBeVisible()
    await expectAccessible(page)

    await page.getByLabel('Nombre').fill('')
    await page.getByLabel('Apellido').fill('x'.repeat(51))
    await page.getByLabel('Dirección').fill('y'.repeat(51))
    await page.getByLabel('Sobre mí').fill('z'.repeat(501))
    await page.getByLabel('Teléfono').fill('98765abc')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Campo requerido')).toBeVisible()
    await expect(page.getByText('Máximo 50 caracteres')).toHaveCount(2)
    await expect(page.getByText('Máximo 500 caracteres')).toBeVisible()
    await expect(page.getByText('El teléfono solo puede contener números')).toBeVisible()
    await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page)

    await page.getByLabel('Nombre').fill(d.firstname)
    await page.getByLabel('Apellido').fill(d.lastname)
    await page.getByLabel('Sobre mí').fill('Conductor de reparto en Santiago.')
    // One rule for the driver's phone: a Chilean mobile.
    for (const phone of ['98765', '9'.repeat(16), '123456789']) {
      await page.getByLabel('Teléfono').fill(phone)
      await page.getByRole('button', { name: 'Guardar cambios' }).click()
      await expect(page.getByText('Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321')).toBeVisible()
    }

    // Spec §5: nothing is saved while one of the four fields is empty, or nothing changed.
    await page.getByLabel('Teléfono').fill(`+56 9 ${d.phone.slice(1, 5)}-${d.phone.slice(5)}`)
    await page.getByLabel('Dirección').fill('')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(
      page.getByText('Completa nombre, apellido, dirección y sobre mí para guardar los cambios'),
    ).toBeVisible()
    await page.getByLabel('Dirección').fill('Av. Matta 500')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Datos actualizados correctamente.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Mis Datos' })).toBeVisible()
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('No hay cambios para guardar')).toBeVisible()

    await page.getByLabel('Nombre').fill('Renata')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Datos actualizados correctamente.')).toBeVisible()
    await expect(page.getByText(`Renata ${d.lastname}`).first()).toBeVisible()
    await expect(page.getByTestId('driver-name')).toHaveText(`Renata ${d.lastname}`)
    await expect(page.getByText('Av. Matta 500')).toBeVisible()
  })

  test('vehicle type and commune: stated in «Mi perfil», kept after a reload, used by «Ofertas para ti»', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings')
    await expect(page.getByRole('definition').filter({ hasText: 'Sin información' }).first()).toBeVisible()
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Editar datos' })).toBeVisible()
    await page.getByLabel('Dirección').fill('Av. Matta 500')
    await page.getByLabel('Sobre mí').fill('Conductora de reparto en moto.')
    await page.getByLabel('Tipo de vehículo').selectOption({ label: 'Moto' })
    await page.getByLabel('Zona').selectOption({ label: 'Zona Centro' })
    if (!jsEnabled) await page.getByRole('button', { name: 'Actualizar' }).click()
    await page.getByLabel('Región').selectOption('13000')
    if (!jsEnabled) await page.getByRole('button', { name: 'Actualizar' }).click()
    // Without JS «Actualizar» brings the next list and keeps what was typed.
    await expect(page.getByLabel('Sobre mí')).toHaveValue('Conductora de reparto en moto.')
    await expect(page.getByLabel('Tipo de vehículo')).toHaveValue('3')
    await page.getByLabel('Comuna').selectOption({ label: 'Providencia' })
    await expectAccessible(page)
    // Nothing scrolls sideways on a phone.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.screenshot({
      path: `/tmp/shots-place/profile-form-375-${jsEnabled ? 'js' : 'no-js'}.png`,
      fullPage: true,
    })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({
      path: `/tmp/shots-place/profile-form-1280-${jsEnabled ? 'js' : 'no-js'}.png`,
      fullPage: true,
    })
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Datos actualizados correctamente.')).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Mis Datos' })).toBeVisible()
    await expect(page.locator('dd', { hasText: /^Moto$/ })).toBeVisible()
    await expect(page.locator('dd', { hasText: /^Providencia$/ })).toBeVisible()
    await page.getByRole('link', { name: 'Editar', exact: true }).click()
    await expect(page.getByLabel('Tipo de vehículo')).toHaveValue('3')
    await expect(page.getByLabel('Región')).toHaveValue('13000')
    await expect(page.getByLabel('Comuna')).toHaveValue('13123')
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('No hay cambios para guardar')).toBeVisible()

    await page.goto('/user/dashboard/home')
    await expect(page.getByRole('region', { name: 'Ofertas para ti' })).toContainText(
      'Según tu perfil: Moto · Providencia',
    )
  })

  test('work experience: every rule, add, edit (only when changed) and delete', async ({ page }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    await page.goto('/user/dashboard/settings')
    await page.getByRole('link', { name: 'Agregar experiencia' }).click()
    const dialog = page.getByRole('dialog', { name: 'Agregar experiencia' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
    await expect(dialog.getByText('Campo requerido')).toHaveCount(7)
    await expectAccessible(page)

    await dialog.getByLabel('Cargo').fill('ab')
    await dialog.getByLabel('Nombre de la empresa').fill('x'.repeat(101))
    await dialog.getByLabel('Tipo de empleo').selectOption('Jornada parcial')
    await dialog.getByLabel('Ubicación').fill('ab')
    await dialog.getByLabel('Fecha de inicio').fill('2022-05-10')
    await dialog.getByLabel('Fecha de término').fill('2021-01-01')
    await dialog.getByLabel('Descripción del trabajo').fill('d'.repeat(1301))
    await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
    await expect(dialog.getByText('El Cargo no puede ser menor a 3 caracteres')).toBeVisible()
    await expect(dialog.getByText('El Nombre de la empresa no puede ser mayor a 100 caracteres')).toBeVisible()
    await expect(dialog.getByText('La Ubicación no puede ser menor a 3 caracteres')).toBeVisible()
    await expect(dialog.getByText('La fecha de término no puede ser anterior a la fecha de inicio')).toBeVisible()
    await expect(dialog.getByText('La Descripción del trabajo no puede ser mayor a 1300 caracteres')).toBeVisible()
    await dialog.getByLabel('Cargo').fill('c'.repeat(101))
    await dialog.getByLabel('Nombre de la empresa').fill('ab')
    await dialog.getByLabel('Ubicación').fill('u'.repeat(101))
    await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
    await expect(dialog.getByText('El Cargo no puede ser mayor a 100 caracteres')).toBeVisible()
    await expect(dialog.getByText('El Nombre de la empresa no puede ser menor a 3 caracteres')).toBeVisible()
    await expect(dialog.getByText('La Ubicación no puede ser mayor a 100 caracteres')).toBeVisible()

    await dialog.getByLabel('Cargo').fill('Conductor de reparto')
    await dialog.getByLabel('Nombre de la empresa').fill('Despachos Andes')
    await dialog.getByLabel('Ubicación').fill('Santiago')
    await dialog.getByLabel('Fecha de término').fill('2023-08-15')
    await dialog.getByLabel('Descripción del trabajo').fill('Reparto de paquetería en la zona oriente.')
    await dialog.getByRole('button', { name: 'Agregar experiencia' }).click()
    await expect(page.getByText('Experiencia agregada correctamente.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Conductor de reparto' })).toBeVisible()
    await expect(page.getByText('10-05-2022 – 15-08-2023 (1 año y 3 meses)')).toBeVisible()

    await expect(page.getByRole('link', { name: 'Editar Conductor de reparto' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Editar experiencias' }).click()
    await page.getByRole('link', { name: 'Editar Conductor de reparto' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar experiencia' })
    await expect(edit.getByLabel('Cargo')).toHaveValue('Conductor de reparto')
    await expect(edit.getByLabel('Tipo de empleo')).toHaveValue('Jornada parcial')
    await edit.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(edit.getByText('No hay cambios para guardar')).toBeVisible()
    await edit.getByLabel('Cargo').fill('Jefe de ruta')
    await edit.getByRole('button', { name: 'Guardar cambios' }).click()
    await expect(page.getByText('Experiencia actualizada correctamente.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Jefe de ruta' })).toBeVisible()

    await page.getByRole('link', { name: 'Eliminar Jefe de ruta' }).click()
    const confirm = page.getByRole('dialog', { name: 'Eliminar experiencia' })
    await expect(confirm.getByText(/¿Seguro que quieres eliminar la experiencia/)).toBeVisible()
    await expectAccessible(page)
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expect(page.getByText('Experiencia eliminada correctamente.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Jefe de ruta' })).toHaveCount(0)
    await expect(page.getByText('Aún no has agregado experiencia profesional.')).toBeVisible()
  })
})
