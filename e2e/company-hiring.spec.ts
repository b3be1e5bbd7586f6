import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiApplicant, apiCompany, apiPosting, screenshots, uiLogin } from './marketplace-support'

/** The company's hiring screen. */
const SHOTS = '/tmp/shots-hiring'

/** Three documents approved and in force, one approved but expired (missing, as the driver sees it), and two jobs. */
function driverRecords(email: string) {
  const db = e2eDatabase()
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }
    const now = new Date().toISOString()
    const file = db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, ' +
        'mime_type, size_bytes, original_name, rejection_reason, created_at, reviewed_at, ' +
        'expires_on) VALUES (?, ?, ?, ?, ?, 10, ?, NULL, ?, ?, ?)',
    )
    for (const [slot, expires] of [
      ['cedula_identidad_frontal', null],
      ['cedula_identidad_posterior', null],
      ['hoja_vida_conductor', null],
      ['licencia_conducir_frontal', '2020-01-01'],
    ] as const)
      file.run(
        user.id,
        slot,
        'ACCEPTED',
        `documents/${unique('doc')}abcdefghijklmnopqrstuv.png`,
        'image/png',
        'x.png',
        now,
        now,
        expires,
      )
    // One still under review: it counts in the driver's upload progress, not as approved.
    db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, ' +
        'mime_type, size_bytes, original_name, rejection_reason, created_at, reviewed_at, ' +
        "expires_on) VALUES (?, 'certificado_antecedentes', 'PENDING', ?, 'image/png', " +
        "10, 'x.png', NULL, ?, NULL, NULL)",
    ).run(user.id, `documents/${unique('doc')}abcdefghijklmnopqrstuv.png`, now)
    const job = db.prepare(
      'INSERT INTO work_experience (user_id, job_title, company_name, type_employment, ' +
        'location, start_date, end_date, job_description, created_at, updated_at) VALUES ' +
        '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    job.run(
      user.id,
      'Repartidora',
      'Rápido Express',
      'Jornada completa',
      'Santiago',
      '2019-03-01',
      '2022-12-31',
      'Reparto de paquetería.',
      now,
      now,
    )
    job.run(
      user.id,
      'Conductora',
      'Mercado Sur',
      'Jornada completa',
      'Ñuñoa',
      '2023-05-01',
      '2024-12-31',
      'Rutas de supermercado.',
      now,
      now,
    )
  } finally {
    db.close()
  }
}

/** Every visible control in `scope` is a 44 × 44 px target. */
async function expectTargets(page: Page, names: Array<{ role: 'link' | 'button'; name: string | RegExp }>) {
  for (const { role, name } of names) {
    const box = await page.getByRole(role, { name }).first().boundingBox()
    expect(box, `${String(name)}`).not.toBeNull()
    expect(box!.height, `${String(name)} height`).toBeGreaterThanOrEqual(44)
    expect(box!.width, `${String(name)} width`).toBeGreaterThanOrEqual(44)
  }
}

for (const width of [375, 1280]) {
  test(
    `at ${width} px: new applicants on the panel, the applicant cards and their ` +
      `status filter, closing and deleting`,
    async ({ page, request, jsEnabled }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width, height: 900 })
      const tag = `${jsEnabled ? 'js' : 'nojs'}-${width}`
      const word = unique('contrata')
      const company = await apiCompany(request)
      const hiring = `Ruta de farmacia ${word}`
      const spare = `Ruta sin postulantes ${word}`
      const doomed = `Ruta a eliminar ${word}`
      const hiringId = await apiPosting(request, company.token, { title: hiring })
      await apiPosting(request, company.token, { title: spare })
      await apiPosting(request, company.token, { title: doomed })
      const rosa = await apiApplicant(request, hiringId, `Rosales${word.slice(-4)}`)
      const tomas = await apiApplicant(request, hiringId, `Tapia${word.slice(-4)}`)
      driverRecords(rosa.email)
      // Rosa states her vehicle type and commune in «Mi perfil»; Tomás does not.
      const stated = await request.post('/api/users/update-data-user', {
        data: { data: { firstname: rosa.firstname, lastname: rosa.lastname, id_vehicle: 3, id_commune: 13123 } },
        headers: { 'auth-user': rosa.token },
      })
      expect(stated.status()).toBe(200)

      // The panel: «Ver postulantes» is each posting's one primary action; the row says how many are unseen.
      await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
      const rows = page.getByRole('table', { name: 'Publicaciones' }).locator('tbody tr')
      const row = (title: string) => rows.filter({ hasText: title })
      await expect(row(hiring)).toContainText('2 postulantes')
      await expect(row(hiring).getByTestId('postulantes-nuevos')).toHaveText('2 sin ver')
      await expect(row(spare)).toContainText('0 postulantes')
      await expect(row(spare).getByTestId('postulantes-nuevos')).toHaveCount(0)
      // Closing, editing and deleting are behind «Más».
      await expect(row(hiring).getByRole('button', { name: `Cerrar publicación: ${hiring}` })).toBeHidden()
      await expect(row(doomed).getByRole('link', { name: `Eliminar: ${doomed}` })).toBeHidden()
      await expectTargets(page, [{ role: 'link', name: `Ver postulantes: ${hiring}` }])
      const more = row(hiring).getByText('Más', { exact: true })
      const moreBox = await more.boundingBox()
      expect(moreBox!.height).toBeGreaterThanOrEqual(44)
      await expectAccessible(page)
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({ path: `${SHOTS}/panel-${tag}.png`, fullPage: true })

      // The applicants: both new on this first view, each card with its facts.
      await row(hiring)
        .getByRole('link', { name: `Ver postulantes: ${hiring}` })
        .click()
      await expect(page.getByRole('heading', { name: 'Postulantes', level: 1 })).toBeVisible()
      const cards = page.getByRole('list', { name: 'Postulantes' }).getByRole('listitem')
      await expect(cards).toHaveCount(2)
      await expect(cards.getByTestId('postulante-nuevo')).toHaveCount(2)
      await page.screenshot({ path: `${SHOTS}/applicants-first-view-${tag}.png`, fullPage: true })
      const rosaCard = cards.filter({ hasText: rosa.name })
      await expect(rosaCard.getByRole('definition')).toHaveText([
        'Moto',
        'Providencia',
        `+56 9 ${rosa.phone.slice(1, 5)} ${rosa.phone.slice(5)}`,
        rosa.email,
        '3/22 documentos aprobados',
        '2 trabajos desde 2019 · Último: Conductora en Mercado Sur',
      ])
      await expect(
        rosaCard.getByRole('link', { name: `+56 9 ${rosa.phone.slice(1, 5)} ${rosa.phone.slice(5)}` }),
      ).toHaveAttribute('href', `tel:+56${rosa.phone}`)
      const tomasCard = cards.filter({ hasText: tomas.name })
      await expect(tomasCard.getByTestId('documentos-postulante')).toHaveText('0/22 documentos aprobados')
      await expect(tomasCard).toContainText('Sin experiencia registrada')
      await expect(tomasCard.getByRole('definition').first()).toHaveText('Sin informar')

      // The status filter: links with a count per status.
      const filter = page.getByRole('navigation', { name: 'Filtrar por estado' })
      await expect(filter.getByRole('link', { name: 'Todos (2)' })).toHaveAttribute('aria-current', 'page')
      await expect(filter.getByRole('link', { name: 'Nueva (2)' })).toBeVisible()
      await tomasCard.getByRole('button', { name: `Mover a Contactada: ${tomas.name}` }).click()
      await expect(page.getByText('Estado de la postulación actualizado.')).toBeVisible()
      await filter.getByRole('link', { name: 'Contactada (1)' }).click()
      await expect(page).toHaveURL(/\?estado=contactado$/)
      await expect(filter.getByRole('link', { name: 'Contactada (1)' })).toHaveAttribute('aria-current', 'page')
      await expect(cards).toHaveCount(1)
      await expect(cards).toContainText(tomas.name)
      await expect(filter.getByRole('link', { name: 'Nueva (1)' })).toBeVisible()
      await filter.getByRole('link', { name: 'Descartada (0)' }).click()
      await expect(page.getByText('No hay postulaciones en «Descartada».')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Ver la lista completa (2)' })).toBeVisible()
      await filter.getByRole('link', { name: 'Todos (2)' }).click()
      // Seen once, they are no longer new.
      await expect(cards).toHaveCount(2)
      await expect(cards.getByTestId('postulante-nuevo')).toHaveCount(0)
      await expectAccessible(page)
      await screenshots(page, `applicants-${jsEnabled ? 'js' : 'nojs'}`, (n) => `${SHOTS}/${n}`)

      // Back on the panel the unseen ones are gone.
      await page.getByRole('link', { name: '← Volver a mis publicaciones' }).click()
      await expect(row(hiring)).toContainText('2 postulantes')
      await expect(row(hiring).getByTestId('postulantes-nuevos')).toHaveCount(0)

      // Closing is in the row's menu; the posting stays, closed, with its applicants.
      await row(hiring).getByText('Más', { exact: true }).click()
      await row(hiring)
        .getByRole('button', { name: `Cerrar publicación: ${hiring}` })
        .click()
      await expect(
        page.getByText('Publicación cerrada: ya no recibe postulaciones. Puedes reabrirla desde «Editar».'),
      ).toBeVisible()
      await expect(row(hiring)).toContainText('Cerrada')
      await expect(row(hiring).getByRole('button', { name: `Cerrar publicación: ${hiring}` })).toHaveCount(0)
      await expect(row(hiring)).toContainText('2 postulantes')

      // Deleting: open the menu (by keyboard with JS, by tap without), then confirm.
      const menu = row(doomed).getByText('Más', { exact: true })
      if (jsEnabled) {
        await menu.focus()
        await page.keyboard.press('Enter')
        await expect(row(doomed).getByRole('link', { name: `Eliminar: ${doomed}` })).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(row(doomed).getByRole('link', { name: `Eliminar: ${doomed}` })).toBeHidden()
        await expect(menu).toBeFocused()
        await page.keyboard.press('Enter')
        await page.keyboard.press('Tab')
        await expect(row(doomed).getByRole('link', { name: `Editar: ${doomed}` })).toBeFocused()
        // «Duplicar» (decision 104) sits between «Editar» and «Cerrar publicación».
        await page.keyboard.press('Tab')
        await expect(row(doomed).getByRole('button', { name: `Duplicar: ${doomed}` })).toBeFocused()
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        await expect(row(doomed).getByRole('link', { name: `Eliminar: ${doomed}` })).toBeFocused()
      } else {
        await menu.click()
      }
      const remove = row(doomed).getByRole('link', { name: `Eliminar: ${doomed}` })
      await expect(remove).toBeVisible()
      await expectTargets(page, [{ role: 'link', name: `Eliminar: ${doomed}` }])
      await expectAccessible(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: `${SHOTS}/panel-menu-${tag}.png`, fullPage: true })
      if (jsEnabled) await page.keyboard.press('Enter')
      else await remove.click()
      const confirm = page.getByRole('dialog', { name: 'Eliminar trabajo' })
      await expect(confirm).toContainText(doomed)
      // «Cancelar» keeps it.
      await confirm.getByRole('link', { name: 'Cancelar' }).click()
      await expect(confirm).toHaveCount(0)
      await expect(row(doomed)).toHaveCount(1)
      await row(doomed).getByText('Más', { exact: true }).click()
      await row(doomed)
        .getByRole('link', { name: `Eliminar: ${doomed}` })
        .click()
      await confirm.getByRole('button', { name: 'Eliminar' }).click()
      await expect(page.getByText('Trabajo eliminado correctamente.')).toBeVisible()
      await expect(row(doomed)).toHaveCount(0)
      await expect(rows).toHaveCount(2)
    },
  )
}

test('the company sees the same n/22 as the driver on their home', async ({ page, request }) => {
  test.setTimeout(120_000)
  const company = await apiCompany(request)
  const postingId = await apiPosting(request, company.token, { title: `Ruta de conteo ${unique('n22')}` })
  const driver = await apiApplicant(request, postingId, 'Conteo')
  driverRecords(driver.email)
  const res = await request.get(`/api/business/job-postings/${postingId}/applicants`, {
    headers: { 'auth-business': company.token },
  })
  expect((await res.json()).applicants[0]).toMatchObject({ documents_accepted: 3, documents_total: 22 })
  await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)
  // Approved, the company's number: 3, the headline; one under review beside it in words.
  await expect(page.getByTestId('documentos-aprobados')).toHaveText('3/22 aprobados')
  await expect(page.getByTestId('resumen-documentos')).toContainText('1 en revisión')
  // Neither a driver nor an anonymous caller reads a company's applicants or marks them seen.
  expect(
    (
      await request.get(`/api/business/job-postings/${postingId}/applicants`, {
        headers: { 'auth-user': driver.token },
      })
    ).status(),
  ).toBe(403)
  expect((await request.get(`/api/business/job-postings/${postingId}/applicants`)).status()).toBe(401)
  expect(
    (
      await request.put(`/api/business/close-job-posting/${postingId}`, { headers: { 'auth-user': driver.token } })
    ).status(),
  ).toBe(403)
  const rival = await apiCompany(request)
  expect(
    (
      await request.put(`/api/business/job-postings/${postingId}/applicants-seen`, {
        data: { applications: [1] },
        headers: { 'auth-business': rival.token },
      })
    ).status(),
  ).toBe(404)
})
