import type { APIRequestContext } from '@playwright/test'
import { DOCUMENT_SLOTS } from '../domain/reference-data/documents'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, screenshots, uiLogin } from './marketplace-support'

/**
 * A driver like the demo's: she drives a moto (stated in «Mi perfil») and 19 of her 22 required
 * documents are approved (written straight into the e2e database: reviewing them is the console's
 * spec).
 */
async function motoDriverWith19(request: APIRequestContext) {
  const driver = await apiDriver(request)
  const stated = await request.post('/api/users/update-data-user', {
    data: { data: { firstname: driver.firstname, lastname: driver.lastname, id_vehicle: 3, id_commune: 13123 } },
    headers: { 'auth-user': driver.token },
  })
  expect(stated.status()).toBe(200)
  const db = e2eDatabase()
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(driver.email) as { id: number }
    const now = new Date().toISOString()
    const insert = db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, ' +
        "original_name, rejection_reason, created_at, reviewed_at) VALUES (?, ?, 'ACCEPTED', ?, 'image/png', 10, " +
        "'x.png', NULL, ?, ?)",
    )
    for (const slot of DOCUMENT_SLOTS.filter((s) => !s.optional).slice(0, 19))
      insert.run(user.id, slot.key, `documents/${unique('doc')}abcdefghijklmnopqrstuv.png`, now, now)
  } finally {
    db.close()
  }
  return driver
}

for (const width of [375, 1280]) {
  test.describe(`a posting is a page, at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } })

    test('reached from the list and by the hash link, it says why she does not fit and takes her application', async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(150_000)
      const pageErrors: string[] = []
      page.on('pageerror', (e) => pageErrors.push(e.message))
      const word = unique('pagina')
      const company = await apiCompany(request)
      const title = `Furgón ${word} Providencia`
      const id = await apiPosting(request, company.token, { title, id_commune: 13123, drivers_needed: 3 })
      const driver = await motoDriverWith19(request)
      await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

      // From the list: the card's title leads to the page, which knows the list it came from.
      await page.goto(`/user/dashboard/job-postings?search=${word}`)
      await page.getByRole('list', { name: 'Ofertas encontradas' }).getByRole('link', { name: title }).click()
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${id}\\?desde=`))
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page).toHaveTitle(`${title} | Ofertas | Fleeters`)

      // The facts: pay, shift, place, vehicle and capacity, helper, start, how many, the company.
      const offer = page.getByTestId('oferta')
      await expect(offer.getByTestId('pago')).toHaveText('Pago: $45.000 por día')
      for (const fact of [
        'Providencia, Metropolitana de Santiago',
        'Furgón (1.000 kg)',
        'Turno',
        'Peoneta',
        'Inicio02-03-2026',
        'Conductores que busca3',
      ])
        await expect(offer).toContainText(fact)
      await expect(offer).toContainText(company.name_business)
      await expect(offer).toContainText('Fleeters aún no verifica a esta empresa.')

      // Whether she fits, from her profile and her checklist.
      const fit = page.getByTestId('elegibilidad')
      await expect(fit.getByTestId('elegibilidad-vehicle')).toContainText(
        'Tu vehículo: Moto — esta ruta pide Furgón (1.000 kg)',
      )
      await expect(
        fit.getByTestId('elegibilidad-vehicle').getByRole('link', { name: 'Cambiar mi vehículo' }),
      ).toHaveAttribute('href', '/user/dashboard/settings?editar=1')
      await expect(fit.getByTestId('elegibilidad-documents')).toContainText(
        'Te faltan 3 documentos por aprobar: las empresas ven 19/22',
      )
      await expect(fit.getByTestId('elegibilidad-documents')).toContainText('3 faltan')
      await expect(main.getByRole('region', { name: 'Qué pasa cuando postulas' })).toContainText(
        `${company.name_business} ve tu nombre`,
      )
      await expectAccessible(page)

      // Postular and Guardar in view at the top of the page (pinned to the bottom on a phone).
      const apply = main.getByRole('button', { name: `Postular: ${title}` })
      const save = main.getByRole('button', { name: `Guardar: ${title}` })
      await expect(apply).toBeInViewport({ ratio: 1 })
      await expect(save).toBeInViewport({ ratio: 1 })
      for (const b of [apply, save]) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      if (width === 375) {
        // On the tab bar: not under it, and no strip of the page showing between the two.
        const bar = (await page.getByTestId('acciones-oferta').boundingBox())!
        const tabs = (await page.getByRole('navigation', { name: 'Navegación inferior' }).boundingBox())!
        expect(Math.abs(bar.y + bar.height - tabs.y)).toBeLessThanOrEqual(1)
      }
      await screenshots(page, `oferta-${width}`, (n) => `/work/shots/posting/${jsEnabled ? 'js' : 'nojs'}-${n}`)

      // «Volver» goes back to the list with its search.
      await main.getByRole('link', { name: 'Volver a Ofertas' }).click()
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings\\?search=${word}$`))

      // The spec's hash link lands on the page with JS; without JS the server's ?id= does.
      await page.goto(jsEnabled ? `/user/dashboard/job-postings#${id}` : `/user/dashboard/job-postings?id=${id}`)
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${id}$`))
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible()

      // Postular from the page: the answer on the page, which now shows the application.
      await apply.click()
      await expect(page.getByText('Postulación enviada correctamente.')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${id}$`))
      await expect(main.getByText('Postulación: Nueva')).toBeVisible()
      await expect(main.getByRole('button', { name: `Retirar postulación: ${title}` })).toBeVisible()
      await expect(main.getByRole('region', { name: 'Qué pasa ahora con tu postulación' })).toBeVisible()
      await expect(page.getByTestId('postulaste')).toContainText('Postulaste el')
      expect(await readMail(company.email, /postulaci/)).toContain(word)

      // Guardar: the same way back to the page.
      await main.getByRole('button', { name: `Guardar: ${title}` }).click()
      await expect(page.getByText('Publicación guardada.')).toBeVisible()
      await expect(main.getByRole('button', { name: `Quitar de guardadas: ${title}` })).toBeVisible()
      await expectAccessible(page)
      expect(pageErrors).toEqual([])
    })
  })
}

test('a driver who has the vehicle asked for and a closed posting; an unknown one is a 404 in Spanish', async ({
  page,
  request,
}) => {
  const company = await apiCompany(request)
  const word = unique('calza')
  const moto = await apiPosting(request, company.token, { title: `Moto ${word}`, id_vehicle: 3, id_capacity: '' })
  const closed = await apiPosting(request, company.token, { title: `Cerrada ${word}`, status: 'closed' })
  const driver = await motoDriverWith19(request)
  await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

  await page.goto(`/user/dashboard/job-postings/${moto}`)
  await expect(page.getByTestId('elegibilidad-vehicle')).toContainText('Tu vehículo: Moto — es el que pide esta ruta')

  await page.goto(`/user/dashboard/job-postings/${closed}`)
  const main = page.getByRole('main')
  await expect(main).toContainText('Esta oferta está cerrada y ya no recibe postulaciones.')
  await expect(main.getByRole('button', { name: /^Postular/ })).toHaveCount(0)
  await expect(main.getByRole('button', { name: `Guardar: Cerrada ${word}` })).toBeVisible()
  await expect(page.getByTestId('elegibilidad')).toHaveCount(0)

  for (const path of ['/user/dashboard/job-postings/2147483000', '/user/dashboard/job-postings/abc']) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Oferta no encontrada' })).toBeVisible()
    await expect(page).toHaveTitle('Oferta no encontrada | Fleeters')
    await expect(page.getByRole('link', { name: 'Ver las ofertas' })).toHaveAttribute(
      'href',
      '/user/dashboard/job-postings',
    )
  }
  await expectAccessible(page)
})

test('the posting page is for drivers: a visitor logs in first, a company stays in its own area', async ({
  page,
  request,
}) => {
  const company = await apiCompany(request)
  const id = await apiPosting(request, company.token, { title: `Solo conductores ${unique('acceso')}` })
  await page.goto(`/user/dashboard/job-postings/${id}`)
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings%2F${id}$`))

  await uiLogin(page, company.email, company.password, /\/business\/dashboard/)
  await page.goto(`/user/dashboard/job-postings/${id}`)
  await expect(page).toHaveURL(/\/business\/dashboard$/)
  await expect(page.getByTestId('oferta')).toHaveCount(0)
})
