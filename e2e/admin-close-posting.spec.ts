import { newAdmin } from './admin-session'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, readMail, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, mailText, uiLogin } from './marketplace-support'

/** The console asks before closing a company's posting, and the company hears why. */
test.describe("operations console: closing a posting on the company's behalf", () => {
  test('asks for confirmation and a reason, closes, and mails the company the reason', async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(150_000)
    const company = await apiCompany(request)
    const title = `Ruta a cerrar ${unique('cierre')}`
    await apiPosting(request, company.token, { title })
    await newAdmin(page)
    await page.goto('/admin/empresas')
    await page.getByRole('search', { name: 'Buscar empresas' }).getByLabel('Buscar').fill(company.name_business)
    await page.getByRole('search', { name: 'Buscar empresas' }).getByRole('button', { name: 'Buscar' }).click()
    await page.getByRole('link', { name: company.name_business }).click()
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toContainText('Abierta')

    // One click no longer closes: it asks first, and «Cancelar» leaves the posting open.
    await page.getByRole('link', { name: `Cerrar publicación: ${title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Cerrar publicación' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(title)
    await expect(dialog.getByLabel('Motivo del cierre (se envía a la empresa)')).toBeFocused()
    await expectAccessible(page)
    await dialog.getByRole('link', { name: 'Cancelar' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(row).toContainText('Abierta')

    // The reason is required (a blank one is refused by the server too).
    await page.getByRole('link', { name: `Cerrar publicación: ${title}` }).click()
    await dialog.getByLabel('Motivo del cierre (se envía a la empresa)').fill('   ')
    await dialog.getByRole('button', { name: 'Sí, cerrar publicación' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Indica el motivo del cierre: se lo enviaremos a la empresa.')
    await expect(row).toContainText('Abierta')

    const reason = `La publicación pide pagos por adelantado a los conductores (${jsEnabled ? 'con' : 'sin'} JS).`
    await dialog.getByLabel('Motivo del cierre (se envía a la empresa)').fill(reason)
    await dialog.getByRole('button', { name: 'Sí, cerrar publicación' }).click()
    await expect(page.getByText('Publicación cerrada. Le avisamos a la empresa por correo.')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(row).toContainText('Cerrada')
    await expect(page.getByRole('link', { name: `Cerrar publicación: ${title}` })).toHaveCount(0)

    // The company's mail: which posting, and why.
    const mail = mailText(await readMail(company.email, /Cerramos.tu.publicaci/))
    expect(mail).toContain(`Cerramos tu publicación: ${title}`)
    expect(mail).toContain(`Motivo: ${reason}`)
    expect(mail).toMatch(/^Reply-To: contacto@fleeters\.cl$/m)
  })
})

test.describe("a company's «Verificada» state", () => {
  test("drivers see the badge on a verified company's postings only; each company sees its own state", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000)
    const word = unique('verif')
    const verified = await apiCompany(request)
    const unverified = await apiCompany(request)
    await apiPosting(request, verified.token, { title: `Verificada ${word}` })
    await apiPosting(request, unverified.token, { title: `Sin verificar ${word}` })
    const db = e2eDatabase()
    try {
      db.prepare('UPDATE companies SET verified = 1 WHERE email = ?').run(verified.email)
      db.prepare('UPDATE companies SET verified = 0 WHERE email = ?').run(unverified.email)
    } finally {
      db.close()
    }

    const driver = await apiDriver(request)
    await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)
    await page.goto(`/user/dashboard/job-postings?search=${word}`)
    const cards = page.getByRole('list', { name: 'Ofertas encontradas' }).getByRole('listitem')
    await expect(cards).toHaveCount(2)
    const good = cards.filter({ hasText: `Verificada ${word}` })
    const other = cards.filter({ hasText: `Sin verificar ${word}` })
    await expect(good.getByText('Empresa Verificada')).toBeVisible()
    await expect(other.getByTestId('empresa-verificada')).toHaveCount(0)
    await expectAccessible(page)
    // And in the detail.
    await good.getByRole('link', { name: `Verificada ${word}` }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/job-postings\/\d+\?desde=/)
    const detail = page.getByRole('main')
    await expect(detail.getByTestId('empresa-verificada')).toBeVisible()

    // Each company sees its own state in its panel.
    for (const [company, badge] of [
      [verified, true],
      [unverified, false],
    ] as const) {
      const context = await browser.newContext()
      const own = await context.newPage()
      await uiLogin(own, company.email, company.password, /\/business\/dashboard/)
      if (badge) await expect(own.getByRole('banner').getByTestId('empresa-verificada')).toBeVisible()
      else {
        await expect(own.getByRole('banner').getByText('Verificación pendiente')).toBeVisible()
        await expect(own.getByTestId('empresa-verificada')).toHaveCount(0)
      }
      await context.close()
    }
  })
})
