import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { codeIn, expect, expectAccessible, randomDriver, readMail, test, unique } from './fixtures'
import { apiDriver, apiPosting, apiToken, logoPng, randomCompany, screenshots, uiLogin } from './marketplace-support'

/** Postings that make sense (pay first, «Turno», logos, links, «Ofertas para ti»). */

const SHOTS = '/tmp/shots-postings'
const shot = (jsEnabled: boolean) => (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true })
  return path.join(SHOTS, `${jsEnabled ? 'js' : 'nojs'}-${name}`)
}

/** A company with an uploaded logo (the registration's logoBusiness). */
async function companyWithLogo(request: APIRequestContext) {
  const c = randomCompany()
  const data = { ...c, id_zone: 2, id_region: 13000, id_commune: 13101, acceptTerms: true }
  const res = await request.post('/api/business/register', {
    multipart: { data: JSON.stringify(data), logoBusiness: await logoPng() },
  })
  expect(res.status()).toBe(201)
  return { ...c, token: await apiToken(request, c.email, c.password) }
}

/** The pay is the headline: read out as «Pago: …», and set larger than the posting's title. */
async function expectPayHeadline(card: Locator, title: Locator, text?: RegExp) {
  const pay = card.getByTestId('pago')
  await expect(pay).toHaveText(text ?? /^Pago: \$\d{1,3}(\.\d{3})* (por día|por ruta|mensual)$/)
  const size = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
  expect(await size(pay.locator('span').nth(1))).toBeGreaterThan(await size(title))
}

/** A logo at 64 px or more, with its alt text. */
async function expectReadableLogo(card: Locator, company: string) {
  const logo = card.getByRole('img', { name: `Logo de ${company}` })
  await expect(logo).toBeVisible()
  const box = (await logo.boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(64)
  expect(box.height).toBeGreaterThanOrEqual(64)
}

async function registerThroughForm(page: Page) {
  const d = randomDriver()
  await page.getByLabel('Nombre').fill(d.firstname)
  await page.getByLabel('Apellido').fill(d.lastname)
  await page.getByLabel('RUT').fill(d.rut)
  await page.getByLabel('Teléfono móvil').fill(d.phone)
  await page.getByLabel('Correo electrónico').fill(d.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(d.password)
  await page.getByLabel('Repite la contraseña').fill(d.password)
  await page.getByLabel(/Acepto los/).check()
  await page.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(page.getByRole('heading', { name: '¡Registro exitoso!' })).toBeVisible()
  return d
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the home shows 4 posting cards that are links, pay first, readable logos, and «Ver todas»', async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(90_000)
      const word = unique('inicio')
      const company = await companyWithLogo(request)
      for (let i = 0; i < 5; i++)
        await apiPosting(request, company.token, { title: `Furgón ${word} ${i}`, payment_amount: 41000 + i * 1000 })
      await page.goto('/')
      const section = page.getByRole('region', { name: 'Ofertas', exact: true })
      const cards = section.getByRole('listitem')
      await expect(cards).toHaveCount(4)
      for (const card of await cards.all()) {
        const link = card.getByTestId('oferta-inicio')
        // A visitor goes to registration carrying the posting.
        await expect(link).toHaveAttribute('href', /^\/register\?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings%2F\d+$/)
        await expectPayHeadline(card, link)
        await expect(card).toContainText('Turno:')
      }
      // The newest is this test's (unless another test posted since): its logo is the uploaded one, at 64 px.
      const mine = cards.filter({ hasText: `Furgón ${word} 4` })
      if (await mine.count()) {
        await expectReadableLogo(mine, company.name_business)
        await expect(mine.getByTestId('pago')).toHaveText('Pago: $45.000 por día')
      }
      // The whole card is the link: a tap on its pay opens it too.
      const first = cards.first()
      const href = await first.getByTestId('oferta-inicio').getAttribute('href')
      await expect(section.getByRole('link', { name: 'Ver todas' })).toHaveAttribute(
        'href',
        '/register?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings',
      )
      await expectAccessible(page)
      if (width === 1280) await screenshots(page, 'home', shot(jsEnabled))
      // (The link's layer covers the card, so a click at the pay's place is a click on the link.)
      await first.getByTestId('pago').scrollIntoViewIfNeeded()
      const pay = (await first.getByTestId('pago').boundingBox())!
      await page.mouse.click(pay.x + 10, pay.y + pay.height / 2)
      await expect(page).toHaveURL(href!)
    })

    test('an anonymous click on a home card is remembered through registration and login', async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000)
      const company = await companyWithLogo(request)
      await apiPosting(request, company.token, { title: `Moto ${unique('recuerda')}`, id_vehicle: 3, id_capacity: '' })
      await page.goto('/')
      const card = page.getByRole('region', { name: 'Ofertas', exact: true }).getByRole('listitem').first()
      const link = card.getByTestId('oferta-inicio')
      const title = (await link.textContent())!.trim()
      const id = /job-postings%2F(\d+)$/.exec((await link.getAttribute('href'))!)![1]
      await link.click()
      await expect(page).toHaveURL(/\/register\?redirectTo=/)

      const d = await registerThroughForm(page)
      await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click()
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings%2F\d+$/)
      await page.getByLabel('Correo electrónico').fill(d.email)
      await page.getByLabel('Contraseña').fill(d.password)
      await page.getByRole('button', { name: 'Iniciar sesión' }).click()
      await page.getByLabel('Código de verificación (6 dígitos)').fill(codeIn(await readMail(d.email, /verificaci/)))
      await page.getByRole('button', { name: 'Verificar código' }).click()

      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${id}$`))
      const detail = page.getByRole('main')
      await expect(detail.getByRole('heading', { name: title })).toBeVisible()
      await expect(detail.getByRole('button', { name: `Postular: ${title}` })).toBeVisible()

      // Signed in, the home's cards and «Ver todas» lead straight to the postings.
      await page.goto('/')
      const section = page.getByRole('region', { name: 'Ofertas', exact: true })
      await expect(section.getByTestId('oferta-inicio').first()).toHaveAttribute(
        'href',
        /^\/user\/dashboard\/job-postings\/\d+$/,
      )
      await expect(section.getByRole('link', { name: 'Ver todas' })).toHaveAttribute(
        'href',
        '/user/dashboard/job-postings',
      )
    })

    test('«Ofertas para ti» on the driver home: empty at first, then postings like the ones saved', async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(120_000)
      const word = unique('parati')
      // SUV in Pirque, Lampa, Tiltil or Buin (one per run): what no other test posts, so this driver's
      // commune holds this run's postings only.
      const commune = jsEnabled ? (width === 375 ? 13202 : 13302) : width === 375 ? 13303 : 13402
      const place = { id_vehicle: 8, id_capacity: '', id_commune: commune }
      const company = await companyWithLogo(request)
      const saved = await apiPosting(request, company.token, { title: `SUV ${word} guardada`, ...place })
      const match = await apiPosting(request, company.token, {
        title: `SUV ${word} para ti`,
        payment_amount: 52000,
        payment_period: 'por ruta',
        ...place,
      })
      await apiPosting(request, company.token, { title: `Moto ${word} otra`, ...place, id_vehicle: 3 })
      const driver = await apiDriver(request)
      await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

      const section = page.getByRole('region', { name: 'Ofertas para ti' })
      await expect(section).toContainText('Aún no sabemos qué ofertas buscas.')
      await expect(section.getByRole('link', { name: 'Ver todas las ofertas' })).toHaveAttribute(
        'href',
        '/user/dashboard/job-postings',
      )

      const res = await request.post('/api/users/save-posting', {
        data: { id_publication: saved },
        headers: { 'auth-user': driver.token },
      })
      expect(res.status()).toBe(201)
      await page.reload()
      // It comes after the documents' summary and its next step (the checklist's headline).
      const order = await page.locator('#progreso, #para-ti').evaluateAll((els) => els.map((e) => e.id))
      expect(order).toEqual(['progreso', 'para-ti'])
      await expect(section).toContainText('Según lo que postulas y guardas: SUV ·')
      const cards = section.getByRole('listitem')
      await expect(cards.first()).toContainText(`SUV ${word} para ti`)
      await expect(section).not.toContainText(`SUV ${word} guardada`)
      await expect(section).not.toContainText(`Moto ${word} otra`)
      const title = cards.first().getByRole('link', { name: `SUV ${word} para ti` })
      await expectPayHeadline(cards.first(), title, /^Pago: \$52\.000 por ruta$/)
      await expectReadableLogo(cards.first(), company.name_business)
      await expect(section.getByRole('link', { name: 'Ver todas' })).toHaveAttribute(
        'href',
        '/user/dashboard/job-postings?id_vehicle=8&id_zone=2&id_region=13000',
      )
      await expectAccessible(page)
      if (width === 1280) await screenshots(page, 'driver-home', shot(jsEnabled))

      await title.click()
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${match}$`))
      await expect(page.getByRole('heading', { level: 1, name: `SUV ${word} para ti` })).toBeVisible()
    })

    test('the list and detail lead with the pay; an empty search offers «Limpiar filtros»', async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(120_000)
      const word = unique('limpiar')
      const company = await companyWithLogo(request)
      const id = await apiPosting(request, company.token, {
        title: `Camión ${word} mensual`,
        id_vehicle: 5,
        id_capacity: 7,
        payment_amount: 950000,
        payment_period: 'mensual',
      })
      const driver = await apiDriver(request)
      await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

      await page.goto(`/user/dashboard/job-postings?search=${word}`)
      const card = page.getByRole('list', { name: 'Ofertas encontradas' }).getByRole('listitem')
      await expect(card).toHaveCount(1)
      await expectPayHeadline(
        card,
        card.getByRole('link', { name: `Camión ${word} mensual` }),
        /^Pago: \$950\.000 mensual$/,
      )
      await expect(card).toContainText('Turno:')
      await expect(card).not.toContainText('Horario')
      await expectReadableLogo(card, company.name_business)
      // The filters name the shift alike.
      await expect(page.getByLabel('Turno')).toBeAttached()
      if (width === 1280) await screenshots(page, 'list', shot(jsEnabled))

      await page.goto(`/user/dashboard/job-postings?id=${id}&search=${word}`)
      await expect(page).toHaveURL(new RegExp(`/user/dashboard/job-postings/${id}\\?desde=`))
      const detail = page.getByRole('main')
      await expectPayHeadline(
        detail,
        detail.getByRole('heading', { name: `Camión ${word} mensual` }),
        /^Pago: \$950\.000 mensual$/,
      )
      await expect(detail).toContainText('Turno')
      await expectReadableLogo(detail, company.name_business)
      if (width === 1280) await screenshots(page, 'detail', shot(jsEnabled))

      // Nothing found: «Limpiar filtros» brings every posting back.
      await page.goto(`/user/dashboard/job-postings?search=${unique('nada')}&id_vehicle=5`)
      const empty = page.getByTestId('busqueda-vacia')
      await expect(empty).toContainText('No encontramos publicaciones con estos filtros.')
      await expectAccessible(page)
      await empty.getByRole('link', { name: 'Limpiar filtros' }).click()
      await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
      await expect(page.getByRole('list', { name: 'Ofertas encontradas' }).getByRole('listitem').first()).toBeVisible()
      await expect(page.getByLabel('Buscar publicaciones')).toHaveValue('')
    })
  })
}
