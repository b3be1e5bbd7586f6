import path from 'node:path'
import { REQUIRED_SLOTS } from '../services/shared/validated-drivers'
import { e2eDatabase, newDriver } from './driver-session'
import { expect, expectAccessible, mailFilesTo, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, mailText, screenshots, uiLogin } from './marketplace-support'

/**
 * Invitations to apply (decision 106): the driver turns «Quiero que las empresas me inviten» on in
 * «Mi perfil»; the company sees how many validated drivers fit its posting and invites them; the
 * driver who opted in gets the invitation (the mail file), the one who did not gets nothing.
 */
const SHOTS = '/work/shots/match'
const MOTO = 3
/**
 * Each run of this test (two widths, JS on and off) matches in its own region: the runs go in
 * parallel, and a driver one run validates and opts in would count in another run's posting.
 */
const PLACES = {
  '1280-js': { zone: 2, region: 13000, home: 13123, posting: 13114, name: 'Las Condes' },
  '375-js': { zone: 2, region: 5000, home: 5101, posting: 5109, name: 'Viña del Mar' },
  '1280-nojs': { zone: 2, region: 8000, home: 8101, posting: 8110, name: 'Talcahuano' },
  '375-nojs': { zone: 1, region: 2000, home: 2101, posting: 2201, name: 'Calama' },
} as const

/** A driver with Moto in `commune` and the 22 required documents approved and in force (the console's part). */
function validated(email: string, commune: number) {
  const db = e2eDatabase()
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }
    db.prepare('UPDATE users SET id_vehicle = ?, id_commune = ? WHERE id = ?').run(MOTO, commune, user.id)
    const now = new Date().toISOString()
    const file = db.prepare(
      'INSERT INTO user_files (user_id, purpose_name, file_status, storage_key, mime_type, size_bytes, ' +
        "original_name, rejection_reason, created_at, reviewed_at, expires_on) VALUES (?, ?, 'ACCEPTED', ?, " +
        "'image/png', 10, 'x.png', NULL, ?, ?, NULL)",
    )
    for (const slot of REQUIRED_SLOTS)
      file.run(user.id, slot, `documents/${unique('doc')}abcdefghijklmnop.png`, now, now)
  } finally {
    db.close()
  }
}

/** Every mail file written to `to` so far, as text. */
function mailsTo(to: string): string[] {
  return mailFilesTo(to).map(mailText)
}

for (const width of [1280, 375]) {
  test.describe(`invitations to apply at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a driver opts in, a company invites, only the driver who opted in is invited', async ({
      page,
      browser,
      baseURL,
      jsEnabled,
    }) => {
      test.setTimeout(240_000)
      const tag = jsEnabled ? 'js' : 'nojs'
      const place = PLACES[`${width}-${tag}` as keyof typeof PLACES]
      // A retry's drivers from the attempt before stay out of this posting's count.
      const db = e2eDatabase()
      db.prepare('UPDATE users SET invitations_opt_in_at = NULL WHERE id_commune IN (?, ?)').run(
        place.home,
        place.posting,
      )
      db.close()
      // screenshots() shoots both widths itself: once per project is enough.
      const shoot = (name: string, on: typeof page) =>
        width === 1280 ? screenshots(on, `${name}-${tag}`, (n) => path.join(SHOTS, n)) : Promise.resolve()

      // The driver who opts in, in «Mi perfil».
      const camila = await newDriver(page)
      validated(camila.email, place.home)
      await page.goto('/user/dashboard/settings')
      const section = page.getByRole('region', { name: 'Invitaciones de empresas' })
      const box = section.getByRole('checkbox', { name: 'Quiero que las empresas me inviten' })
      await expect(box).not.toBeChecked()
      const label = section.locator('label[for="invitaciones-empresas"]')
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      await box.check()
      await section.getByRole('button', { name: 'Guardar invitaciones' }).click()
      await expect(page.getByText('Listo: las empresas con publicaciones que calzan contigo')).toBeVisible()
      await page.reload()
      await expect(box).toBeChecked()
      await expectAccessible(page)
      await section.scrollIntoViewIfNeeded()
      await shoot('perfil-invitaciones', page)

      // A validated driver in the same commune who never turned it on.
      const pedro = await apiDriver(page.request)
      validated(pedro.email, place.posting)

      // The company publishes a Moto posting in the region's other commune and opens its applicants.
      const company = await apiCompany(page.request)
      const title = `Reparto en moto ${unique('inv')}`
      const id = await apiPosting(page.request, company.token, {
        title,
        id_vehicle: MOTO,
        id_capacity: undefined,
        id_zone: place.zone,
        id_region: place.region,
        id_commune: place.posting,
      })
      const companyContext = await browser.newContext({
        baseURL,
        javaScriptEnabled: jsEnabled,
        viewport: { width, height: 900 },
      })
      const companyPage = await companyContext.newPage()
      await uiLogin(companyPage, company.email, company.password, /\/business\/dashboard$/)
      await companyPage.goto(`/business/dashboard/publicaciones/${id}`)
      const card = companyPage.getByRole('region', { name: 'Conductores para esta publicación' })
      await expect(card.getByTestId('conductores-que-calzan')).toHaveText(
        `1 conductor validado con Moto en ${place.name} y comunas vecinas`,
      )
      await expect(card.getByTestId('invitados')).toHaveCount(0)
      await expectAccessible(companyPage)
      await shoot('postulantes-invitar', companyPage)

      await card.getByRole('button', { name: 'Invitar a postular' }).click()
      await expect(companyPage.getByText('Invitaste a 1 conductor a postular.')).toBeVisible()
      await expect(card.getByTestId('invitados')).toHaveText('Invitaste a 1 conductor.')
      await expect(card.getByRole('button', { name: 'Invitar a postular' })).toHaveCount(0)
      // Counts only: nobody's name is on the page until they apply.
      await expect(companyPage.getByText(camila.firstname + ' ' + camila.lastname)).toHaveCount(0)
      await expectAccessible(companyPage)
      await shoot('postulantes-invitados', companyPage)

      // Camila gets the invitation with the posting's link; Pedro gets none.
      const invitation = () => mailsTo(camila.email).filter((t) => t.includes('te invita a postular'))
      await expect.poll(() => invitation().length, { timeout: 20_000 }).toBe(1)
      expect(invitation()[0]).toContain(`/user/dashboard/job-postings/${id}`)
      expect(invitation()[0]).toContain(title)
      expect(mailsTo(pedro.email).filter((t) => t.includes('te invita a postular'))).toEqual([])
      await companyContext.close()
    })
  })
}
