import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiCompany, apiDriver, uiLogin } from './marketplace-support'

/** The posting editor as a page: drafts, the preview, publishing and duplicating (decision 104). */
const SHOTS = '/work/shots/drafts'

/** Zone → region → commune: with JS the lists arrive by themselves, without JS through 'Actualizar'. */
async function choosePlace(page: Page, js: boolean) {
  const main = page.getByRole('main')
  await main.getByLabel('Zona').selectOption({ label: 'Zona Centro' })
  if (!js) await main.getByRole('button', { name: 'Actualizar' }).click()
  await main.getByLabel('Región').selectOption({ label: 'Metropolitana de Santiago' })
  if (!js) await main.getByRole('button', { name: 'Actualizar' }).click()
  await main.getByLabel('Comuna').selectOption({ label: 'Maipú' })
}

/** Whether the text a select shows fits in it, its arrow aside (the longest placeholder must not be cut off). */
async function selectTextFits(page: Page, label: string) {
  return page
    .getByRole('main')
    .getByLabel(label)
    .evaluate((el) => {
      const select = el as HTMLSelectElement
      const style = getComputedStyle(select)
      const probe = document.createElement('span')
      probe.style.font = style.font
      probe.style.whiteSpace = 'nowrap'
      probe.textContent = select.selectedOptions[0]?.text ?? ''
      document.body.append(probe)
      const text = probe.getBoundingClientRect().width
      probe.remove()
      // The room left of the arrow: the width less the padding (the arrow sits in the right padding).
      return text <= select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    })
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a draft saved, previewed, published and duplicated, with pesos as «$450.000»`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(240_000)
    fs.mkdirSync(SHOTS, { recursive: true })
    const tag = `${jsEnabled ? 'js' : 'nojs'}-${width}`
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${tag}.png`, fullPage: true })
    await page.setViewportSize({ width, height: 900 })
    const title = `Reparto en Maipú ${unique('borrador')}`
    const company = await apiCompany(request)
    const driver = await apiDriver(request)
    const asDriver = { headers: { 'auth-user': driver.token } }
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)

    // The panel has a «Borradores» tab beside the others, empty for now.
    await page.getByRole('link', { name: 'Borradores' }).click()
    await expect(page.getByText('No tienes borradores.')).toBeVisible()

    // «Publicar trabajo» opens the editor, a page in sections; no «Estado» at creation.
    await page.getByRole('link', { name: 'Publicar trabajo' }).click()
    await expect(page).toHaveURL(/\/business\/dashboard\/publicaciones\/nueva$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'Publicar trabajo', level: 1 })).toBeVisible()
    for (const section of ['La ruta', 'El pago', 'El vehículo', 'El turno y las fechas'])
      await expect(main.getByRole('group', { name: section })).toBeVisible()
    await expect(main.getByLabel('Estado')).toHaveCount(0)
    await expect(main.getByLabel('Comuna')).toContainText('Primero elige una región')
    expect(await selectTextFits(page, 'Comuna'), 'the commune placeholder is cut off').toBe(true)
    expect(await selectTextFits(page, 'Región'), 'the region placeholder is cut off').toBe(true)
    await expectAccessible(page)

    // On a phone the actions stay pinned to the bottom of the screen, even at the top of the form.
    const publish = main.getByRole('button', { name: 'Publicar', exact: true })
    if (width === 375) {
      const box = (await publish.boundingBox())!
      expect(box.y + box.height).toBeGreaterThan(900 - 90)
      expect(box.y + box.height).toBeLessThanOrEqual(900)
    }

    await main.getByLabel('Título').fill(title)
    await main.getByLabel('Descripción').fill('Rutas por sector en Maipú; la carga sale ordenada desde el centro.')
    await choosePlace(page, jsEnabled)
    await main.getByLabel('Pago (CLP)').fill('450000')
    await main.getByLabel('Período de pago').selectOption({ label: 'mensual' })
    await main.getByLabel('Vehículo').selectOption({ label: 'Moto' })
    await main.getByLabel('Peoneta').selectOption({ label: 'No' })
    await main.getByLabel('Conductores requeridos').fill('2')
    await main.getByLabel('Turno').selectOption({ label: 'AM (mañanas)' })
    await main.getByLabel('Fecha de inicio').fill('2026-12-14')

    // The preview is the drivers' card: with JS it follows the form, without JS «Vista previa» draws it.
    const card = page.getByTestId('vista-previa')
    if (jsEnabled) {
      await main.getByLabel('Pago (CLP)').blur()
    } else {
      await expect(card).toHaveCount(0)
      await main.getByRole('button', { name: 'Vista previa' }).click()
      await expect(main.getByLabel('Título')).toHaveValue(title)
      await expect(main.getByLabel('Comuna')).toHaveValue('13119')
    }
    // Typed «450000», shown as the drivers will read it (with JS on leaving the field, without on the preview).
    await expect(main.getByLabel('Pago (CLP)')).toHaveValue('$450.000')
    await expect(card).toContainText(title)
    await expect(card.getByTestId('pago')).toHaveText(/\$450\.000\s*mensual/)
    await expect(card).toContainText('Maipú, Metropolitana de Santiago')
    await expect(card).toContainText('Moto')
    await expect(card).toContainText(company.name_business)
    await expectAccessible(page)
    await shot('editor-nuevo')

    // «Guardar borrador»: the Borradores tab, and no driver sees it.
    await main.getByRole('button', { name: 'Guardar borrador' }).click()
    await expect(page.getByText('Borrador guardado. Los conductores no lo ven hasta que lo publiques.')).toBeVisible()
    await expect(page).toHaveURL(/\?estado=borradores$/)
    const rows = page.getByRole('table', { name: 'Publicaciones' }).locator('tbody tr')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Borrador')
    await expect(rows.first()).toContainText('$450.000 mensual')
    await expectAccessible(page)
    await shot('panel-borradores')
    const mine = await (
      await request.get('/api/business/job-postings?status=draft', { headers: { 'auth-business': company.token } })
    ).json()
    const draftId: number = mine.postings[0].id
    expect((await request.get(`/api/users/filter-job-postings-by-id/${draftId}`, asDriver)).status()).toBe(404)
    const search = await request.post('/api/users/search-job-postings', { data: { search_jps: title }, ...asDriver })
    expect((await search.json()).jobPostings).toEqual([])
    expect(JSON.stringify(await (await request.get('/api/general-data/get-jobpostings-home')).json())).not.toContain(
      title,
    )

    // Back to the draft: the editor keeps everything, the pay as the drivers read it.
    await rows
      .first()
      .getByRole('link', { name: `Continuar borrador: ${title}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/publicaciones/${draftId}/editar$`))
    await expect(main.getByRole('heading', { name: 'Editar borrador', level: 1 })).toBeVisible()
    await expect(main.getByLabel('Pago (CLP)')).toHaveValue('$450.000')
    await expect(main.getByLabel('Comuna')).toHaveValue('13119')
    await expect(card).toContainText(title)

    // «Publicar»: open, and drivers see it.
    await main.getByRole('button', { name: 'Publicar', exact: true }).click()
    await expect(page.getByText('Trabajo publicado: los conductores ya lo ven.')).toBeVisible()
    await expect(page).toHaveURL(/\?estado=abiertas$/)
    await expect(rows.filter({ hasText: title })).toContainText('Abierta')
    expect((await request.get(`/api/users/filter-job-postings-by-id/${draftId}`, asDriver)).status()).toBe(200)

    // «Duplicar» from the published posting: a draft copy, opened in the editor.
    await rows.filter({ hasText: title }).getByText('Más', { exact: true }).click()
    await page.getByRole('button', { name: `Duplicar: ${title}` }).click()
    await expect(page.getByText('Copia guardada como borrador.')).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Editar borrador', level: 1 })).toBeVisible()
    await expect(page).not.toHaveURL(new RegExp(`/publicaciones/${draftId}/editar$`))
    await expect(main.getByLabel('Título')).toHaveValue(title)
    await expect(main.getByLabel('Pago (CLP)')).toHaveValue('$450.000')
    await expectAccessible(page)
    await shot('editor-copia')
    await main.getByLabel('Pago (CLP)').fill('$ 480.000')
    await main.getByRole('button', { name: 'Guardar borrador' }).click()
    await expect(page).toHaveURL(/\?estado=borradores$/)
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('$480.000 mensual')
    // Drivers still see only the published one.
    const list = await (
      await request.post('/api/users/search-job-postings', { data: { search_jps: title }, ...asDriver })
    ).json()
    expect(list.jobPostings.map((j: { id: number }) => j.id)).toEqual([draftId])
  })
}
