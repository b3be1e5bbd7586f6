import fs from 'node:fs'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiApplicant, apiCompany, apiPosting, screenshots, uiLogin } from './marketplace-support'

/** A posting's applicants in pages of 25 (decision 113). */
const SHOTS = '/tmp/shots/applicant-pages'
const MORE = 29

/**
 * `count` more applicants to the posting, copies of `email`'s account with a name, email and phone
 * of their own, applied a minute apart before now; the earliest with three documents approved.
 * Written to the database: 29 sign-ups through the API would meet the sign-up rate limit.
 */
function moreApplicants(postingId: number, email: string, word: string) {
  const db = e2eDatabase()
  try {
    const columns = (db.prepare('PRAGMA table_info(users)').all() as Array<{ name: string }>)
      .map((c) => c.name)
      .filter((c) => c !== 'id')
    // Columns that must differ per account: a fresh value for email and phone, none for the rest.
    const uniques = new Set<string>()
    for (const index of db.prepare('PRAGMA index_list(users)').all() as Array<{ name: string; unique: number }>)
      if (index.unique)
        for (const c of db.prepare(`PRAGMA index_info("${index.name}")`).all() as Array<{ name: string }>)
          uniques.add(c.name)
    const value = (c: string) =>
      c === 'email' || c === 'phone' || c === 'lastname' ? `@${c}` : uniques.has(c) ? 'NULL' : c
    const copy = db.prepare(
      `INSERT INTO users (${columns.join(', ')}) ` +
        `SELECT ${columns.map(value).join(', ')} FROM users WHERE email = @source`,
    )
    const apply = db.prepare(
      "INSERT INTO applications (posting_id, user_id, status, created_at, updated_at) VALUES (?, ?, 'nueva', ?, ?)",
    )
    const file = db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, ' +
        "original_name, rejection_reason, created_at, reviewed_at, expires_on) VALUES (?, ?, 'ACCEPTED', ?, " +
        "'image/png', 10, 'x.png', NULL, ?, ?, NULL)",
    )
    const now = Date.now()
    for (let i = 1; i <= MORE; i++) {
      const id = Number(
        copy.run({
          source: email,
          email: `${word}.${i}@correo.cl`,
          phone: `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          lastname: `Página${String(i).padStart(2, '0')}`,
        }).lastInsertRowid,
      )
      const at = new Date(now - i * 60_000).toISOString()
      apply.run(postingId, id, at, at)
      if (i === MORE)
        for (const slot of ['cedula_identidad_frontal', 'cedula_identidad_posterior', 'hoja_vida_conductor'])
          file.run(id, slot, `documents/${unique('doc')}abcdefghijklmnopqrstuv.png`, at, at)
    }
  } finally {
    db.close()
  }
}

for (const width of [375, 1280]) {
  test(`at ${width} px: 30 applicants in two pages, the page kept by the sort and reset by a stage`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: 900 })
    const word = unique('paginas')
    const company = await apiCompany(request)
    const title = `Ruta de bodega ${word}`
    const postingId = await apiPosting(request, company.token, { title })
    const first = await apiApplicant(request, postingId, `Primera${word.slice(-4)}`)
    moreApplicants(postingId, first.email, word)
    const earliest = `${first.firstname} Página${MORE}`

    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    await page.goto(`/business/dashboard/publicaciones/${postingId}`)
    const cards = page.getByRole('list', { name: 'Postulantes' }).getByRole('listitem')
    const pages = page.getByRole('navigation', { name: 'Páginas de postulantes' })
    // Page 1: the 25 newest, the one who applied through the product first.
    await expect(cards).toHaveCount(25)
    await expect(cards.first()).toContainText(first.name)
    await expect(pages.getByTestId('rango')).toHaveText('1-25 de 30')
    await expect(pages.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('link', { name: 'Todos (30)' })).toHaveAttribute('aria-current', 'page')
    for (const link of [
      pages.getByRole('link', { name: 'Siguiente' }),
      pages.getByRole('link', { name: 'Página 2' }),
    ]) {
      const box = await link.boundingBox()
      expect(box!.height).toBeGreaterThanOrEqual(44)
      expect(box!.width).toBeGreaterThanOrEqual(44)
    }
    await expectAccessible(page)

    // Page 2: the 5 earliest.
    await pages.getByRole('link', { name: 'Siguiente' }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(cards).toHaveCount(5)
    await expect(cards.last()).toContainText(earliest)
    await expect(pages.getByTestId('rango')).toHaveText('26-30 de 30')
    await expect(pages.getByRole('link', { name: 'Anterior' })).toBeVisible()
    await expect(pages.getByRole('link', { name: 'Siguiente' })).toHaveCount(0)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    fs.mkdirSync(SHOTS, { recursive: true })
    await screenshots(page, `page-2-${jsEnabled ? 'js' : 'nojs'}`, (n) => `${SHOTS}/${n}`)

    // Another order starts over at page 1: the one with documents approved comes first.
    await page.getByRole('link', { name: /Más documentos/ }).click()
    await expect(page).toHaveURL(/orden=documentos/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(cards).toHaveCount(25)
    await expect(cards.first()).toContainText(earliest)
    await expect(cards.first().getByTestId('documentos-postulante')).toHaveText('3/22 documentos aprobados')
    await expect(pages.getByTestId('rango')).toHaveText('1-25 de 30')

    // A stage tab starts over too: all 30 are «Nueva».
    await pages.getByRole('link', { name: 'Página 2' }).click()
    await expect(cards).toHaveCount(5)
    await page.getByRole('link', { name: 'Nueva (30)' }).click()
    await expect(page).not.toHaveURL(/page=/)
    await expect(cards).toHaveCount(25)
    await expect(pages.getByTestId('rango')).toHaveText('1-25 de 30')
  })
}
