import { randomBytes } from 'node:crypto'
import { newAdmin } from './admin-session'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

const DAY = 24 * 60 * 60 * 1000
const key = () => `documents/${randomBytes(18).toString('base64url')}.png`

/**
 * Decision 88: the review queue on the 24-working-hour clock. A driver's certificate uploaded 14
 * days ago (at least 24 working hours, whatever the holidays) is late; their licence uploaded now
 * is on time. The queue, filtered to that driver, counts them and says «Atrasado» on the old one.
 */
test('the document queue says «Atrasado» on an old upload and counts late and on time', async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  test.setTimeout(120_000)
  const driverContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })
  const driver = await newDriver(await driverContext.newPage())
  await driverContext.close()
  const db = e2eDatabase()
  try {
    const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(driver.email) as { id: number }).id
    const insert = db.prepare(
      `INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, ` +
        `mime_type, size_bytes, original_name, created_at) VALUES (?, ?, 'PENDING', ?, 'image/png', 3, 'doc.png', ?)`,
    )
    insert.run(userId, 'certificado_antecedentes', key(), new Date(Date.now() - 14 * DAY).toISOString())
    insert.run(userId, 'soap_frontal', key(), new Date().toISOString())
  } finally {
    db.close()
  }

  await newAdmin(page)
  await page.goto('/admin/documentos')
  await page.getByLabel('Conductor', { exact: true }).fill(driver.email)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/driver=/)
  await expect(page.getByTestId('pendientes-total')).toHaveText('2 documentos pendientes')

  const counts = page.getByRole('list', { name: 'Plazo de revisión' })
  await expect(counts.getByRole('listitem').filter({ hasText: 'Atrasados' })).toContainText('1')
  await expect(counts.getByRole('listitem').filter({ hasText: 'Vencen hoy' })).toContainText('0')
  await expect(counts.getByRole('listitem').filter({ hasText: 'A tiempo' })).toContainText('1')

  // Soonest due first: the late certificate, then the licence due in the coming working days.
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Revisar / }) })
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Certificado de antecedentes')
  await expect(rows.nth(0)).toContainText(/Atrasado \d+ h/)
  await expect(rows.nth(1)).toContainText(/Vence (mañana|el \d\d-\d\d) \d\d:\d\d/)
  await expectAccessible(page)

  // Both are the driver's first upload of their slot: the re-upload filter leaves none, counts too.
  await page.getByRole('combobox', { name: /^Carga/ }).selectOption('Carga repetida')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/origin=reupload/)
  await expect(page.getByText('Ningún documento pendiente coincide con los filtros.')).toBeVisible()
  await expect(counts.getByRole('listitem').filter({ hasText: 'Atrasados' })).toContainText('0')
  await page.getByRole('combobox', { name: /^Carga/ }).selectOption('Primera carga')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/origin=first/)
  await expect(rows).toHaveCount(2)
  await expect(counts.getByRole('listitem').filter({ hasText: 'Atrasados' })).toContainText('1')

  // At 375 px the three counts stay side by side and readable.
  await page.setViewportSize({ width: 375, height: 740 })
  const boxes = await counts
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })))
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1)
  expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(375)
})
