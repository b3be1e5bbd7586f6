import { newAdmin } from './admin-session'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

/**
 * «Tareas programadas» (decision 81), with JavaScript and without: an administrador sees every
 * periodic job in words, asks one to run now and reads its last run; the page reads at 375 px;
 * a revisor has no link to it and gets 403.
 */
type Row = { last_started_at: string | null; last_outcome: string | null; last_error: string | null }

/** The job's record as the scheduler left it; `started`: its last run began at `since` or later. */
function lastRun(job: string, since: string) {
  const db = e2eDatabase()
  try {
    const query = db.prepare('SELECT last_started_at, last_outcome, last_error FROM scheduled_jobs WHERE name = ?')
    const row = query.get(job) as Row | undefined
    return { ...row, started: Boolean(row?.last_started_at && row.last_started_at >= since) }
  } finally {
    db.close()
  }
}

test.describe('console: scheduled jobs', () => {
  test('an administrador sees the jobs, runs one now and reads its last run', async ({ page, jsEnabled }) => {
    test.setTimeout(150_000)
    await newAdmin(page)
    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await nav.getByRole('link', { name: 'Tareas' }).click()
    await expect(page).toHaveURL(/\/admin\/tareas$/)
    await expect(page.getByRole('heading', { name: 'Tareas programadas', level: 1 })).toBeVisible()
    const table = page.getByTestId('tareas')
    for (const [title, schedule] of [
      ['Recordatorios de vencimiento', 'cada hora'],
      ['Exportaciones de «Mis datos»', 'cada minuto'],
      ['Cierre de cuentas', 'cada hora'],
      ['Plazos de conservación', 'cada hora'],
    ]) {
      const row = table.getByRole('row').filter({ hasText: title })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(schedule)
    }
    await expectAccessible(page)

    // Each project asks for a different job: the two run against one server at the same time.
    const name = jsEnabled ? 'reminders' : 'retention'
    const title = jsEnabled ? 'Recordatorios de vencimiento' : 'Plazos de conservación'
    const asked = new Date().toISOString()
    await page
      .getByTestId(`tarea-${name}`)
      .getByRole('button', { name: new RegExp(`^Ejecutar ahora\\s*: ${title}$`) })
      .click()
    await expect(page.getByText('Listo: la tarea se ejecutará en los próximos segundos.')).toBeVisible()
    // The scheduler checks each job every 15 s: within that, a process claims it and records the run.
    const ranWell = { last_outcome: 'ok', started: true, last_error: null }
    await expect.poll(() => lastRun(name, asked), { timeout: 40_000, intervals: [1_000] }).toMatchObject(ranWell)
    await page.goto('/admin/tareas')
    const cells = page.getByTestId(`tarea-${name}`).getByRole('cell')
    await expect(cells.nth(4)).toHaveText('Correcta')
    await expect(cells.nth(2)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)
    await expect(cells.nth(3)).toHaveText(/^\d[\d.,]* (ms|s)$/)
    await expect(cells.nth(6)).toHaveText('0')

    // A phone: the rows stack, nothing scrolls sideways, every cell says its heading.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/admin/tareas')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const button = page.getByTestId(`tarea-${name}`).getByRole('button', { name: /Ejecutar ahora/ })
    const box = await button.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    await expectAccessible(page)
  })

  test('a revisor has no link to the jobs and is refused the page (403)', async ({ page }) => {
    test.setTimeout(150_000)
    await newAdmin(page, { role: 'revisor' })
    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await expect(nav.getByRole('link', { name: 'Documentos' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Tareas' })).toHaveCount(0)
    const res = await page.goto('/admin/tareas')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Sin permiso', level: 1 })).toBeVisible()
    await expect(page.getByText('Tu rol en el equipo no permite esta acción.')).toBeVisible()
    await expect(page.getByTestId('tareas')).toHaveCount(0)
    await expectAccessible(page)
  })
})
