import type { Page } from '@playwright/test'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiPowerLink, POWER_SLOT_TITLE, powerSlot, usePowerLink } from './power-support'

/** A link that cannot be used says why and what to do; the driver sees each link's state and its dates. */

function expireLinksOf(email: string) {
  const db = e2eDatabase()
  db.prepare(
    "UPDATE simple_power_links SET expires_at = '2026-01-02T11:13:00.000Z' WHERE " +
      'used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)',
  ).run(email)
  db.close()
}

async function expectDeadPage(page: Page, path: string, status: number, title: string, what: RegExp) {
  const res = await page.goto(path)
  expect(res?.status()).toBe(status)
  // Stays on the link: no redirect to /.
  expect(new URL(page.url()).pathname).toBe('/crear-poder-simple')
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.getByText(what)).toBeVisible()
  await expect(page.getByText('Pide al conductor un enlace nuevo.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Conductor y vehículo' })).toHaveCount(0)
  await expectAccessible(page)
}

test.describe('simple power links', () => {
  test('used (410), expired (410) and invalid (404) links get a page that says what happened and what to do', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const first = await apiPowerLink(page.request)
    await usePowerLink(page.request, first.token)
    await expectDeadPage(
      page,
      first.path,
      410,
      'Este enlace ya fue usado',
      new RegExp(
        [
          '^Con este enlace ya se creó un poder simple\\. Cada enlace sirve una sola vez\\. ',
          'Se usó el \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}\\.$',
        ].join(''),
      ),
    )

    const second = await page.request.post('/api/users/create-power-simple-link', {
      headers: { 'auth-user': first.driver.token },
    })
    const { path } = (await second.json()) as { path: string }
    expireLinksOf(first.driver.email)
    // 2026-01-02T11:13Z is 08:13 in Santiago: one full stop after the time, not 'a. m..'.
    await expectDeadPage(page, path, 410, 'Este enlace venció', /Venció el 02-01-2026 08:13\.$/)
    await expect(page.getByText(/\.\./)).toHaveCount(0)

    const token = new URL(path, 'http://x').searchParams.get('power')!
    for (const bad of [
      '/crear-poder-simple',
      '/crear-poder-simple?power=nada',
      `/crear-poder-simple?power=${token.slice(0, -3)}abc`,
      `/crear-poder-simple?power=${token}x`,
    ]) {
      await expectDeadPage(page, bad, 404, 'Este enlace no es válido', /Revisa que lo hayas copiado completo\./)
    }
    // Without a driver session, the driver's way is the login.
    await expect(page.getByRole('link', { name: 'Soy el conductor: iniciar sesión' })).toHaveAttribute('href', '/login')
  })

  test('the driver area lists each link with its state (enviado, usado, vencido) and issues a new one', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const driver = await newDriver(page)
    await powerSlot(page)
      .getByRole('button', { name: `Crear poder simple: ${POWER_SLOT_TITLE}` })
      .click()
    await expect(page).toHaveURL(/\/user\/dashboard\/poder-simple$/)

    // The expiry reads '… de 2026, HH:MM.' with one full stop.
    const sentence = page.getByText(/^Complétalo tú o envíaselo al dueño del vehículo\./)
    await expect(sentence).toHaveText(/Sirve una sola vez y vence el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.$/)
    expect(await sentence.textContent()).not.toMatch(/\.\.|a\. m|p\. m/)
    const link = await page.getByLabel('Enlace', { exact: true }).inputValue()
    const items = page.getByRole('region', { name: 'Tus enlaces' }).getByRole('listitem')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toContainText('Enviado')
    await expect(items.first()).toContainText(/Vence el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/)

    // The owner uses it: the list says so.
    await usePowerLink(page.request, new URL(link).searchParams.get('power')!)
    await page.goto('/user/dashboard/poder-simple')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toContainText('Usado')
    await expect(items.first()).toContainText(/Usado el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/)

    // A second link that lapses unused.
    await page.getByRole('button', { name: 'Generar enlace nuevo' }).click()
    await expect(page.getByLabel('Enlace', { exact: true })).not.toHaveValue(link)
    await expect(items).toHaveCount(2)
    expireLinksOf(driver.email)
    await page.goto('/user/dashboard/poder-simple')
    await expect(items.first()).toContainText('Vencido')
    await expect(items.first()).toContainText('Venció el 02-01-2026 08:13')
    await expect(items.nth(1)).toContainText('Usado')

    // Reissue: a new link, usable, listed as sent.
    await page.getByRole('button', { name: 'Generar enlace nuevo' }).click()
    const fresh = await page.getByLabel('Enlace', { exact: true }).inputValue()
    await expect(items).toHaveCount(3)
    await expect(items.first()).toContainText('Enviado')
    await expectAccessible(page)
    await page.goto(fresh)
    await expect(page.getByRole('heading', { name: 'Conductor y vehículo', level: 2 })).toBeVisible()
  })
})
