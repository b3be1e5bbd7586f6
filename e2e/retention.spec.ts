import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { newAdmin } from './admin-session'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiPowerLink, usePowerLink } from './power-support'

const DAY = 24 * 60 * 60 * 1000
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString()
const key = () => `documents/${randomBytes(18).toString('base64url')}.png`

/**
 * Decision 79: the retention job removes the file of a document rejected or
 * replaced long enough ago; the record stays, and the driver and the console read «Archivo
 * eliminado por antigüedad» where the file was, never a broken link. The records are dated in the
 * past (only this driver's), and the job runs as the team runs it: `npm run retention`.
 */
test('a removed file: the driver and the console say «Archivo eliminado por antigüedad»', async ({ page }) => {
  test.setTimeout(150_000)
  const driver = await newDriver(page)
  const db = e2eDatabase()
  let rejectedId: number
  let replacedId: number
  try {
    const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(driver.email) as { id: number }).id
    const insert = db.prepare(
      `INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, ` +
        `mime_type, size_bytes, original_name, created_at)
      VALUES (?, ?, 'PENDING', ` +
        `?, 'image/png', 3, 'doc.png', ?) RETURNING id`,
    )
    // A proof of address rejected 200 days ago (the latest record of its slot: the driver sees it).
    rejectedId = (insert.get(userId, 'comprobante_domicilio', key(), ago(210)) as { id: number }).id
    db.prepare(
      `UPDATE user_files SET file_status = 'REJECTED', rejection_reason = 'El documento ` +
        `está ilegible.', reviewed_at = ? WHERE id = ?`,
    ).run(ago(200), rejectedId)
    // A certificate replaced 40 days ago (30 is its period).
    replacedId = (insert.get(userId, 'certificado_antecedentes', key(), ago(100)) as { id: number }).id
    insert.get(userId, 'certificado_antecedentes', key(), ago(40))
  } finally {
    db.close()
  }
  // A simple power approved 40 days ago (its owner's ID images are kept 30).
  const { token } = await apiPowerLink(page.request)
  const power = await usePowerLink(page.request, token)
  const approve = e2eDatabase()
  try {
    approve
      .prepare(`UPDATE user_files SET file_status = 'ACCEPTED', reviewed_at = ? WHERE id = ?`)
      .run(ago(40), power.document.id_file)
  } finally {
    approve.close()
  }

  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
    },
    encoding: 'utf8',
  })
  expect(out).toMatch(/certificate-retired: \d+ borrados/)
  const check = e2eDatabase()
  try {
    const purged = check
      .prepare('SELECT id, file_purged_at FROM user_files WHERE id IN (?, ?) ORDER BY id')
      .all(rejectedId, replacedId) as Array<{ file_purged_at: string | null }>
    expect(purged.every((r) => r.file_purged_at !== null)).toBe(true)
  } finally {
    check.close()
  }

  await page.goto('/user/dashboard/home')
  const card = page.getByRole('listitem', { name: 'Comprobante de domicilio' })
  await expect(card.getByText('Archivo eliminado por antigüedad')).toBeVisible()
  await expect(card.getByRole('link', { name: 'Ver archivo: Comprobante de domicilio' })).toHaveCount(0)
  await expect(card.getByRole('link', { name: 'Cargar nuevamente: Comprobante de domicilio' })).not.toHaveAttribute(
    'href',
    /url_file=/,
  )
  await expectAccessible(page)
  // Its address answers the sentence, not a broken file.
  const res = await page.request.get(`/user/dashboard/archivos/${rejectedId}`)
  expect(res.status()).toBe(404)

  // The console, in the same browser: the driver's session goes first.
  await page.context().clearCookies()
  await newAdmin(page)
  await page.goto(`/admin/documentos/${replacedId}`)
  await expect(page.getByTestId('archivo-eliminado')).toHaveText(
    /^Archivo eliminado por antigüedad el \d{2}-\d{2}-\d{4}\.$/,
  )
  await expect(page.getByRole('link', { name: 'Abrir en una pestaña nueva' })).toHaveCount(0)
  const history = page.getByRole('region', { name: 'Historial de este documento' })
  await expect(history.getByText('Archivo eliminado por antigüedad')).toHaveCount(1)
  await expectAccessible(page)

  // The approved power: its data stays, the owner's ID images are gone and the console says when.
  await page.goto(`/admin/documentos/${power.document.id_file}`)
  const section = page.getByRole('region', { name: 'Poder simple' })
  await expect(section.getByTestId('cedula-eliminada')).toHaveText(
    /^Imágenes eliminadas por antigüedad el \d{2}-\d{2}-\d{4}\.$/,
  )
  await expect(section.getByRole('img')).toHaveCount(0)
  expect((await page.request.get(`/admin/poderes/${power.id_power}/cedula/anverso`)).status()).toBe(404)
  await expectAccessible(page)
})
