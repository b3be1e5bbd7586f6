import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { e2eDatabase, pngFile } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

/**
 * Decision 78: «Quién vio mis datos». A company opens its applicant's card and
 * profile, a staff member opens one of the driver's documents; the driver reads who saw what —
 * the company by name, the staff member as «Equipo Fleeters» — and the console the full trail.
 */

const ACCESSES = '/user/dashboard/settings/mis-datos/accesos'

function idOf(email: string): number {
  const db = e2eDatabase()
  try {
    return (db.prepare('SELECT id FROM users WHERE email = ?').get(email.toLowerCase()) as { id: number }).id
  } finally {
    db.close()
  }
}

async function noOverflowAt375(page: Page) {
  await page.setViewportSize({ width: 375, height: 900 })
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 900 })
}

test(
  '«Quién vio mis datos»: the company that opened the applicant card by name, staff ' +
    'as «Equipo Fleeters»; the console sees who',
  async ({ page, browser, request }) => {
    test.setTimeout(180_000)
    const company = await apiCompany(request)
    const postingId = await apiPosting(request, company.token, { title: 'Reparto nocturno con registro de accesos' })
    const driver = await apiDriver(request)
    const applied = await request.post('/api/users/postulate-job-posting', {
      data: { id_publication: postingId },
      headers: { 'auth-user': driver.token },
    })
    expect(applied.status()).toBe(201)
    const uploaded = await request.post('/api/users/upload-files-user', {
      multipart: { certificado_antecedentes: await pngFile('antecedentes.png') },
      headers: { 'auth-user': driver.token },
    })
    expect(uploaded.status()).toBe(201)
    const driverId = idOf(driver.email)
    const fileId = (await uploaded.json()).files.find(
      (f: { purpose_name: string }) => f.purpose_name === 'certificado_antecedentes',
    ).id_file as number

    // Nobody has seen anything yet: the page says what it will record.
    await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)
    await page.goto(ACCESSES)
    await expect(page.getByRole('heading', { name: 'Quién vio mis datos', level: 1 })).toBeVisible()
    await expect(page.getByTestId('accesos-vacio')).toContainText('Nadie ha visto tus datos todavía.')
    await expectAccessible(page)

    // The company opens the posting's applicants (the card) and then the applicant's profile.
    const companyContext = await browser.newContext()
    const companyPage = await companyContext.newPage()
    await uiLogin(companyPage, company.email, company.password, /\/business\/dashboard$/)
    await companyPage.goto(`/business/dashboard/publicaciones/${postingId}`)
    await companyPage.getByRole('link', { name: `${driver.firstname} ${driver.lastname}`, exact: true }).click()
    await expect(
      companyPage.getByRole('heading', { name: `${driver.firstname} ${driver.lastname}`, level: 1 }),
    ).toBeVisible()
    await companyContext.close()

    await page.goto(ACCESSES)
    const list = page.getByTestId('accesos').getByRole('listitem')
    // The card and the profile (a reload across a 10-minute boundary would add a line: no count).
    await expect(list.nth(0)).toContainText(company.name_business)
    await expect(list.filter({ hasText: 'Perfil de postulante' })).toContainText(company.name_business)
    await expect(list.filter({ hasText: 'Ficha de postulante (correo y teléfono)' })).toContainText(
      company.name_business,
    )
    await expectAccessible(page)

    // A staff member opens the driver's document in the console (its image is the file).
    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    const admin = await newAdmin(adminPage)
    await adminPage.goto(`/admin/documentos/${fileId}`)
    await expect(adminPage.getByRole('img', { name: /^Documento: Certificado de antecedentes/ })).toBeVisible()
    await expect
      .poll(() =>
        adminPage
          .getByRole('img', { name: /^Documento: Certificado de antecedentes/ })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0)

    await page.goto(ACCESSES)
    await expect(list.filter({ hasText: 'Documento: Certificado de antecedentes' })).toContainText('Equipo Fleeters')
    await expect(list.filter({ has: page.getByText('RUT', { exact: true }) })).toContainText('Equipo Fleeters')
    await expect(page.getByTestId('accesos')).not.toContainText(admin.email)
    await expect(page.getByTestId('accesos')).not.toContainText('Olga')
    await noOverflowAt375(page)
    if (process.env.VIEWS_SHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${process.env.VIEWS_SHOTS}/driver-${width}.png`, fullPage: true })
      }
    }

    // The console's trail on the driver's page names the staff member and the company.
    await adminPage.goto(`/admin/conductores/${driverId}`)
    const trail = adminPage.getByRole('region', { name: 'Accesos a sus datos' })
    await expect(trail.getByRole('row').filter({ hasText: 'Documento: Certificado de antecedentes' })).toContainText(
      admin.email,
    )
    await expect(trail.getByRole('row').filter({ hasText: 'Perfil de postulante' })).toContainText(
      company.name_business,
    )
    await expectAccessible(adminPage)
    // The console's menu and profile are wider than 375 px already (not this change); the trail itself fits.
    await adminPage.setViewportSize({ width: 375, height: 900 })
    expect((await trail.boundingBox())!.width).toBeLessThanOrEqual(375)
    if (process.env.VIEWS_SHOTS) await trail.screenshot({ path: `${process.env.VIEWS_SHOTS}/console-375.png` })
    await adminContext.close()
  },
)
