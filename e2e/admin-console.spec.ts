import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { newDriver, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { apiCompany, apiPosting } from './marketplace-support'
import { decodeMail } from './public-mail'

const TITLE = 'Certificado de antecedentes'

async function upload(page: Page, trigger: 'Añadir documento' | 'Cargar nuevamente') {
  await page.getByRole('link', { name: `${trigger}: ${TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: `Subir documento: ${TITLE}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Elegir archivo').setInputFiles(await pngFile('certificado.png'))
  await dialog.getByRole('button', { name: SEND_UPLOAD }).click()
  await expect(page.getByText('Archivos subidos correctamente.')).toBeVisible()
}

function slot(page: Page) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) })
}

/** The driver's document in the queue, filtered by their email. */
async function openInQueue(admin: Page, email: string) {
  await admin.goto('/admin/documentos')
  await admin.getByLabel('Conductor', { exact: true }).fill(email)
  await admin.getByRole('button', { name: 'Filtrar' }).click()
  await expect(admin).toHaveURL(/driver=/)
  await expect(admin.getByTestId('pendientes-total')).toHaveText('1 documento pendiente')
  await admin.getByRole('link', { name: new RegExp(`^Revisar ${TITLE} de `) }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(TITLE)
  await expect(admin.getByRole('img', { name: new RegExp(`^Documento: ${TITLE}`) })).toBeVisible()
}

test.describe('operations console', () => {
  test(
    'an admin from the command line rejects a document with a reason, the driver ' +
      'uploads again, the admin approves it',
    async ({ page, browser, baseURL, jsEnabled }) => {
      // Two people, three pages, the command-line script, two reviews and axe on four pages.
      test.setTimeout(180_000)
      const admin = page
      await newAdmin(admin)
      await expectAccessible(admin)

      const driverContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })
      const driverPage = await driverContext.newPage()
      const driver = await newDriver(driverPage)
      // The console is for admins only: a driver goes back to / and keeps their session.
      await driverPage.goto('/admin/documentos')
      await expect(driverPage).toHaveURL(/\/$/)
      await driverPage.goto('/user/dashboard/home')
      await expect(driverPage).toHaveURL(/\/user\/dashboard\/home$/)
      await upload(driverPage, 'Añadir documento')
      await expect(driverPage.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')

      // Reject with a common reason.
      await openInQueue(admin, driver.email)
      await expectAccessible(admin)
      await admin.getByRole('button', { name: 'Rechazar' }).click()
      if (!jsEnabled) {
        // The browser asks for a reason first (required radio group); nothing was sent.
        await expect(admin.getByRole('heading', { level: 1 })).toContainText(TITLE)
      }
      await admin.getByLabel(/^Ilegible/).check()
      await admin.getByRole('button', { name: 'Rechazar' }).click()
      await expect(admin.getByText('Documento rechazado. Le avisamos al conductor.')).toBeVisible()
      await expect(admin).toHaveURL(/\/admin\/documentos(\?|$)/)

      // The driver sees the reason and 'Cargar nuevamente', and has the mail.
      await driverPage.goto('/user/dashboard/home')
      await expect(
        slot(driverPage).getByText('El documento es ilegible. Sube una foto o escaneo nítido.'),
      ).toBeVisible()
      await expect(driverPage.getByTestId('resumen-documentos')).toHaveText('1 por corregir · 21 faltan')
      const rejectedMail = decodeMail(await readMail(driver.email, /rechazado/))
      expect(rejectedMail).toContain('Motivo: El documento es ilegible. Sube una foto o escaneo nítido.')
      expect(rejectedMail).toContain('/user/dashboard/home?name=certificado_antecedentes')
      await upload(driverPage, 'Cargar nuevamente')
      await expect(slot(driverPage).getByText('En revisión')).toBeVisible()
      await expect(driverPage.getByTestId('resumen-documentos')).toHaveText('1 en revisión · 21 faltan')

      // The new upload is queued. A second reviewer has it open too; the first approves it
      // (with JS through the keyboard shortcut).
      await openInQueue(admin, driver.email)
      const second = await admin.context().newPage()
      await second.goto(admin.url())
      await expect(second.getByRole('button', { name: 'Rechazar' })).toBeVisible()
      if (jsEnabled) {
        await expect(admin.getByTestId('atajos')).toBeVisible()
        await admin.keyboard.press('a')
      } else {
        await admin.getByRole('button', { name: 'Aprobar' }).click()
      }
      await expect(admin.getByText('Documento aprobado.')).toBeVisible()
      // The second reviewer's late rejection changes nothing and says so.
      await second.getByLabel(/^Vencido/).check()
      await second.getByRole('button', { name: 'Rechazar' }).click()
      await expect(
        second.getByRole('alert').filter({ hasText: 'Este documento ya fue revisado por otra persona.' }),
      ).toBeVisible()
      await expect(second.getByTestId('ya-revisado')).toContainText('Este documento ya fue revisado: Aprobado')
      await expectAccessible(second)
      await second.close()

      await driverPage.goto('/user/dashboard/home')
      await expect(slot(driverPage).locator('[data-chip]')).toHaveText('Aprobado')
      await expect(driverPage.getByTestId('documentos-aprobados')).toHaveText('1/22 aprobados')
      expect(decodeMail(await readMail(driver.email, /aprobado/))).toContain(TITLE)

      // The driver's record in the console: 1/22, the review history.
      await admin.goto('/admin/conductores')
      await admin.getByLabel('Buscar', { exact: true }).fill(driver.email)
      await admin.getByRole('button', { name: 'Buscar' }).click()
      await expect(admin).toHaveURL(/[?&]q=/)
      // Other specs' drivers share the name: wait for the list the search answered (this driver only).
      const record = admin.getByRole('link', { name: `${driver.firstname} ${driver.lastname}` })
      await expect(record).toHaveCount(1)
      await record.click()
      await expect(admin.getByTestId('progreso-validacion')).toContainText('1/22 aprobados')
      await expect(admin.getByText('Rechazó un documento')).toBeVisible()
      await expect(admin.getByText('Aprobó un documento')).toBeVisible()
      // Each review reads as a sentence: who, which document of whom, and why.
      const whose = `${driver.firstname} ${driver.lastname}`
      await expect(
        admin.getByText(`Olga rechazó ${TITLE} de ${whose}: El documento es ilegible. Sube una foto o escaneo nítido.`),
      ).toBeVisible()
      await expect(admin.getByText(`Olga aprobó ${TITLE} de ${whose}`, { exact: true })).toBeVisible()
      await expectAccessible(admin)
      await driverContext.close()
    },
  )

  test('anonymous visitors are sent to the login (and back afterwards) and the console calls refuse them', async ({
    page,
  }) => {
    const res = await page.request.get('/admin', { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    expect(res.headers()['location']).toBe('/login?redirectTo=%2Fadmin')
    expect((await page.request.get('/admin/archivos/1', { maxRedirects: 0 })).status()).toBe(302)
    expect((await page.request.get('/api/admin/summary')).status()).toBe(401)
  })
})

test.describe('operations console: companies', () => {
  test('an admin verifies a company and closes one of its postings; every console page passes axe', async ({
    page,
    request,
  }) => {
    // The command-line script, then axe on six pages and five pages at 375 px.
    test.setTimeout(150_000)
    const company = await apiCompany(request)
    const title = `Ruta de prueba ${unique('ruta')}`
    await apiPosting(request, company.token, { title })
    await newAdmin(page)
    await expectAccessible(page)

    await page.goto('/admin/empresas')
    await page.getByRole('search', { name: 'Buscar empresas' }).getByLabel('Buscar').fill(company.name_business)
    await page.getByRole('search', { name: 'Buscar empresas' }).getByRole('button', { name: 'Buscar' }).click()
    await expectAccessible(page)
    await page.getByRole('link', { name: company.name_business }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(company.name_business)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Marcar como verificada' }).click()
    await expect(page.getByRole('button', { name: 'Quitar verificación' })).toBeVisible()
    // Closing asks for a reason first (e2e/admin-close-posting.spec.ts has the rest).
    await page.getByRole('link', { name: `Cerrar publicación: ${title}` }).click()
    await page.getByLabel('Motivo del cierre (se envía a la empresa)').fill('Publicación duplicada.')
    await page.getByRole('button', { name: 'Sí, cerrar publicación' }).click()
    await expect(page.getByRole('link', { name: `Cerrar publicación: ${title}` })).toHaveCount(0)
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Cerrada')
    // The company's «Historial» says both, newest first, in words.
    await expect(page.getByTestId('historial-empresa').getByRole('listitem')).toContainText([
      `Olga cerró la publicación «${title}» de ${company.name_business}: Publicación duplicada.`,
      `Olga verificó ${company.name_business}`,
    ])

    // The posting no longer takes applications: the service says it is closed.
    const driverList = await request.get('/api/general-data/get-jobpostings-home')
    expect(((await driverList.json()) as Array<{ title: string }>).some((p) => p.title === title)).toBe(false)

    // The home's activity says what happened in words, never a diff of fields.
    await page.goto('/admin')
    const activity = page.getByTestId('actividad-reciente')
    await expect(activity.getByText(`Olga verificó ${company.name_business}`, { exact: true })).toBeVisible()
    await expect(
      activity.getByText(`Olga cerró la publicación «${title}» de ${company.name_business}: Publicación duplicada.`),
    ).toBeVisible()
    await expect(activity).not.toContainText('→')
    await expect(activity).not.toContainText('verified')
    // The public «+839» is a typed value above the real count: the home says so and links to it.
    const validated = Number((await page.getByTestId('resumen-validados').innerText()).replace(/\D/g, ''))
    const claim = page.getByTestId('cifra-publica')
    const drivers = validated === 1 ? 'conductor validado' : 'conductores validados'
    await expect(claim).toContainText(`El sitio público dice +839; hoy hay ${validated} ${drivers}.`)
    const edit = claim.getByRole('link', { name: 'Editar «Fleeters validados» en Contenido' })
    await expect(edit).toHaveAttribute('href', /^\/admin\/contenido#statistics-\d+$/)
    expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await expectAccessible(page)

    for (const path of ['/admin/documentos', '/admin/conductores', '/admin/contenido']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page)
    }

    // At 375 px the tables scroll inside their box; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 812 })
    for (const path of ['/admin', '/admin/documentos', '/admin/conductores', '/admin/empresas', '/admin/contenido']) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0)
    }
    // The home's activity stacks into cards at 375 px, each value under its heading, and passes axe.
    await page.goto('/admin')
    const row = page.getByTestId('actividad-reciente').locator('tbody tr').first()
    expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('block')
    const box = (await page.getByTestId('actividad-reciente').boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    await expect(page.getByTestId('cifra-publica')).toBeVisible()
    await expectAccessible(page)
  })
})
