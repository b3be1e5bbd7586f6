import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { e2eDatabase } from './driver-session'
import { expect, expectAccessible, test, unique } from './fixtures'
import { apiApplicant, apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

/**
 * Conversations per application (decision 105): the company writes, the driver answers from «Mis
 * postulaciones»; one message to the selected applicants, the stage buttons on a phone and the
 * console's reading (decision 108).
 */
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

function userId(email: string): number {
  const db = e2eDatabase()
  try {
    return (db.prepare('SELECT id FROM users WHERE email = ?').get(email.toLowerCase()) as { id: number }).id
  } finally {
    db.close()
  }
}

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

for (const width of [375, 1280]) {
  test(`at ${width} px: one message to the selected applicants, each in their own thread; stage buttons fit`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width, height: 900 })
    const tag = `${jsEnabled ? 'js' : 'nojs'}-${width}`
    const word = unique('masivo')
    const company = await apiCompany(request)
    const postingId = await apiPosting(request, company.token, { title: `Ruta de farmacia ${word}` })
    const ana = await apiApplicant(request, postingId, `Araya${word.slice(-4)}`)
    const beto = await apiApplicant(request, postingId, `Bravo${word.slice(-4)}`)
    const caro = await apiApplicant(request, postingId, `Castro${word.slice(-4)}`)
    const text = `Hola: la entrevista es el martes a las 10:00 en Av. Matta 123. ${word}`

    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    await page.goto(`/business/dashboard/publicaciones/${postingId}`)
    const cards = page.getByRole('list', { name: 'Postulantes' }).getByRole('listitem')
    await expect(cards).toHaveCount(3)

    // The stages on a card: the current one as a chip, the usual next one as the primary button,
    // the others on one line that scrolls sideways; every one a 44 px target, one click each.
    const card = cards.filter({ hasText: caro.name })
    await expect(card.locator('[aria-current="step"]')).toHaveText('Etapa actual: Nueva')
    await expect(card.getByRole('button', { name: `Mover a En revisión: ${caro.name}` })).toHaveClass(/btn-primary/)
    const others = card.getByRole('group', { name: 'Otras etapas' })
    await expect(others.getByRole('button')).toHaveText(['Contactada', 'Seleccionada', 'Descartada'])
    for (const button of await card.getByRole('button', { name: /^Mover a / }).all()) {
      const box = (await button.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
    }
    // One line, never wrapped: as tall as one button (and its scrollbar's room).
    expect((await others.boundingBox())!.height).toBeLessThan(2 * 44)
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await card.screenshot({ path: `${SHOTS}/etapas-tarjeta-${tag}.png` })
    await others.getByRole('button', { name: `Mover a Descartada: ${caro.name}` }).click()
    await expect(page.getByText('Estado de la postulación actualizado.')).toBeVisible()
    await expect(card.locator('[aria-current="step"]')).toHaveText('Etapa actual: Descartada')
    // The last stages have no «next»: every other stage waits on the scrolling line.
    await expect(card.getByRole('button', { name: /^Mover a / })).toHaveCount(4)
    await expect(card.locator('.btn-primary')).toHaveCount(0)
    await card.screenshot({ path: `${SHOTS}/etapas-tarjeta-descartada-${tag}.png` })

    // Nothing selected: refused, with what was typed kept.
    const bar = page.getByRole('form', { name: 'Acciones con la selección' })
    await bar.locator('summary', { hasText: 'Mensaje' }).click()
    const box = page.getByLabel('Mensaje', { exact: true })
    await box.fill(text)
    const send = page.getByRole('button', { name: 'Enviar a la selección' })
    await send.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Selecciona al menos un postulante' })).toBeVisible()
    await expect(page.getByLabel('Mensaje', { exact: true })).toHaveValue(text)

    // Two selected, no text: the field says so and the selection stays.
    await page.getByLabel(`Seleccionar a ${ana.name}`).check()
    await page.getByLabel(`Seleccionar a ${beto.name}`).check()
    await page.getByLabel('Mensaje', { exact: true }).fill('')
    await send.click()
    await expect(page.getByText('Campo requerido')).toBeVisible()
    await expect(page.getByLabel(`Seleccionar a ${ana.name}`)).toBeChecked()
    await expect(page.getByLabel(`Seleccionar a ${beto.name}`)).toBeChecked()
    await expect(page.getByLabel(`Seleccionar a ${caro.name}`)).not.toBeChecked()
    await expectAccessible(page)

    await page.getByLabel('Mensaje', { exact: true }).fill(text)
    await page.screenshot({ path: `${SHOTS}/empresa-mensaje-seleccionados-${tag}.png`, fullPage: true })
    await page.locator('#seleccionados').screenshot({ path: `${SHOTS}/seleccionados-${tag}.png` })
    await page.getByRole('button', { name: 'Enviar a la selección' }).click()
    await expect(page.getByText('Mensaje enviado a 2 postulantes.')).toBeVisible()
    // A new visit: nothing selected, nothing typed.
    await expect(page.getByLabel(`Seleccionar a ${ana.name}`)).not.toBeChecked()
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    await page.screenshot({ path: `${SHOTS}/empresa-mensaje-enviado-${tag}.png`, fullPage: true })

    // Each selected applicant has it in their own thread, unread; the one not selected has nothing.
    for (const who of [ana, beto]) {
      const threads = await request.get('/api/users/applications/messages', { headers: { 'auth-user': who.token } })
      expect((await threads.json()).unread_total).toBe(1)
    }
    const none = await request.get('/api/users/applications/messages', { headers: { 'auth-user': caro.token } })
    expect(await none.json()).toEqual({ unread_total: 0, threads: [] })
    await page.context().clearCookies()
    await uiLogin(page, ana.email, ana.password, /\/user\/dashboard/)
    await page.goto('/user/dashboard/job-postings/postuladas')
    await page.getByRole('link', { name: `Mensajes de ${company.name_business}: 1 sin leer` }).click()
    const thread = page.getByRole('dialog', { name: `Mensajes de ${company.name_business}` })
    await expect(thread.getByTestId('hilo')).toContainText(text)
  })
}

test("the console reads a thread without marking it read; the reading is on the driver's record", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const word = unique('consola')
  const company = await apiCompany(request)
  const title = `Reparto de abarrotes ${word}`
  const postingId = await apiPosting(request, company.token, { title })
  const driver = await apiApplicant(request, postingId, `Díaz${word.slice(-4)}`)
  const driverId = userId(driver.email)
  const list = await request.get(`/api/business/job-postings/${postingId}/applicants`, {
    headers: { 'auth-business': company.token },
  })
  const applicationId = (await list.json()).applicants[0].id_application as number
  const question = `Hola ${driver.firstname}, ¿puedes el jueves? <i>${word}</i>`
  const sent = await request.post(`/api/business/applications/${applicationId}/messages`, {
    data: { body: question },
    headers: { 'auth-business': company.token },
  })
  expect(sent.status()).toBe(201)

  const admin = await newAdmin(page)
  const threadUrl = `/admin/conductores/${driverId}/postulaciones/${applicationId}`
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/admin/conductores/${driverId}`)
    const applications = page.getByRole('region', { name: 'Postulaciones' })
    await applications.getByRole('link', { name: `Leer mensajes (1): ${company.name_business}, «${title}»` }).click()
    await expect(page).toHaveURL(new RegExp(`${threadUrl}$`))
    await expect(
      page.getByRole('heading', { name: `Mensajes entre ${company.name_business} y ${driver.name}`, level: 1 }),
    ).toBeVisible()
    // As typed, never markup; the console sees whether the driver has read it.
    await expect(page.getByTestId('hilo')).toContainText(question)
    await expect(page.getByTestId('hilo')).toContainText('Sin leer')
    await expect(page.getByText('Solo lectura.')).toBeVisible()
    await expect(page.getByRole('textbox')).toHaveCount(0)
    await expectAccessible(page)
    // The console's menu is wider than 375 px already (not this page); the thread itself fits.
    expect((await page.getByRole('region', { name: '1 mensaje' }).boundingBox())!.width).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${SHOTS}/consola-hilo-${width}.png`, fullPage: true })
  }
  // Reading it marked nothing read for the driver.
  const unread = await request.get('/api/users/applications/messages/unread', {
    headers: { 'auth-user': driver.token },
  })
  expect(await unread.json()).toEqual({ unread: 1 })
  // The reading is on the driver's record: the console names the staff member, the driver sees the team.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/admin/conductores/${driverId}`)
  const trail = page.getByRole('region', { name: 'Accesos a sus datos' })
  await expect(trail.getByRole('row').filter({ hasText: `Mensajes con ${company.name_business}` })).toContainText(
    admin.email,
  )
  const views = await request.get('/api/users/my-data/views', { headers: { 'auth-user': driver.token } })
  expect((await views.json()).views).toContainEqual(
    expect.objectContaining({ viewer: 'Equipo Fleeters', item: `Mensajes con ${company.name_business}` }),
  )

  // A «revisor» has no link to threads and is refused the page.
  const revisorContext = await browser.newContext()
  const revisor = await revisorContext.newPage()
  await newAdmin(revisor, { role: 'revisor' })
  await revisor.goto(`/admin/conductores/${driverId}`)
  await expect(revisor.getByRole('region', { name: 'Postulaciones' })).toContainText(title)
  await expect(revisor.getByRole('link', { name: /^Leer mensajes/ })).toHaveCount(0)
  expect((await revisor.goto(threadUrl))?.status()).toBe(403)
  await expect(revisor.getByRole('heading', { name: 'Sin permiso', level: 1 })).toBeVisible()
  await revisorContext.close()
})
