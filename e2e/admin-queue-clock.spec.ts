import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { newAdmin } from './admin-session'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

const DAY = 24 * 60 * 60 * 1000
const key = () => `documents/${randomBytes(18).toString('base64url')}.png`

/** Screenshots for the people who judge the screen, when SHOTS_DIR says where (not in CI). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, name), fullPage: true })
}

/** The three counts as the page shows them, by name. */
async function readCounts(list: Locator): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of ['Atrasados', 'Vencen hoy', 'A tiempo'])
    out[name] = (await list.getByRole('link').filter({ hasText: name }).locator('span').first().innerText()).trim()
  return out
}

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

/**
 * Decision 100: the console's home shows the queue's three counts, the same figures the queue
 * shows, each a link to that part of the queue; on the queue, each count narrows the list to its
 * part (the «Plazo» select does the same in the form) and the selected one leads back to all.
 */
test('the home shows the queue’s counts and each leads to its part of the queue', async ({
  page,
  browser,
  baseURL,
  jsEnabled,
}) => {
  test.setTimeout(180_000)
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
  await page.goto('/admin')
  const home = page.getByRole('region', { name: 'Plazo de revisión' })
  const counts = home.getByRole('list', { name: 'Plazo de revisión' })
  await expect(counts.getByRole('link')).toHaveCount(3)
  const onHome = await readCounts(counts)
  // At least this driver's late certificate and on-time licence.
  expect(Number(onHome['Atrasados']!.replace(/\./g, ''))).toBeGreaterThanOrEqual(1)
  expect(Number(onHome['A tiempo']!.replace(/\./g, ''))).toBeGreaterThanOrEqual(1)
  await expectAccessible(page)
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
    await shot(page, `consola-inicio-plazos-${width}-${jsEnabled ? 'js' : 'sin-js'}.png`)
    // Three across and inside the screen, each a 44 px target.
    const boxes = await counts
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => a.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right, height: r.height })),
      )
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1)
    expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(width)
    expect(Math.min(...boxes.map((b) => b.height))).toBeGreaterThanOrEqual(44)
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // The same figures as the queue without filters. The other workers' tests upload documents
  // meanwhile, so the two reads are taken again, home then queue, until no upload fell between.
  const queueCounts = page.getByRole('list', { name: 'Plazo de revisión' })
  let fromHome = onHome
  await expect(async () => {
    if (!page.url().endsWith('/admin')) {
      await page.goto('/admin')
      fromHome = await readCounts(counts)
    }
    await counts.getByRole('link').filter({ hasText: 'Atrasados' }).click()
    await expect(page).toHaveURL(/\/admin\/documentos\?due=late$/)
    expect(await readCounts(queueCounts)).toEqual(fromHome)
  }).toPass({ timeout: 60_000 })
  await expect(queueCounts.getByRole('link', { name: /Atrasados/ })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('combobox', { name: 'Plazo' })).toHaveValue('late')
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Revisar / }) })
  await expect(rows.first()).toContainText(/Atrasado \d+ h/)
  await expect(rows.filter({ hasNotText: /Atrasado \d+ h/ })).toHaveCount(0)

  // This driver's documents, by part: the form keeps the part, the counts are the driver's.
  await page.getByLabel('Conductor', { exact: true }).fill(driver.email)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/due=late/)
  await expect(page).toHaveURL(/driver=/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Certificado de antecedentes')
  expect(await readCounts(queueCounts)).toEqual({ Atrasados: '1', 'Vencen hoy': '0', 'A tiempo': '1' })
  await expect(page.getByTestId('pendientes-total')).toHaveText('2 documentos pendientes')
  await expectAccessible(page)
  await shot(page, `cola-atrasados-1280-${jsEnabled ? 'js' : 'sin-js'}.png`)

  await queueCounts.getByRole('link', { name: /A tiempo/ }).click()
  await expect(page).toHaveURL(/due=on_time/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('SOAP (frontal)')
  await queueCounts.getByRole('link', { name: /Vencen hoy/ }).click()
  await expect(page).toHaveURL(/due=today/)
  await expect(page.getByText('Ningún documento pendiente coincide con los filtros.')).toBeVisible()
  // The selected count leads back to the driver's whole queue.
  await queueCounts.getByRole('link', { name: /Vencen hoy/ }).click()
  await expect(page).not.toHaveURL(/due=/)
  await expect(page).toHaveURL(/driver=/)
  await expect(rows).toHaveCount(2)

  // The «Plazo» select does the same in the form.
  await page.getByRole('combobox', { name: 'Plazo' }).selectOption('A tiempo')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/due=on_time/)
  await expect(rows).toHaveCount(1)
  await page.setViewportSize({ width: 375, height: 740 })
  await shot(page, `cola-a-tiempo-375-${jsEnabled ? 'js' : 'sin-js'}.png`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

/**
 * Decision 117: a driver filter counts each part of the queue up to 1.000. 48 drivers whose last
 * name holds a word of this test's own, 21 documents each uploaded now: their word finds 1.008,
 * and the page says «más de 1.000» where it would have said the figure.
 */
test('a driver filter past 1.000 documents says «más de 1.000»', async ({ page, jsEnabled }) => {
  // A console login waits for its app's next 30-second code (admin-session.ts), then 1.008 records are seeded.
  test.setTimeout(120_000)
  const word = `tope${randomBytes(4).toString('hex')}`
  const db = e2eDatabase()
  try {
    const now = new Date().toISOString()
    const user = db.prepare(
      'INSERT INTO users (role, email, password_hash, firstname, lastname, email_verified, accepted_terms_at, ' +
        "created_at, updated_at) VALUES ('User', ?, 'x', 'Ana', ?, 1, ?, ?, ?) RETURNING id",
    )
    const file = db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, ' +
        "original_name, created_at) VALUES (?, ?, 'PENDING', ?, 'image/png', 3, 'doc.png', ?)",
    )
    db.transaction(() => {
      for (let i = 0; i < 48; i++) {
        const { id } = user.get(`${word}.${i}@example.cl`, `Tapia ${word}`, now, now, now) as { id: number }
        for (const slot of DOCUMENT_SLOT_KEYS.slice(0, 21)) file.run(id, slot, key(), now)
      }
    })()
  } finally {
    db.close()
  }

  await newAdmin(page)
  await page.goto('/admin/documentos')
  await page.getByLabel('Conductor', { exact: true }).fill(word)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/driver=/)
  const counts = page.getByRole('list', { name: 'Plazo de revisión' })
  const onTime = counts.getByRole('link', { name: /A tiempo/ })
  await expect(onTime.locator('[aria-hidden="true"]')).toHaveText('+1.000')
  await expect(onTime).toHaveAccessibleName('más de 1.000 A tiempo')
  const { Atrasados, 'Vencen hoy': today } = await readCounts(counts)
  expect([Atrasados, today]).toEqual(['0', '0'])
  await expect(page.getByTestId('pendientes-total')).toHaveText('Más de 1.000 documentos pendientes')
  await expect(page.getByText('Se muestran los 50 más antiguos de más de 1.000.')).toBeVisible()
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Revisar / }) })
  await expect(rows).toHaveCount(50)
  await expectAccessible(page)
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
    await shot(page, `cola-mas-de-mil-${width}-${jsEnabled ? 'js' : 'sin-js'}.png`)
  }
})
