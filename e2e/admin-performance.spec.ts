import { randomBytes } from 'node:crypto'
import { newAdmin } from './admin-session'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

const HOUR = 60 * 60 * 1000
const key = () => `documents/${randomBytes(18).toString('base64url')}.png`
const SHOTS = process.env.SHOTS_DIR

/**
 * Decision 92: «Rendimiento». An administrador under a name of their own approves a driver's two
 * uploads; the page counts them under that name (the chart and the table for screen readers), on
 * 7 and 30 days through links that work without JS. A revisor has no link to it and gets 403.
 */
test.describe('«Rendimiento»', () => {
  test('after a few decisions the page shows the reviewer’s numbers, on 7 and 30 days', async ({
    page,
    browser,
    baseURL,
    jsEnabled,
  }) => {
    test.setTimeout(150_000)
    const driverContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })
    const driver = await newDriver(await driverContext.newPage())
    await driverContext.close()
    const admin = await newAdmin(page)
    const name = `Rita ${randomBytes(3).toString('hex')}`
    const db = e2eDatabase()
    const ids: number[] = []
    try {
      const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(driver.email) as { id: number }).id
      const insert = db.prepare(
        `INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, ` +
          `original_name, created_at) VALUES (?, ?, 'PENDING', ?, 'image/png', 3, 'doc.png', ?)`,
      )
      for (const slot of ['certificado_antecedentes', 'comprobante_domicilio']) {
        const at = new Date(Date.now() - 2 * HOUR).toISOString()
        ids.push(Number(insert.run(userId, slot, key(), at).lastInsertRowid))
      }
      const [first, ...rest] = name.split(' ')
      db.prepare('UPDATE users SET firstname = ?, lastname = ? WHERE email = ?').run(first, rest.join(' '), admin.email)
    } finally {
      db.close()
    }

    for (const id of ids) {
      await page.goto(`/admin/documentos/${id}`)
      await page.getByRole('button', { name: 'Aprobar' }).click()
      await expect(page.getByText('Documento aprobado.')).toBeVisible()
    }

    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await nav.getByRole('link', { name: 'Rendimiento' }).click()
    await expect(page).toHaveURL(/\/admin\/rendimiento$/)
    await expect(page.getByRole('heading', { name: 'Rendimiento', level: 1 })).toBeVisible()
    const period = page.getByRole('navigation', { name: 'Periodo' })
    await expect(period.getByRole('link', { name: 'Últimos 7 días' })).toHaveAttribute('aria-current', 'page')

    // The figures at a glance: at least this reviewer's two decisions.
    const figures = page.getByTestId('cifras')
    const decisions = figures
      .locator('div')
      .filter({ hasText: /^Decisiones/ })
      .locator('dd')
      .first()
    expect(Number((await decisions.innerText()).replace(/\./g, ''))).toBeGreaterThanOrEqual(2)
    await expect(figures).toContainText('Dentro de 24 h hábiles')
    await expect(figures).toContainText('Atrasados ahora')

    // The reviewer's row: drawn, and said in the table screen readers read.
    const section = page.getByRole('region', { name: 'Por revisor' })
    await expect(section.getByText(name, { exact: true }).first()).toBeVisible()
    const table = page.getByRole('table', { name: 'Decisiones por revisor y día' })
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    await expect(row.getByRole('cell').first()).toHaveText('2')
    await expect(row.getByRole('cell')).toHaveCount(1 + 7)
    // Today's column (the last) holds both.
    await expect(row.getByRole('cell').last()).toHaveText('2')
    await expect(page.getByRole('img', { name: 'Horas hábiles desde la carga hasta la decisión' })).toBeVisible()
    await expectAccessible(page)
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/rendimiento-1280-${jsEnabled ? 'js' : 'sin-js'}.png`, fullPage: true })

    await period.getByRole('link', { name: 'Últimos 30 días' }).click()
    await expect(page).toHaveURL(/\?dias=30$/)
    await expect(period.getByRole('link', { name: 'Últimos 30 días' })).toHaveAttribute('aria-current', 'page')
    await expect(row.getByRole('cell')).toHaveCount(1 + 30)
    await expect(row.getByRole('cell').first()).toHaveText('2')

    // A period the page does not offer shows the default one.
    await page.goto('/admin/rendimiento?dias=90')
    await expect(period.getByRole('link', { name: 'Últimos 7 días' })).toHaveAttribute('aria-current', 'page')

    // A phone: nothing scrolls sideways, the period links are 44 px targets.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/admin/rendimiento')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const box = await period.getByRole('link', { name: 'Últimos 30 días' }).boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    await expect(section.getByText(name, { exact: true }).first()).toBeVisible()
    await expectAccessible(page)
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/rendimiento-375-${jsEnabled ? 'js' : 'sin-js'}.png`, fullPage: true })
  })

  test('a revisor has no link to it and is refused the page (403)', async ({ page }) => {
    test.setTimeout(150_000)
    await newAdmin(page, { role: 'revisor' })
    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await expect(nav.getByRole('link', { name: 'Documentos' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Rendimiento' })).toHaveCount(0)
    const res = await page.goto('/admin/rendimiento')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Sin permiso', level: 1 })).toBeVisible()
    await expect(page.getByTestId('cifras')).toHaveCount(0)
  })
})
