import type { Locator, Page } from '@playwright/test'
import { fillExpiryIfAsked, newDriver, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, test } from './fixtures'

/**
 * A new driver uploads the 22 required documents the way a person would, and the journey prints
 * what it cost: taps (a click, a file chosen, a date typed) and page loads (documents the browser
 * loaded, and with JS the in-app navigations). Issue figures are read from this output.
 */
test('journey: a new driver uploads all 22 required documents', async ({ page, jsEnabled }) => {
  test.setTimeout(300_000)
  await newDriver(page)
  let taps = 0
  let documents = 0
  let navigations = 0
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++
  })
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations++
  })
  const tap = async (l: Locator) => {
    taps++
    await l.click()
  }
  const file = await pngFile('documento.png', 1600, 1000)

  /** The next thing to upload, as the page offers it: the guided button, else the first slot's link. */
  async function nextLink(p: Page) {
    const guided = p.getByRole('link', { name: 'Subir siguiente documento' })
    if (await guided.count()) return guided.first()
    // The one optional slot (the van’s interior) is not part of the 22.
    const slots = p.getByRole('link', { name: /^Añadir documento: (?!Furgón interior general)/ })
    return (await slots.count()) ? slots.first() : null
  }

  for (let uploaded = 0; uploaded < 22; uploaded++) {
    const dialog = page.getByRole('dialog')
    if (!(await dialog.count())) {
      const link = await nextLink(page)
      expect(link, `a way to upload document ${uploaded + 1}`).not.toBeNull()
      await tap(link!)
    }
    await expect(dialog).toBeVisible()
    const titleId = await dialog.getAttribute('aria-labelledby')
    const title = ((await page.locator(`[id="${titleId}"]`).textContent()) ?? '').trim()
    taps++
    await dialog.getByLabel(/^(Archivo|Elegir archivo)$/).setInputFiles(file)
    // A date is a tap unless the sheet already holds it (both sides of a card share theirs).
    const expiry = dialog.getByLabel('Fecha de vencimiento')
    if ((await expiry.count()) && !(await expiry.inputValue())) {
      taps++
      await fillExpiryIfAsked(dialog)
    }
    await tap(dialog.getByRole('button', { name: SEND_UPLOAD }))
    // Done when this document's sheet is gone: the list, or the next document's sheet.
    await expect(page.getByRole('dialog', { name: title, exact: true })).toHaveCount(0)
  }
  await page.goto('/user/dashboard/home')
  await expect(page.getByTestId('resumen-documentos')).toContainText('22 en revisión')
  console.log(
    `journey:driver (${jsEnabled ? 'JS' : 'sin JS'}): 22 documentos, ${taps} toques ` +
      `(${(taps / 22).toFixed(1)} por documento), ${documents} cargas de página, ${navigations} navegaciones`,
  )
})
