import { newAdmin } from './admin-session'
import { expect, expectAccessible, test, unique } from './fixtures'

/**
 * Edits the site's shared content (the first FAQ entry, the first statistic), so it runs in its
 * own projects after every other spec (playwright.config.ts) and puts the content back.
 */
test.describe('operations console: site content', () => {
  test('content edited in the console shows at once on / and /preguntas-frecuentes', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The command-line script, two edits, then both pages read and the content put back.
    test.setTimeout(150_000)
    // Warm the anonymous page cache first: the edit must still show at once.
    const visitor = await browser.newContext({ baseURL })
    const anon = await visitor.newPage()
    await anon.goto('/')
    await anon.goto('/preguntas-frecuentes')

    await newAdmin(page)
    await page.goto('/admin/contenido')
    await expectAccessible(page)
    const question = `¿${unique('Pregunta')} cómo postulo?`
    const firstFaq = page.locator('#faqs li').first()
    await firstFaq.locator('summary').click()
    const orders = page.locator('#statistics li').first()
    const original = {
      question: await firstFaq.getByLabel('Pregunta', { exact: true }).inputValue(),
      answer: await firstFaq.getByLabel('Respuesta', { exact: true }).inputValue(),
      title: await orders.getByLabel('Título', { exact: true }).inputValue(),
      value: await orders.getByLabel('Valor', { exact: true }).inputValue(),
    }
    await firstFaq.getByLabel('Pregunta', { exact: true }).fill(question)
    await firstFaq
      .getByLabel('Respuesta', { exact: true })
      .fill('Primer párrafo de la respuesta.\n\nSegundo párrafo de la respuesta.')
    await firstFaq.getByRole('button', { name: 'Guardar pregunta' }).click()
    await expect(page.getByText('Cambios guardados.')).toBeVisible()

    const value = String(100_000 + Math.floor(Math.random() * 800_000))
    await orders.getByLabel('Título', { exact: true }).fill('Entregas realizadas')
    await orders.getByLabel('Valor', { exact: true }).fill(value)
    await orders.getByRole('button', { name: /^Guardar estadística/ }).click()
    await expect(page.getByText('Cambios guardados.')).toBeVisible()

    await anon.goto('/preguntas-frecuentes')
    await expect(anon.getByText(question)).toBeVisible()
    await anon.goto('/')
    await expect(anon.getByText(question)).toBeVisible()
    await expect(anon.getByText('Entregas realizadas')).toBeVisible()
    await visitor.close()

    // Put the content back: the other specs read the seeded FAQ and statistics.
    await page.goto('/admin/contenido')
    await page.locator('#faqs li').first().locator('summary').click()
    await page.locator('#faqs li').first().getByLabel('Pregunta', { exact: true }).fill(original.question)
    await page.locator('#faqs li').first().getByLabel('Respuesta', { exact: true }).fill(original.answer)
    await page.locator('#faqs li').first().getByRole('button', { name: 'Guardar pregunta' }).click()
    await expect(page.getByText('Cambios guardados.')).toBeVisible()
    await page.locator('#statistics li').first().getByLabel('Título', { exact: true }).fill(original.title)
    await page.locator('#statistics li').first().getByLabel('Valor', { exact: true }).fill(original.value)
    await page
      .locator('#statistics li')
      .first()
      .getByRole('button', { name: /^Guardar estadística/ })
      .click()
    await expect(page.getByText('Cambios guardados.')).toBeVisible()
  })
})
