import { newAdmin } from './admin-session'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'

/**
 * «Operación» (/admin/operacion, docs/operations.md): an administrador sees the health of what the
 * product needs and a failed message, presses «Reintentar» and the message goes out again; a
 * revisor neither sees the link nor opens the page (403). JS on and off.
 */

/** A mail the delivery worker gave up on, as it leaves the row after its last attempt. */
function failedMail(to: string): number {
  const db = e2eDatabase()
  try {
    const at = new Date().toISOString()
    const row = db
      .prepare(
        `insert into outbox (channel, recipient, subject, body_text, body_html, reply_to, status, attempts,
                             next_attempt_at, last_error, created_at, sent_at)
         values ('email', ?, 'Aviso de prueba', 'Este mensaje vuelve a la cola.', null, null, 'failed', 8,
                 ?, 'connect ECONNREFUSED 10.0.0.9:587', ?, null)
         returning id`,
      )
      .get(to, at, at) as { id: number }
    return row.id
  } finally {
    db.close()
  }
}

function statusOf(id: number): string {
  const db = e2eDatabase()
  try {
    return (db.prepare('select status from outbox where id = ?').get(id) as { status: string }).status
  } finally {
    db.close()
  }
}

test.describe('console: «Operación»', () => {
  test('an administrador sees the health and a failed message, and «Reintentar» sends it again', async ({ page }) => {
    test.setTimeout(150_000)
    await newAdmin(page)
    const to = `${unique('perdido')}@example.cl`
    const id = failedMail(to)

    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await nav.getByRole('link', { name: 'Operación' }).click()
    await expect(page).toHaveURL(/\/admin\/operacion$/)
    await expect(page.getByRole('heading', { name: 'Operación', level: 1 })).toBeVisible()
    const health = page.getByTestId('estado')
    await expect(health.getByRole('listitem').filter({ hasText: 'Base de datos' })).toContainText('Funciona')
    const storage = health.getByRole('listitem').filter({ hasText: 'Almacenamiento de archivos' })
    await expect(storage).toContainText('Funciona')
    await expect(health.getByRole('listitem').filter({ hasText: 'Correo' })).toBeVisible()
    // The jobs at a glance, with the way to the whole table, and the backups (none on a test server).
    await expect(page.getByRole('heading', { name: 'Tareas programadas' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Ver todas las tareas' })).toHaveAttribute('href', '/admin/tareas')
    await expect(page.getByTestId('respaldo')).toContainText('no hace copias diarias')

    const row = page.locator(`#mensaje-${id}`)
    await expect(row).toContainText('pe•••@example.cl')
    await expect(row).toContainText('Aviso de prueba')
    await expect(row).toContainText('connect ECONNREFUSED 10.0.0.9:587')
    await expect(row).not.toContainText(to)
    await expectAccessible(page)
    // On a phone: the page keeps its width (the table scrolls in its own box), the button is a finger's size.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const retry = row.getByRole('button', { name: /^Reintentar/ })
    await retry.scrollIntoViewIfNeeded()
    const box = (await retry.boundingBox())!
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)

    await retry.click()
    await expect(page.getByText('El mensaje volvió a la cola de envío.')).toBeVisible()
    await expect(page.locator(`#mensaje-${id}`)).toHaveCount(0)
    // Back in the queue, the worker delivers it (to DATA_DIR/mail in these runs).
    expect(['pending', 'sent']).toContain(statusOf(id))
    expect(await readMail(to)).toContain('Aviso de prueba')
    await expect.poll(() => statusOf(id)).toBe('sent')
  })

  test('a revisor has no «Operación» link and is refused the page (403)', async ({ page }) => {
    test.setTimeout(150_000)
    await newAdmin(page, { role: 'revisor' })
    const nav = page.getByRole('navigation', { name: 'Consola de operaciones' })
    await expect(nav.getByRole('link', { name: 'Documentos' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Operación' })).toHaveCount(0)
    const res = await page.goto('/admin/operacion')
    expect(res?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Sin permiso', level: 1 })).toBeVisible()
    await expect(page.getByText('Tu rol en el equipo no permite esta acción.')).toBeVisible()
    await expectAccessible(page)
  })
})
