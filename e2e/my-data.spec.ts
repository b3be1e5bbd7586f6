import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { newAdmin } from './admin-session'
import { newDriver } from './driver-session'
import { expect, expectAccessible, readMail, test } from './fixtures'
import { apiCompany, uiLogin } from './marketplace-support'
import { decodeMail } from './public-mail'

/**
 * «Mis datos» (Ley 21.719, decision 75), JS on and off: a driver and a company ask for a copy of
 * their data, download the ZIP the same day and find themselves in datos.json; a rectification
 * request shows in the person's history and in the console's /admin/solicitudes, where it is
 * answered. Small accounts are prepared within the request, so no job has to run here.
 */

const SHOTS = '/tmp/shots-my-data'

/** Nothing sticks out sideways at 375 px; screenshots at 375 and 1280 px for a person to look at (JS project). */
async function fitsPhone(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0)
    if (test.info().project.use.javaScriptEnabled !== false) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    }
  }
}

/** Asks for the copy, downloads the ZIP and answers its datos.json. */
async function exportAndDownload(page: Page) {
  await page.getByRole('button', { name: 'Preparar mi copia' }).click()
  await expect(page.getByText('Tu copia está lista: descárgala con «Descargar ZIP».').first()).toBeVisible()
  const latest = page.getByTestId('ultima-copia')
  await expect(latest).toContainText('Lista')
  await expect(latest).toContainText(/Puedes descargarla hasta el \d{2}-\d{2}-\d{4}\./)
  // One a day: the button is gone, with the time of the next one.
  await expect(page.getByRole('button', { name: 'Preparar mi copia' })).toHaveCount(0)
  await expect(page.getByText(/Podrás pedir otra copia desde el/)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar ZIP' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^fleeters-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/)
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())))
  return JSON.parse(strFromU8(zip['datos.json']!))
}

test('a driver downloads a copy of their data from «Mis datos», announced by mail, once a day', async ({ page }) => {
  test.setTimeout(120_000)
  const d = await newDriver(page)
  await page.goto('/user/dashboard/settings')
  await page.getByRole('navigation', { name: 'Perfil' }).getByRole('link', { name: 'Mis datos' }).click()
  await expect(page).toHaveURL(/\/user\/dashboard\/settings\/mis-datos$/)
  await expect(page.getByRole('heading', { name: 'Mis datos', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad')
  await expect(page.getByRole('link', { name: 'Eliminar mi cuenta' })).toHaveAttribute(
    'href',
    '/user/dashboard/settings/mis-datos/eliminar',
  )
  await expect(page.getByRole('link', { name: 'Quién vio mis datos' })).toHaveAttribute(
    'href',
    '/user/dashboard/settings/mis-datos/accesos',
  )
  await expect(page.getByTestId('estado-pausa')).toContainText('Tu perfil está visible')
  await expectAccessible(page)

  const data = await exportAndDownload(page)
  expect(data.tablas.users[0].email).toBe(d.email.toLowerCase())
  expect(data.tablas.users[0]).not.toHaveProperty('password_hash')
  expect(data.tablas.consents.length).toBeGreaterThanOrEqual(2)
  expect(decodeMail(await readMail(d.email, /settings\/mis-datos/))).toContain(
    'La copia de tus datos que pediste está lista',
  )
  await expect(page.getByTestId('mis-solicitudes')).toContainText('Copia de mis datos')
  await fitsPhone(page, 'driver')
  await expectAccessible(page)

  // Another driver cannot download it.
  const href = (await page.getByRole('link', { name: 'Descargar ZIP' }).getAttribute('href'))!
  const other = await page.context().browser()!.newContext()
  const otherPage = await other.newPage()
  await newDriver(otherPage)
  expect((await otherPage.request.get(href)).status()).toBe(404)
  await other.close()
})

test('a company downloads a copy of its data from «Mis datos» in its panel', async ({ page, request }) => {
  test.setTimeout(120_000)
  const c = await apiCompany(request)
  await uiLogin(page, c.email, c.password, /\/business\/dashboard(\/aceptar-condiciones)?$/)
  await page.getByRole('navigation', { name: 'Panel de empresa' }).getByRole('link', { name: 'Mis datos' }).click()
  await expect(page).toHaveURL(/\/business\/dashboard\/mis-datos$/)
  await expect(page.getByRole('link', { name: 'Eliminar mi cuenta' })).toHaveAttribute(
    'href',
    '/business/dashboard/mis-datos/eliminar',
  )
  await expect(page.getByRole('link', { name: 'Quién vio mis datos' })).toHaveCount(0)
  await expectAccessible(page)
  const data = await exportAndDownload(page)
  expect(data.tablas.users[0].email).toBe(c.email.toLowerCase())
  expect(data.tablas.companies[0].name).toBe(c.name_business)
  await fitsPhone(page, 'company')
})

test(
  'a rectification request shows in the driver’s history and in /admin/solicitudes, ' + 'where the team answers it',
  async ({ page, browser }) => {
    test.setTimeout(150_000)
    const d = await newDriver(page)
    await page.goto('/user/dashboard/settings/mis-datos')
    const detail = page.getByLabel('¿Qué dato hay que corregir?')
    // Empty: the shared required message, with JS or without.
    await page.getByRole('button', { name: 'Enviar solicitud' }).click()
    await expect(page.getByText('Campo requerido').first()).toBeVisible()
    await detail.fill('Mi RUT quedó mal escrito: el correcto termina en 5.')
    await page.getByRole('button', { name: 'Enviar solicitud' }).click()
    await expect(
      page.getByText('Recibimos tu solicitud. El equipo la revisará y te responderá por correo.').first(),
    ).toBeVisible()
    const history = page.getByTestId('mis-solicitudes')
    await expect(history).toContainText('Corrección de datos')
    await expect(history).toContainText('Pendiente')
    await expect(history).toContainText('Mi RUT quedó mal escrito')

    const consoleContext = await browser.newContext()
    const staff = await consoleContext.newPage()
    await newAdmin(staff)
    await staff.getByRole('link', { name: 'Solicitudes' }).click()
    await expect(staff).toHaveURL(/\/admin\/solicitudes$/)
    const row = staff.getByTestId('solicitudes').getByRole('row').filter({ hasText: d.email.toLowerCase() })
    await expect(row).toContainText('Corrección de datos')
    await expect(row).toContainText('Pendiente')
    await expectAccessible(staff)
    await fitsPhone(staff, 'console')
    await row.getByText('Marcar como resuelta').first().click()
    await row.getByLabel('Qué corregiste (le llega a la persona por correo)').fill('Corregimos tu RUT en tu cuenta.')
    await row.getByRole('button', { name: 'Marcar como resuelta' }).click()
    await expect(staff.getByText('Solicitud marcada como resuelta').first()).toBeVisible()
    await expect(
      staff.getByTestId('solicitudes').getByRole('row').filter({ hasText: d.email.toLowerCase() }),
    ).toHaveCount(0)
    await staff.getByRole('link', { name: 'Todas' }).click()
    await expect(
      staff.getByTestId('solicitudes').getByRole('row').filter({ hasText: d.email.toLowerCase() }),
    ).toContainText('Resuelta')
    await consoleContext.close()

    expect(decodeMail(await readMail(d.email, /Corregimos tu RUT/))).toContain(
      'Revisamos tu solicitud de corrección de datos',
    )
    await page.reload()
    await expect(page.getByTestId('mis-solicitudes')).toContainText('Resuelta')
  },
)
