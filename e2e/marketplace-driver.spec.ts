import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, jsWeight, screenshots, uiLogin } from './marketplace-support'

test('a driver filters postings, opens one, saves it, applies and follows both lists', async ({
  page,
  jsEnabled,
  request,
}) => {
  test.setTimeout(150_000)
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
  const word = unique('ruta')
  const company = await apiCompany(request)
  const target = await apiPosting(request, company.token, { title: `Furgón ${word} Providencia`, id_commune: 13123 })
  await apiPosting(request, company.token, {
    title: `Moto ${word} Providencia`,
    id_commune: 13123,
    id_vehicle: 3,
    id_capacity: '',
  })
  await apiPosting(request, company.token, { title: `Furgón ${word} Valparaíso`, id_region: 5000, id_commune: 5101 })
  const closed = await apiPosting(request, company.token, { title: `Cerrada ${word}`, status: 'closed' })
  const driver = await apiDriver(request)
  await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

  // The sidebar (in view from 1024 px, decision 56) leads to the postings.
  await page.getByRole('navigation', { name: 'Panel del conductor' }).getByRole('link', { name: 'Ofertas' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
  await expect(page.getByRole('heading', { name: 'Ofertas', exact: true })).toBeVisible()
  await expectAccessible(page)
  if (jsEnabled) expect(await jsWeight(page, '/user/dashboard/job-postings')).toBeLessThanOrEqual(159)

  // Region and vehicle (and this test's word, as other tests post at the same time).
  await expect(page.getByLabel('Región')).toContainText('Primero elige una zona')
  await page.getByLabel('Zona').selectOption({ label: 'Zona Centro' })
  if (!jsEnabled) await page.getByRole('button', { name: 'Aplicar filtros' }).click()
  await page.getByLabel('Región').selectOption({ label: 'Metropolitana de Santiago' })
  await page.getByLabel('Vehículo').selectOption({ label: 'Furgón' })
  await page.getByLabel('Buscar publicaciones').fill(word)
  await page.getByRole('button', { name: 'Aplicar filtros' }).click()
  await expect(page).toHaveURL(/id_vehicle=1/)
  await expect(page).toHaveURL(/id_region=13000/)
  const results = page.getByRole('list', { name: 'Ofertas encontradas' }).getByRole('listitem')
  await expect(results).toHaveCount(1)
  await expect(results).toContainText(`Furgón ${word} Providencia`)
  await expect(page.getByTestId('rango')).toHaveText('1-1 de 1')
  await expect(page.getByLabel('Región')).toHaveValue('13000')

  // Opening a posting: its page (decision 102), whose «Volver» keeps the list's filters.
  await results.getByRole('link', { name: `Furgón ${word} Providencia` }).click()
  const detail = page.getByRole('main')
  await expect(detail.getByRole('heading', { level: 1, name: `Furgón ${word} Providencia` })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${target}\\?desde=`))
  await expect(detail).toContainText('Providencia, Metropolitana de Santiago')
  await expect(detail).toContainText('Furgón (1.000 kg)')
  await expectAccessible(page)
  await detail.getByRole('link', { name: 'Volver a Ofertas' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/job-postings\?.*id_vehicle=1/)
  await expect(results).toHaveCount(1)
  // The spec's link (the list with the id as its hash) lands on the page with JS; ?id= does without.
  await page.goto(jsEnabled ? `/user/dashboard/job-postings#${target}` : `/user/dashboard/job-postings?id=${target}`)
  await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${target}$`))
  await expect(detail.getByRole('heading', { level: 1, name: `Furgón ${word} Providencia` })).toBeVisible()

  // Save, then apply: each answer shows and the detail follows.
  await detail.getByRole('button', { name: `Guardar: Furgón ${word} Providencia` }).click()
  await expect(page.getByText('Publicación guardada.')).toBeVisible()
  await expect(detail.getByText('Guardada', { exact: true })).toBeVisible()
  await detail.getByRole('button', { name: `Postular: Furgón ${word} Providencia` }).click()
  await expect(page.getByText('Postulación enviada correctamente.')).toBeVisible()
  await expect(detail.getByText('Postulación: Nueva')).toBeVisible()
  await expect(detail.getByRole('button', { name: /Retirar postulación/ })).toBeVisible()
  expect(await readMail(company.email, /postulaci/)).toContain(word)

  // The saved and applied lists, with the status the company sets.
  await page.goto('/user/dashboard/job-postings/guardadas')
  const saved = page.getByRole('list', { name: 'Ofertas guardadas' }).getByRole('listitem')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText(`Furgón ${word} Providencia`)
  await expectAccessible(page)
  const applicants = await (
    await request.get(`/api/business/job-postings/${target}/applicants`, {
      headers: { 'auth-business': company.token },
    })
  ).json()
  const review = await request.put(
    `/api/business/update-application-status/${applicants.applicants[0].id_application}`,
    {
      data: { status: 'en_revision' },
      headers: { 'auth-business': company.token },
    },
  )
  expect(review.ok()).toBe(true)
  await page.getByRole('link', { name: 'Mis postulaciones' }).click()
  const applied = page.getByRole('list', { name: 'Mis postulaciones' }).getByRole('listitem')
  await expect(applied).toHaveCount(1)
  await expect(applied).toContainText('Postulación: En revisión')
  await expectAccessible(page)

  // A closed posting shows, but takes no applications.
  await page.goto(`/user/dashboard/job-postings/${closed}`)
  await expect(detail).toContainText('Esta oferta está cerrada y ya no recibe postulaciones.')
  await expect(detail.getByRole('button', { name: /^Postular/ })).toHaveCount(0)
  expect(
    (
      await request.post('/api/users/postulate-job-posting', {
        data: { id_publication: closed },
        headers: { 'auth-user': driver.token },
      })
    ).status(),
  ).toBe(409)

  // Withdrawing takes it off the applied list.
  await page.goto('/user/dashboard/job-postings/postuladas')
  await applied.getByRole('button', { name: /Retirar postulación/ }).click()
  await expect(page.getByText('Aún no postulas a ofertas.')).toBeVisible()

  await page.goto(`/user/dashboard/job-postings?search=${word}`)
  await screenshots(page, 'publicaciones-conductor', (n) => test.info().outputPath(n))
  // No hydration mismatch or script error on any page of the flow.
  expect(pageErrors).toEqual([])
})

test('on a small screen the filters panel opens over the page and stops it scrolling', async ({ page, request }) => {
  const driver = await apiDriver(request)
  await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/user/dashboard/job-postings')
  const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow)
  expect(await overflow()).toBe('visible')
  await expect(page.getByLabel('Vehículo')).toBeHidden()
  await page.getByText('Filtros', { exact: true }).click()
  await expect(page.getByLabel('Vehículo')).toBeVisible()
  expect(await overflow()).toBe('hidden')
  await expectAccessible(page)
  await page.getByText('Cerrar filtros').click()
  await expect(page.getByLabel('Vehículo')).toBeHidden()
  expect(await overflow()).toBe('visible')
})

test('the driver postings are for drivers only', async ({ page }) => {
  await page.goto('/user/dashboard/job-postings')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings$/)
  expect((await page.request.get('/api/users/job-postings')).status()).toBe(401)
})
