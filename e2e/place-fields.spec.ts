import { newDriver } from './driver-session'
import { expect, test } from './fixtures'

/**
 * Zone → region → commune keep their chosen place in state beside the selects: they must not
 * drift from what the selects show (with JS; without JS the server draws every list).
 */
test.describe('the place fields stay in step with what they show', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'the drift is between React state and the DOM')
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a zone chosen before the scripts arrive still brings its regions', async ({ page }) => {
    await newDriver(page)
    let release = () => {}
    const scripts = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scripts
      await route.continue()
    })
    // A plain navigation: the fixture's goto would wait for the hydration held back here.
    await page.evaluate(() => (location.href = '/user/dashboard/job-postings'))
    const zone = page.locator('#filtro-zona')
    await zone.waitFor()
    await zone.selectOption({ label: 'Zona Sur' })
    release()
    await page.waitForSelector('body[data-hydrated]', { state: 'attached', timeout: 20_000 })
    const region = page.locator('#filtro-region')
    await expect(region.locator('option', { hasText: 'Araucanía' })).toHaveCount(1)
    await region.selectOption({ label: 'La Araucanía' })
    await page.getByRole('button', { name: 'Aplicar filtros' }).click()
    await expect(page).toHaveURL(/id_zone=3&id_region=9000/)
  })

  test('a link to the plain list clears the filters it shows', async ({ page }) => {
    await newDriver(page)
    await page.goto('/user/dashboard/job-postings?id_zone=3&id_region=9000')
    await expect(page.locator('#filtro-zona')).toHaveValue('3')
    await expect(page.locator('#filtro-region')).toHaveValue('9000')
    await page.getByRole('navigation').getByRole('link', { name: 'Ofertas', exact: true }).first().click()
    await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
    await expect(page.locator('#filtro-zona')).toHaveValue('')
    await expect(page.locator('#filtro-region')).toHaveValue('')
  })
})
