import type { APIRequestContext, Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { newAdmin } from './admin-session'
import { pngFile } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiDriver } from './marketplace-support'

/**
 * Decision 91: the review's document viewer. An image zooms (fit, 100 %, 200 %), turns in 90° steps
 * and pans; a PDF's pages are images the server draws. With JS the controls are buttons and keys
 * (Z, G); without JS they are links whose query the server renders.
 */

const SLOT = 'certificado_antecedentes'
const NAME = /^Documento: Certificado de antecedentes de /

async function uploadAs(request: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }) {
  const driver = await apiDriver(request)
  const res = await request.post('/api/users/upload-files-user', {
    multipart: { [SLOT]: file },
    headers: { 'auth-user': driver.token },
  })
  expect(res.status()).toBe(201)
  const id = (await res.json()).files[0].id_file as number
  return { driver, id }
}

async function twoPagePdf() {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.HelveticaBold)
  for (const [i, size] of [[595, 842] as const, [842, 595] as const].entries()) {
    pdf.addPage([...size]).drawText(`Pagina ${i + 1}`, { x: 60, y: size[1] - 120, size: 48, font })
  }
  return { name: 'antecedentes.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) }
}

function control(page: Page, jsEnabled: boolean, name: string) {
  return page.getByRole(jsEnabled ? 'button' : 'link', { name, exact: true })
}

/** The image's drawn box (after zoom and rotation) and its rotation read from the computed transform. */
function drawn(page: Page, name: RegExp | string = NAME) {
  return page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect()
    const m = new DOMMatrix(getComputedStyle(img).transform)
    return {
      width: Math.round(box.width),
      height: Math.round(box.height),
      degrees: (Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI) + 360) % 360,
      natural: img.naturalWidth,
    }
  })
}

test.describe('document viewer', () => {
  test('an image zooms, turns and pans, at 1280 and 375 px', async ({ page, request, jsEnabled }) => {
    test.setTimeout(120_000)
    const { id } = await uploadAs(request, await pngFile('antecedentes.png', 400, 300))
    await newAdmin(page)
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/admin/documentos/${id}`)
      const viewer = page.getByTestId('visor')
      const stage = page.getByRole('region', { name: NAME })
      await expect(page.getByRole('img', { name: NAME })).toBeVisible()
      await expect.poll(async () => (await drawn(page)).natural).toBe(400)
      const stageWidth = await stage.evaluate((el) => el.clientWidth)

      // Fit: the image fills the area's width (less its padding), unturned.
      await expect(viewer).toHaveAttribute('data-zoom', 'fit')
      let now = await drawn(page)
      expect(now.width).toBeGreaterThan(stageWidth - 40)
      expect(now.width).toBeLessThanOrEqual(stageWidth)
      expect(now.degrees).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      // 200 %: twice its pixels, and the area scrolls.
      await control(page, jsEnabled, '200 %').click()
      await expect(viewer).toHaveAttribute('data-zoom', '200')
      if (!jsEnabled) await expect(page).toHaveURL(/zoom=200/)
      else await expect(control(page, jsEnabled, '200 %')).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(async () => (await drawn(page)).width).toBe(800)
      expect((await drawn(page)).height).toBe(600)
      expect(await stage.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)

      // Turned 90°: the drawn box is 600 × 800, all of it reachable by scrolling.
      await control(page, jsEnabled, 'Girar 90°').click()
      await expect(viewer).toHaveAttribute('data-rotation', '90')
      if (!jsEnabled) await expect(page).toHaveURL(/zoom=200&giro=90/)
      await expect(page.getByTestId('visor-giro')).toHaveText('Girado 90°')
      now = await drawn(page)
      expect(now).toMatchObject({ width: 600, height: 800, degrees: 90 })
      const reach = await stage.evaluate((el) => ({ w: el.scrollWidth, h: el.scrollHeight }))
      expect(reach.w).toBeGreaterThanOrEqual(600)
      expect(reach.h).toBeGreaterThanOrEqual(800)

      if (jsEnabled) {
        // Dragging pans the zoomed page.
        // From a point of the area that is on screen (at 375 px its middle can sit below the fold).
        await stage.scrollIntoViewIfNeeded()
        const box = (await stage.boundingBox())!
        const x = box.x + box.width / 2
        const y = Math.min(box.y + box.height / 2, page.viewportSize()!.height - 40)
        expect(y - 120).toBeGreaterThan(box.y)
        await page.mouse.move(x, y)
        await page.mouse.down()
        await page.mouse.move(x - 80, y - 120, { steps: 4 })
        await page.mouse.up()
        // A loaded machine may apply the last moves after the button is up: wait for the scroll.
        await expect.poll(() => stage.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)

        // Keys: Z goes to the next zoom (200 % → fit), G turns again; not while typing.
        await stage.focus()
        await page.keyboard.press('z')
        await expect(viewer).toHaveAttribute('data-zoom', 'fit')
        await page.keyboard.press('g')
        await expect(viewer).toHaveAttribute('data-rotation', '180')
        expect((await drawn(page)).degrees).toBe(180)
        await page.keyboard.press('z')
        await expect(viewer).toHaveAttribute('data-zoom', '100')
        await expect.poll(async () => (await drawn(page)).width).toBe(400)
        await page.getByRole('textbox', { name: /Motivo escrito/ }).fill('zg')
        await expect(viewer).toHaveAttribute('data-zoom', '100')
        await expect(viewer).toHaveAttribute('data-rotation', '180')
        // The page's own shortcuts are still listed beside the viewer's.
        await expect(page.getByTestId('atajos')).toContainText('rechazar')
      } else {
        // Back to fit, the turn kept: a 90° image fits in the area.
        await control(page, jsEnabled, 'Ajustar').click()
        await expect(page).toHaveURL(/giro=90/)
        await expect(page).not.toHaveURL(/zoom=/)
        now = await drawn(page)
        expect(now.degrees).toBe(90)
        expect(now.width).toBeLessThanOrEqual(stageWidth)
        await control(page, jsEnabled, '100 %').click()
        await expect.poll(async () => (await drawn(page)).height).toBe(400)
      }
      if (width === 1280) await expectAccessible(page)
    }
  })

  test('a PDF’s pages show as images drawn by the server', async ({ page, request, jsEnabled }) => {
    test.setTimeout(120_000)
    const { driver, id } = await uploadAs(request, await twoPagePdf())
    await newAdmin(page)
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/admin/documentos/${id}`)
      const pages = page.getByRole('img', { name: /, página \d de 2$/ })
      await expect(pages).toHaveCount(2)
      for (const n of [1, 2]) {
        const img = page.getByRole('img', { name: new RegExp(`, página ${n} de 2$`) })
        await img.scrollIntoViewIfNeeded()
        // The server draws each page in a worker on demand: on a loaded machine that takes seconds.
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: 30_000 }).toBe(1600)
      }
      // Page 2 is landscape: drawn wider than tall.
      const second = await page
        .getByRole('img', { name: /, página 2 de 2$/ })
        .evaluate((el: HTMLImageElement) => el.naturalHeight)
      expect(second).toBeLessThan(1600)
      await expect(page.locator('iframe')).toHaveCount(0)

      // 200 % draws a page at its 1600 pixels.
      await control(page, jsEnabled, '200 %').click()
      await expect.poll(async () => (await drawn(page, /, página 1 de 2$/)).width).toBe(1600)
      if (width === 1280) await expectAccessible(page)
    }
    // The page images are the console's: a driver (even the owner) and a visitor get none.
    const pageUrl = `/admin/archivos/${id}/paginas/1`
    expect((await page.request.get(pageUrl)).headers()['content-type']).toBe('image/png')
    const visitor = await request.get(pageUrl, { maxRedirects: 0 })
    expect(visitor.status()).toBe(302)
    const asOwner = await request.get(`/api/users/files/${id}`, { headers: { 'auth-user': driver.token } })
    expect(asOwner.status()).toBe(200)
    const ownerPages = await request.get(`/api/admin/documents/${id}/pages/1`, {
      headers: { 'auth-admin': driver.token },
    })
    expect(ownerPages.status()).toBe(403)
    expect((await ownerPages.json()).message).toBeTruthy()
    expect((await page.request.get(`/admin/archivos/${id}/paginas/3`)).status()).toBe(404)
  })
})
