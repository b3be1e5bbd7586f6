import { newAdmin } from './admin-session'
import { pngFile } from './driver-session'
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
    // An anonymous view of both pages first keeps their public content in the backend client's cache
    // (app/.server/backend/client.ts): the edit must still show at once.
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

  test('a testimonial and a partner logo added (a refused one with its reason), moved, edited and removed', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    await newAdmin(page)
    await page.goto('/admin/contenido')
    // With JS the removal asks first; the person confirms.
    if (jsEnabled) page.on('dialog', (dialog) => void dialog.accept())

    const name = unique('Rosa')
    const testimonials = page.locator('#testimonials')
    await testimonials.getByText('Nuevo testimonio', { exact: true }).click()
    const fresh = testimonials.locator('details').last()
    await fresh.getByLabel('Nombre', { exact: true }).fill(name)
    await fresh.getByLabel('Cargo', { exact: true }).fill('Conductora')
    await fresh.getByLabel('Empresa', { exact: true }).fill('Reparto Sur')
    await fresh.getByLabel('Logo de la empresa (ruta, opcional)').fill('javascript:alert(1)')
    await fresh.getByLabel('Comentario', { exact: true }).fill('Me pagan cada semana, sin atrasos.')
    await fresh.getByRole('button', { name: 'Agregar testimonio' }).click()
    // Refused with the reason, the form open again with what was typed.
    await expect(fresh.getByText(/Ingresa una ruta del sitio/)).toBeVisible()
    await expect(fresh.getByLabel('Nombre', { exact: true })).toHaveValue(name)
    await expectAccessible(page)
    await fresh.getByLabel('Logo de la empresa (ruta, opcional)').fill('')
    await fresh.getByRole('button', { name: 'Agregar testimonio' }).click()
    await expect(page.getByText('Elemento creado.')).toBeVisible()

    const items = testimonials.locator(':scope > ol > li')
    await expect(items.last()).toContainText(name)
    await page.getByRole('button', { name: `Subir: testimonio de ${name}` }).click()
    await expect(page.getByText('Orden actualizado.')).toBeVisible()
    await expect(items.nth((await items.count()) - 2)).toContainText(name)

    const mine = items.filter({ hasText: name })
    await mine.getByText(`Editar testimonio de ${name}`).click()
    await mine.getByLabel('Cargo', { exact: true }).fill('Coordinadora de rutas')
    await mine.getByRole('button', { name: 'Guardar testimonio' }).click()
    await expect(page.getByText('Cambios guardados.')).toBeVisible()
    await expect(mine).toContainText('Coordinadora de rutas, Reparto Sur')

    await page.getByRole('button', { name: `Eliminar: testimonio de ${name}` }).click()
    await expect(page.getByText('Elemento eliminado.')).toBeVisible()
    await expect(mine).toHaveCount(0)

    const company = unique('Correos')
    const logos = page.locator('#logos')
    await logos.getByText('Nuevo logo', { exact: true }).click()
    const newLogo = logos.locator('details').last()
    await newLogo.getByLabel('Nombre de la empresa').fill(company)
    await newLogo.locator('input[type=file]').setInputFiles(await pngFile('logo.png', 600, 300))
    await newLogo.getByRole('button', { name: 'Agregar logo' }).click()
    await expect(page.getByText('Elemento creado.')).toBeVisible()
    await expect(page.getByRole('img', { name: `Logo de ${company}` })).toBeVisible()
    await page.getByRole('button', { name: `Eliminar: logo de ${company}` }).click()
    await expect(page.getByText('Elemento eliminado.')).toBeVisible()
    await expect(page.getByRole('img', { name: `Logo de ${company}` })).toHaveCount(0)
  })
})
