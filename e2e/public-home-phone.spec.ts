import { expect, expectAccessible, test } from './fixtures'
import { apiCompany, apiPosting } from './marketplace-support'

/** A phone's screen: 375 × 812 px. */
const SCREEN = 812

test.describe('the public home on a phone', () => {
  test.use({ viewport: { width: 375, height: SCREEN } })

  test('gets to the point: the offers on the first two screens, at most four screens before the footer', async ({
    page,
    request,
  }) => {
    // A company without a logo, so the newest card shows its initials.
    const company = await apiCompany(request)
    await apiPosting(request, company.token, { title: 'Reparto en moto por sector', id_vehicle: 3, id_capacity: '' })
    await page.goto('/')
    const offers = page.getByRole('region', { name: 'Ofertas', exact: true })
    const top = async (l: ReturnType<typeof page.locator>) =>
      l.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    const firstOffer = offers.getByRole('listitem').first()
    expect(await top(firstOffer)).toBeLessThan(2 * SCREEN)
    const footer = await top(page.locator('footer'))
    console.log(`home at 375 px: first offer at ${await top(firstOffer)} px, footer at ${footer} px`)
    expect(footer).toBeLessThanOrEqual(4 * SCREEN)
    // The page never scrolls sideways; the cards do, inside their list.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)

    // No logo: the company's initials («Logística emp…» → «LE»), never an empty square.
    const mine = offers.getByRole('listitem').filter({ hasText: company.name_business })
    await expect(mine).toHaveCount(1)
    await expect(mine.getByRole('img')).toHaveCount(0)
    await expect(mine.getByText('LE', { exact: true })).toBeVisible()

    // The requirements fold on a phone and open with a tap (a native <details>, no JS needed).
    const requirement = page.getByText('Licencia de conducir chilena vigente.', { exact: true })
    await expect(requirement).toBeHidden()
    await page.getByRole('heading', { name: 'Requisitos para ser Fleeter' }).click()
    await expect(requirement).toBeVisible()
    await expectAccessible(page)
  })
})
