import fs from 'node:fs'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiApplicant, apiCompany, apiPosting, uiLogin } from './marketplace-support'

/** The company panel (summary, tabs, table) and the one-click pipeline (decision 96). */
const SHOTS = '/tmp/shots/panel'

for (const width of [375, 1280]) {
  test(`at ${width} px: the panel's summary and table, three stages in one click each, a bulk move`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: 900 })
    const tag = `${jsEnabled ? 'js' : 'nojs'}-${width}`
    const word = unique('etapas')
    const company = await apiCompany(request)
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const hiring = `Ruta de farmacia ${word}`
    const closedTitle = `Ruta terminada ${word}`
    const hiringId = await apiPosting(request, company.token, { title: hiring, start_date: soon })
    const closedId = await apiPosting(request, company.token, { title: closedTitle, payment_amount: 1250000 })
    const names = [
      (await apiApplicant(request, hiringId, `Rojas${word.slice(-4)}`)).name,
      (await apiApplicant(request, hiringId, `Tapia${word.slice(-4)}`)).name,
      (await apiApplicant(request, hiringId, `Vidal${word.slice(-4)}`)).name,
    ]
    expect(
      (
        await request.put(`/api/business/close-job-posting/${closedId}`, {
          headers: { 'auth-business': company.token },
        })
      ).status(),
    ).toBe(200)

    // The summary: what needs attention, over the open postings.
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    const summary = page.getByRole('list', { name: 'Resumen' }).getByRole('listitem')
    await expect(summary).toHaveCount(4)
    await expect(summary.filter({ hasText: 'Publicaciones abiertas' })).toContainText('1')
    await expect(summary.filter({ hasText: 'Postulantes sin ver' })).toContainText('3')
    await expect(summary.filter({ hasText: 'Por responder' })).toContainText('3')
    await expect(summary.filter({ hasText: 'Inician pronto' })).toContainText('1')

    // The table: one row per posting, pay in CLP, applicants and one primary action.
    const table = page.getByRole('table', { name: 'Publicaciones' })
    const row = (title: string) => table.getByRole('row').filter({ hasText: title })
    await expect(row(hiring)).toContainText('$45.000 por día')
    await expect(row(hiring)).toContainText('3 postulantes')
    await expect(row(hiring).getByTestId('postulantes-nuevos')).toHaveText('3 sin ver')
    await expect(row(hiring)).toContainText('Abierta')
    await expect(row(closedTitle)).toContainText('$1.250.000 por día')
    await expect(row(closedTitle)).toContainText('Cerrada')
    await expect(row(hiring).getByRole('link', { name: `Ver postulantes: ${hiring}` })).toBeVisible()
    // Closing and editing are in the menu, not beside the primary action.
    await expect(row(hiring).getByRole('button', { name: `Cerrar publicación: ${hiring}` })).toBeHidden()
    const more = row(hiring).getByText('Más', { exact: true })
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await more.click()
    await expect(row(hiring).getByRole('button', { name: `Cerrar publicación: ${hiring}` })).toBeVisible()
    await expect(row(hiring).getByRole('link', { name: `Editar: ${hiring}` })).toBeVisible()
    await expectAccessible(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    fs.mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/panel-menu-${tag}.png`, fullPage: true })
    await more.click()

    // Tabs: Abiertas and Cerradas.
    const tabs = page.getByRole('navigation', { name: 'Filtrar publicaciones' })
    await tabs.getByRole('link', { name: 'Cerradas' }).click()
    await expect(page).toHaveURL(/estado=cerradas/)
    await expect(tabs.getByRole('link', { name: 'Cerradas' })).toHaveAttribute('aria-current', 'page')
    await expect(table.getByRole('row').filter({ hasText: word })).toHaveCount(1)
    await expect(row(closedTitle)).toBeVisible()
    await tabs.getByRole('link', { name: 'Abiertas' }).click()
    await expect(row(hiring)).toBeVisible()
    await expect(row(closedTitle)).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/panel-${tag}.png`, fullPage: true })

    // The applicants: one click per stage.
    await row(hiring)
      .getByRole('link', { name: `Ver postulantes: ${hiring}` })
      .click()
    await expect(page.getByRole('heading', { name: 'Postulantes', level: 1 })).toBeVisible()
    const cards = page.getByRole('list', { name: 'Postulantes' }).getByRole('listitem')
    await expect(cards).toHaveCount(3)
    const first = cards.filter({ hasText: names[0]! })
    await expect(first.getByRole('progressbar', { name: 'Documentos aprobados' })).toHaveAttribute('aria-valuenow', '0')
    await expect(first.getByTestId('documentos-postulante')).toHaveText('0/22 documentos aprobados')
    await page.screenshot({ path: `${SHOTS}/applicants-${tag}.png`, fullPage: true })
    for (const stage of ['En revisión', 'Contactada', 'Seleccionada']) {
      await first.getByRole('button', { name: `Mover a ${stage}: ${names[0]}` }).click()
      await expect(page.getByText('Estado de la postulación actualizado.')).toBeVisible()
      await expect(first).toContainText(`Postulación: ${stage}`)
      await expect(first.locator('[aria-current="step"]')).toHaveText(`Etapa actual: ${stage}`)
    }
    const filter = page.getByRole('navigation', { name: 'Filtrar por estado' })
    await expect(filter.getByRole('link', { name: 'Seleccionada (1)' })).toBeVisible()

    // The selection's bar: one line at every width (its 44 px targets and its padding), with the
    // count said aloud with JS and what to do without.
    const bar = page.getByRole('form', { name: 'Acciones con la selección' })
    const count = bar.getByTestId('seleccion')
    await expect(count).toHaveAttribute('aria-live', 'polite')
    await expect(count).toHaveText(jsEnabled ? 'Sin selección' : 'Marca postulantes')
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(44 + 12)
    if (jsEnabled) {
      // «Seleccionar todo» checks every card and back; one unchecked card leaves it mixed.
      const all = bar.getByLabel('Seleccionar todo')
      await all.check()
      await expect(count).toHaveText('Selección: 3')
      for (const name of names) await expect(page.getByLabel(`Seleccionar a ${name}`)).toBeChecked()
      await page.getByLabel(`Seleccionar a ${names[0]}`).uncheck()
      await expect(count).toHaveText('Selección: 2')
      expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true)
      // A mixed box checks all (as a click on it does), then unchecks all.
      await all.check()
      await expect(count).toHaveText('Selección: 3')
      await all.uncheck()
      await expect(count).toHaveText('Sin selección')
    } else await expect(bar.getByLabel('Seleccionar todo')).toHaveCount(0)

    // A bulk move: the other two, selected, to «Descartada» from the bar's menu.
    for (const name of names.slice(1)) await page.getByLabel(`Seleccionar a ${name}`).check()
    if (jsEnabled) await expect(count).toHaveText('Selección: 2')
    // While something is selected the bar stays in view as the list scrolls.
    await cards.last().getByRole('link', { name: 'Enviar correo', exact: false }).scrollIntoViewIfNeeded()
    await expect(bar).toBeInViewport()
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(44 + 12)
    await bar.locator('summary', { hasText: 'Mover a' }).click()
    await page.screenshot({ path: `${SHOTS}/applicants-bulk-menu-${tag}.png` })
    await bar.getByRole('button', { name: 'Mover la selección a Descartada' }).click()
    await expect(page.getByText('Se movieron 2 postulaciones a «Descartada».')).toBeVisible()
    await expect(filter.getByRole('link', { name: 'Descartada (2)' })).toBeVisible()
    await expect(filter.getByRole('link', { name: 'Nueva (0)' })).toBeVisible()
    for (const name of names.slice(1))
      await expect(cards.filter({ hasText: name })).toContainText('Postulación: Descartada')
    await expect(first).toContainText('Postulación: Seleccionada')
    // A new visit: nothing selected, the menu closed. Nothing selected: the move says so and changes nothing.
    if (jsEnabled) await expect(count).toHaveText('Sin selección')
    await expect(bar.getByRole('button', { name: 'Mover la selección a Nueva' })).toBeHidden()
    await bar.locator('summary', { hasText: 'Mover a' }).click()
    await bar.getByRole('button', { name: 'Mover la selección a Nueva' }).click()
    await expect(page.getByText('Selecciona al menos un postulante.')).toBeVisible()
    await expect(filter.getByRole('link', { name: 'Descartada (2)' })).toBeVisible()
    // Sorting by documents approved is a link.
    await page.getByRole('link', { name: 'Más documentos aprobados' }).click()
    await expect(page).toHaveURL(/orden=documentos/)
    await expect(cards).toHaveCount(3)
    await expectAccessible(page)
    await page.screenshot({ path: `${SHOTS}/applicants-moved-${tag}.png`, fullPage: true })
  })
}
