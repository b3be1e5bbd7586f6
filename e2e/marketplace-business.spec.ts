import type { Locator, Page } from '@playwright/test'
import { codeIn, expect, expectAccessible, readMail, test, unique } from './fixtures'
import {
  apiCompany,
  apiDriver,
  apiPosting,
  apiToken,
  jsWeight,
  logoPng,
  mailText,
  postingBody,
  randomCompany,
  screenshots,
} from './marketplace-support'

interface PostingInput {
  title: string
  commune: string
  vehicle: string
  capacity?: string
  pawn: 'Sí' | 'No'
}

/** Zone → region → commune: with JS the lists arrive by themselves, without JS through 'Actualizar'. */
async function choosePlace(scope: Locator | Page, js: boolean, region: string, commune: string) {
  await scope.getByLabel('Zona').selectOption({ label: 'Zona Centro' })
  if (!js) await scope.getByRole('button', { name: 'Actualizar' }).click()
  await scope.getByLabel('Región').selectOption({ label: region })
  if (!js) await scope.getByRole('button', { name: 'Actualizar' }).click()
  await scope.getByLabel('Comuna').selectOption({ label: commune })
}

async function fillPosting(page: Page, js: boolean, p: PostingInput) {
  const dialog = page.getByRole('main')
  await dialog.getByLabel('Título').fill(p.title)
  await dialog
    .getByLabel('Descripción')
    .fill('Rutas micro-sectorizadas en la comuna; carga ordenada por sector y pago en 48 horas.')
  await choosePlace(dialog, js, 'Metropolitana de Santiago', p.commune)
  await dialog.getByLabel('Vehículo').selectOption({ label: p.vehicle })
  if (p.capacity) await dialog.getByLabel('Capacidad').selectOption(p.capacity)
  await dialog.getByLabel('Turno').selectOption({ label: 'AM (mañanas)' })
  await dialog.getByLabel('Fecha de inicio').fill('2026-04-01')
  await dialog.getByLabel('Peoneta').selectOption({ label: p.pawn })
  await dialog.getByLabel('Conductores requeridos').fill('3')
  await dialog.getByLabel('Pago (CLP)').fill('45000')
  await dialog.getByLabel('Período de pago').selectOption({ label: 'por día' })
}

test('a company registers with a logo, verifies its email and manages its postings and applicants', async ({
  page,
  jsEnabled,
  request,
}) => {
  // Registration with a logo, the mailed code, postings created, edited and deleted, applicants
  // (the editor is a page of its own: a few more navigations than the dialog took).
  test.setTimeout(360_000)
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  const c = randomCompany()
  const word = unique('ruta')

  // Registration (spec: business registration with optional logo, then /login).
  await page.goto('/empresas/registro')
  await expectAccessible(page)
  await page.getByLabel('Nombre de la empresa').fill(c.name_business)
  if (jsEnabled) {
    // The schema arrives on the form's first focus; then fields are checked as they are left.
    await page.waitForLoadState('networkidle')
    await page.getByLabel('RUT de la empresa').fill('76123456-1')
    await page.getByLabel('RUT de la empresa').blur()
    await expect(page.getByText('Dígito verificador inválido')).toBeVisible()
  }
  await page.getByLabel('RUT de la empresa').fill(c.rut)
  await page.getByLabel('Nombre de contacto').fill(c.contact_name)
  await page.getByLabel('Correo electrónico').fill(c.email)
  await page.getByLabel('Teléfono').fill(c.phone)
  await expect(page.getByLabel('Región')).toContainText('Primero elige una zona')
  await choosePlace(page, jsEnabled, 'Metropolitana de Santiago', 'Providencia')
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue(c.name_business)
  await page.getByLabel('Logo de la empresa (opcional)').setInputFiles(await logoPng())
  await page.getByLabel('Contraseña', { exact: true }).fill(c.password)
  await page.getByLabel('Repite la contraseña').fill(c.password)
  await page.getByLabel(/Acepto los/).check()
  await page.getByRole('button', { name: 'Registrar empresa' }).click()
  if (jsEnabled) await expect(page.getByText(/Empresa registrada correctamente/)).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  // Login with the mailed code: the company area opens.
  await page.getByLabel('Correo electrónico').fill(c.email)
  await page.getByLabel('Contraseña').fill(c.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(c.email, /verificaci/)))
  await page.getByRole('button', { name: 'Verificar código' }).click()
  await expect(page).toHaveURL(/\/business\/dashboard$/)
  await expect(page.getByTestId('empresa-nombre')).toHaveText(c.name_business)
  const logo = page.getByRole('img', { name: `Logo de ${c.name_business}` })
  await expect(logo).toHaveAttribute('src', /^\/api\/business\/logos\/.+\.webp$/)
  expect((await page.request.get((await logo.getAttribute('src'))!)).headers()['content-type']).toBe('image/webp')
  await expect(page.getByText('Aún no publicas trabajos.')).toBeVisible()
  await expectAccessible(page)
  if (jsEnabled) {
    expect(await jsWeight(page, '/business/dashboard/publicaciones/nueva')).toBeLessThanOrEqual(159)
    await page.goto('/business/dashboard')
  }

  // Three postings through the editor's page (decision 104).
  const postings: PostingInput[] = [
    { title: `Furgón ${word} uno`, commune: 'Providencia', vehicle: 'Furgón', capacity: '2', pawn: 'No' },
    { title: `Moto ${word} dos`, commune: 'Ñuñoa', vehicle: 'Moto', pawn: 'Sí' },
    { title: `Auto ${word} tres`, commune: 'Maipú', vehicle: 'Auto', pawn: 'No' },
  ]
  for (const [i, p] of postings.entries()) {
    await page.getByRole('link', { name: 'Publicar trabajo' }).click()
    await expect(page.getByRole('heading', { name: 'Publicar trabajo', level: 1 })).toBeVisible()
    if (i === 0) await expectAccessible(page)
    await fillPosting(page, jsEnabled, p)
    await page.getByRole('button', { name: 'Publicar', exact: true }).click()
    await expect(page.getByText('Trabajo creado correctamente.')).toBeVisible()
    await expect(page).toHaveURL(/\/business\/dashboard\?estado=abiertas$/)
    await expect(page.getByRole('table', { name: 'Publicaciones' }).getByText(p.title, { exact: true })).toBeVisible()
  }
  await expect(page.getByTestId('rango')).toHaveText('1-3 de 3')

  // Edit one (from the row's menu): the editor comes prefilled.
  const rowOf = (title: string) =>
    page.getByRole('table', { name: 'Publicaciones' }).locator('tbody tr').filter({ hasText: title })
  await rowOf(postings[1]!.title).getByText('Más', { exact: true }).click()
  await page.getByRole('link', { name: `Editar: ${postings[1]!.title}` }).click()
  await expect(page.getByRole('heading', { name: 'Editar publicación', level: 1 })).toBeVisible()
  const edit = page.getByRole('main')
  await expect(edit.getByLabel('Título')).toHaveValue(postings[1]!.title)
  await expect(edit.getByLabel('Comuna')).toHaveValue('13120')
  await expectAccessible(page)
  await edit.getByLabel('Título').fill(`Moto ${word} editada`)
  await edit.getByLabel('Estado').selectOption({ label: 'Cerrada' })
  await edit.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Trabajo actualizado correctamente.')).toBeVisible()
  // Closed: the panel opens on its tab.
  await expect(page).toHaveURL(/\?estado=cerradas$/)
  await expect(rowOf(`Moto ${word} editada`)).toBeVisible()
  await page.goto('/business/dashboard')

  // Delete one, after confirming: «Eliminar» is behind «Más».
  await rowOf(postings[2]!.title).getByText('Más', { exact: true }).click()
  await page.getByRole('link', { name: `Eliminar: ${postings[2]!.title}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Eliminar trabajo' })
  await expect(confirm).toContainText(postings[2]!.title)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText('Trabajo eliminado correctamente.')).toBeVisible()
  await expect(rowOf(postings[2]!.title)).toHaveCount(0)
  await expect(page.getByTestId('rango')).toHaveText('1-2 de 2')

  // Search its own postings.
  await page.getByLabel('Buscar en mis publicaciones').fill('editada')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/\?q=editada/)
  await expect(page.getByRole('table', { name: 'Publicaciones' }).locator('tbody tr')).toHaveCount(1)
  await expect(page.getByTestId('rango')).toHaveText('1-1 de 1')

  // 25 postings: 23 more through the API, then page 2 by its link.
  const token = await apiToken(request, c.email, c.password)
  for (let i = 0; i < 23; i++) await apiPosting(request, token, { title: `Ruta masiva ${i + 1} ${word}` })
  await page.goto('/business/dashboard')
  await expect(page.getByTestId('rango')).toHaveText('1-10 de 25')
  await page.getByRole('link', { name: 'Página 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByTestId('rango')).toHaveText('11-20 de 25')
  await screenshots(page, 'panel-empresa', (n) => test.info().outputPath(n))

  // An applicant: a driver applies to the first posting, the company sees, emails and selects them.
  const oldest = (
    await (await request.get('/api/business/job-postings?page=3', { headers: { 'auth-business': token } })).json()
  ).postings.at(-1)
  expect(oldest.title).toBe(postings[0]!.title)
  const firstId: number = oldest.id
  const driver = await apiDriver(request)
  expect(
    (
      await request.post('/api/users/postulate-job-posting', {
        data: { id_publication: firstId },
        headers: { 'auth-user': driver.token },
      })
    ).status(),
  ).toBe(201)
  expect(mailText(await readMail(c.email, /postulaci/))).toContain(postings[0]!.title)

  await page.goto(`/business/dashboard/publicaciones/${firstId}`)
  await expect(page.getByRole('heading', { name: 'Postulantes' })).toBeVisible()
  const applicant = page.getByRole('list', { name: 'Postulantes' }).getByRole('listitem')
  await expect(applicant).toHaveCount(1)
  await expect(applicant).toContainText(`${driver.firstname} ${driver.lastname}`)
  await expect(applicant).toContainText('0/22 documentos aprobados')
  await expect(applicant).toContainText('Postulación: Nueva')
  await expectAccessible(page)

  await page.getByRole('link', { name: `Enviar correo a ${driver.firstname} ${driver.lastname}` }).click()
  const mail = page.getByRole('dialog', { name: `Enviar correo a ${driver.firstname} ${driver.lastname}` })
  await expect(mail).toBeVisible()
  await expectAccessible(page)
  const subject = `Entrevista ${word}`
  await mail.getByLabel('Asunto').fill(subject)
  await mail.getByLabel('Mensaje').fill('Hola, nos gustaría conversar contigo mañana a las 10:00 sobre la ruta.')
  await mail.getByRole('button', { name: 'Enviar correo' }).click()
  await expect(page.getByText('Correo enviado correctamente.')).toBeVisible()
  const raw = await readMail(driver.email, new RegExp(word))
  const sent = mailText(raw)
  expect(sent).toContain('nos gustaría conversar contigo')
  expect(sent).toContain(c.name_business)
  // The driver's answer goes to the company, and the mail says so.
  expect(raw).toMatch(new RegExp(`^Reply-To: ${c.email.replace(/[.+]/g, '\\$&')}\r?$`, 'mi'))
  expect(sent).toContain(`Responde a este correo para contactar a ${c.name_business}`)

  await applicant.getByRole('button', { name: `Mover a Seleccionada: ${driver.firstname} ${driver.lastname}` }).click()
  await expect(page.getByText('Estado de la postulación actualizado.')).toBeVisible()
  await expect(applicant).toContainText('Postulación: Seleccionada')
  expect(mailText(await readMail(driver.email, /seleccionad/))).toContain(postings[0]!.title)

  // The driver's public profile: name and about me, nothing private.
  await applicant.getByRole('link', { name: `${driver.firstname} ${driver.lastname}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: `${driver.firstname} ${driver.lastname}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sobre mí' })).toBeVisible()
  await expect(page.getByText(driver.rut)).toHaveCount(0)
  await expectAccessible(page)

  // Another company's posting does not exist for this one; a driver token cannot post.
  const rival = await apiCompany(request)
  const rivalPosting = await apiPosting(request, rival.token, { title: `Ruta ajena ${word}` })
  const res = await page.goto(`/business/dashboard/publicaciones/${rivalPosting}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
  expect(
    (
      await request.post('/api/business/create-job-posting', {
        data: postingBody(),
        headers: { 'auth-user': driver.token },
      })
    ).status(),
  ).toBe(403)
  expect(
    (
      await request.post('/api/business/create-job-posting', {
        data: postingBody(),
        headers: { 'auth-business': driver.token },
      })
    ).status(),
  ).toBe(403)

  // Logout goes to /login (spec §4).
  await page.goto('/business/dashboard')
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/business/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbusiness%2Fdashboard$/)
  // No hydration mismatch or script error on any page of the flow.
  expect(pageErrors).toEqual([])
})

test('the company pages stay within the JS budget', async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, 'measured with JS on')
  expect(await jsWeight(page, '/empresas/registro')).toBeLessThanOrEqual(159)
})
