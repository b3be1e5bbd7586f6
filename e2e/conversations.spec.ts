import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

/** Conversations per application (decision 105): the company writes, the driver answers from «Mis postulaciones». */
const SHOTS = '/work/shots/threads'

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a company's message answered from «Mis postulaciones», unread counts cleared on read`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width, height: 900 })
    const tag = `${jsEnabled ? 'js' : 'nojs'}-${width}`
    const word = unique('hilo')
    const company = await apiCompany(request)
    const driver = await apiDriver(request)
    const title = `Reparto nocturno ${word}`
    const postingId = await apiPosting(request, company.token, { title })
    const applied = await request.post('/api/users/postulate-job-posting', {
      data: { id_publication: postingId },
      headers: { 'auth-user': driver.token },
    })
    expect(applied.status()).toBe(201)
    const driverName = `${driver.firstname} ${driver.lastname}`
    const question = `Hola ${driver.firstname}, ¿puedes empezar el lunes a las 8:00? <b>${word}</b>`
    const reply = `Sí, el lunes a las 8:00 puedo. ${word}`

    // The company writes from the applicant's card.
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    await page.goto(`/business/dashboard/publicaciones/${postingId}`)
    await page.getByRole('link', { name: `Mensajes con ${driverName}` }).click()
    const dialog = page.getByRole('dialog', { name: `Mensajes con ${driverName}` })
    await expect(dialog).toContainText('Aún no hay mensajes')
    await dialog.getByLabel('Tu mensaje').fill(question)
    await dialog.getByRole('button', { name: 'Enviar mensaje' }).click()
    // Text, never markup: the tags show as typed.
    await expect(page.getByRole('dialog').getByTestId('hilo')).toContainText(question)
    await expect(page.getByRole('dialog').getByLabel('Tu mensaje')).toHaveValue('')
    await expectAccessible(page)
    await shot(page, `empresa-hilo-${tag}`)

    // The driver: the count on the way to the applications, then on the application itself.
    await page.context().clearCookies()
    await uiLogin(page, driver.email, driver.password, /\/user\/dashboard/)
    await page.goto('/user/dashboard/job-postings/postuladas')
    await expect(page.getByRole('link', { name: 'Mis postulaciones 1 sin leer' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: width < 640 ? 'Navegación inferior' : 'Panel del conductor' })
    await expect(nav.getByText('1 mensaje sin leer')).toBeAttached()
    const open = page.getByRole('link', { name: `Mensajes de ${company.name_business}: 1 sin leer` })
    await expect(open).toBeVisible()
    await shot(page, `conductor-postulaciones-${tag}`)
    await open.click()
    const thread = page.getByRole('dialog', { name: `Mensajes de ${company.name_business}` })
    await expect(thread.getByTestId('hilo')).toContainText(question)
    await expect(thread).toContainText(`Sobre tu postulación a «${title}»`)
    await thread.getByLabel('Tu mensaje').fill(reply)
    await thread.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect(page.getByRole('dialog').getByTestId('hilo')).toContainText(reply)
    await expectAccessible(page)
    await shot(page, `conductor-hilo-${tag}`)
    // Read: the counts are gone.
    await page.goto('/user/dashboard/job-postings/postuladas')
    await expect(page.getByRole('link', { name: 'Mis postulaciones', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: `Mensajes de ${company.name_business}`, exact: true })).toBeVisible()

    // The company: the answer counted on the card, cleared once read.
    await page.context().clearCookies()
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    await page.goto(`/business/dashboard/publicaciones/${postingId}`)
    const unread = page.getByRole('link', { name: `Mensajes con ${driverName}: 1 sin leer` })
    await expect(unread).toBeVisible()
    await shot(page, `empresa-postulantes-${tag}`)
    await unread.click()
    await expect(page.getByRole('dialog').getByTestId('hilo')).toContainText(reply)
    await page.goto(`/business/dashboard/publicaciones/${postingId}`)
    await expect(page.getByRole('link', { name: `Mensajes con ${driverName}`, exact: true })).toBeVisible()
  })
}
