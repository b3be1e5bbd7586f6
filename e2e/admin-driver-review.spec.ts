import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { newAdmin } from './admin-session'
import { chileDay, e2eDatabase, pdfFile, pngFile } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'
import { apiDriver } from './marketplace-support'

/** Screenshots for the people who judge the screen, when SHOTS_DIR says where (not in CI). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, name), fullPage: true })
}

/** The five documents the driver uploads, in the order of the 22 slots (the screen's order). */
const DOCUMENTS = [
  { slot: 'cedula_identidad_frontal', title: 'Cédula de identidad (frontal)', decision: 'approve' },
  { slot: 'certificado_antecedentes', title: 'Certificado de antecedentes', decision: 'reject' },
  { slot: 'hoja_vida_conductor', title: 'Hoja de vida del conductor', decision: 'approve' },
  { slot: 'padron_vehiculo_frontal', title: 'Padrón del vehículo (frontal)', decision: 'approve' },
  { slot: 'soap_frontal', title: 'SOAP (frontal)', decision: 'approve' },
] as const

for (const width of [1280, 375]) {
  test(`a reviewer clears a driver's pending documents one after the other (${width} px)`, async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 })
    // A driver with five pending documents (the PDF one shows in a frame), uploaded as the app does.
    const driver = await apiDriver(request)
    const expiry = chileDay(400)
    const uploaded = await request.post('/api/users/upload-files-user', {
      multipart: {
        cedula_identidad_frontal: await pngFile('cedula.png', 640, 400),
        cedula_identidad_frontal_expires_on: expiry,
        certificado_antecedentes: await pngFile('antecedentes.png'),
        hoja_vida_conductor: pdfFile('hoja-de-vida.pdf'),
        padron_vehiculo_frontal: await pngFile('padron.png'),
        soap_frontal: await pngFile('soap.png'),
        soap_frontal_expires_on: expiry,
      },
      headers: { 'auth-user': driver.token },
    })
    expect(uploaded.status()).toBe(201)
    const db = e2eDatabase()
    let driverId: number
    try {
      driverId = (db.prepare('SELECT id FROM users WHERE email = ?').get(driver.email) as { id: number }).id
      db.prepare('UPDATE users SET address = ? WHERE id = ?').run('Av. Providencia 1234, Providencia', driverId)
    } finally {
      db.close()
    }
    const name = `${driver.firstname} ${driver.lastname}`

    await newAdmin(page, { role: 'revisor' })
    // From the driver's page…
    await page.goto(`/admin/conductores/${driverId}`)
    await expect(page.getByRole('link', { name: 'Revisar conductor (5 pendientes)' })).toBeVisible()
    await shot(page, `ficha-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)
    // …and from the queue, filtered to this driver.
    await page.goto(`/admin/documentos?driver=${encodeURIComponent(driver.email)}`)
    await expect(page.getByTestId('pendientes-total')).toHaveText('5 documentos pendientes')
    await shot(page, `cola-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)
    await page
      .getByRole('link', { name: `Revisar conductor: ${name}` })
      .first()
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/conductores/${driverId}/revisar$`))
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    const heading = page.locator('#documento-titulo')
    const visor = page.getByTestId('visor')
    const marked = page.getByTestId('datos-conductor').locator('[data-comparar]')
    // The first in slot order: the cédula, RUT to compare, its expiry date filled in from the upload.
    await expect(heading).toContainText(`${DOCUMENTS[0].title} · 1 de 5`)
    await expect(visor.getByRole('img', { name: `Documento: ${DOCUMENTS[0].title} de ${name}` })).toBeVisible()
    await expect(marked.filter({ hasText: 'RUT' })).toContainText('Compara')
    await expect(page.getByLabel('Fecha de vencimiento')).toHaveValue(expiry)
    await expectAccessible(page)
    await shot(page, `revisar-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)

    let keystrokes = 0
    const press = async (key: string) => {
      keystrokes++
      await page.keyboard.press(key)
    }
    if (jsEnabled) await expect(page.getByTestId('atajos')).toContainText('aprobar y siguiente')
    else await expect(page.getByTestId('atajos')).toHaveCount(0)

    // Next and previous without deciding: K goes round to the last, J back to the first.
    if (jsEnabled) {
      await press('k')
      await expect(heading).toContainText(`${DOCUMENTS[4].title} · 5 de 5`)
      await press('j')
      await expect(heading).toContainText(`${DOCUMENTS[0].title} · 1 de 5`)
    } else {
      await page.getByRole('link', { name: '← Anterior' }).click()
      await expect(heading).toContainText(`${DOCUMENTS[4].title} · 5 de 5`)
      await page.getByRole('link', { name: 'Siguiente →' }).click()
      await expect(heading).toContainText(`${DOCUMENTS[0].title} · 1 de 5`)
    }
    const navigationKeys = keystrokes
    keystrokes = 0

    const perDecision: string[] = []
    for (const [i, doc] of DOCUMENTS.entries()) {
      // Each decision leaves the next one first of those left.
      await expect(heading).toContainText(`${doc.title} · 1 de ${5 - i}`)
      const before = keystrokes
      if (doc.slot === 'hoja_vida_conductor') {
        // The viewer shows a PDF's pages as images the service draws (decision 91), never a frame.
        await expect(
          visor.getByRole('img', { name: new RegExp(`^Documento: ${doc.title} de ${name}, página 1 de`) }),
        ).toBeVisible()
        await expect(visor.locator('iframe')).toHaveCount(0)
        await shot(page, `pdf-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)
      }
      if (doc.slot === 'padron_vehiculo_frontal') {
        await expect(marked.filter({ hasText: 'Patente' })).toContainText('Compara')
        await expect(marked.filter({ hasText: 'RUT' })).toHaveCount(0)
      }
      if (doc.decision === 'approve') {
        if (jsEnabled) await press('a')
        else await page.getByRole('button', { name: 'Aprobar y siguiente' }).click()
        await expect(page.getByText('Documento aprobado.').first()).toBeVisible()
      } else {
        if (jsEnabled) {
          await press('r')
          await expect(page.getByText('Elige el motivo con su número (1 a 5).', { exact: false })).toBeVisible()
          await shot(page, `rechazo-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)
          await press('1')
        } else {
          await page.getByLabel(/^Ilegible/).check()
          await page.getByRole('button', { name: 'Rechazar y siguiente' }).click()
        }
        await expect(page.getByText('Documento rechazado. Le avisamos al conductor.').first()).toBeVisible()
      }
      perDecision.push(`${doc.decision === 'approve' ? 'aprobar' : 'rechazar'} ${doc.title}: ${keystrokes - before}`)
    }

    // Nothing left: the driver is up to date, with the way back to the queue.
    const done = page.getByTestId('conductor-al-dia')
    await expect(done.getByRole('heading', { name: 'Conductor al día' })).toBeVisible()
    await expect(page.getByTestId('revision-progreso')).toHaveText('0 documentos pendientes · 4/22 aprobados')
    await expectAccessible(page)
    await shot(page, `al-dia-${jsEnabled ? 'js' : 'sin-js'}-${width}.png`)

    if (jsEnabled) {
      console.log(
        `[${width} px] keystrokes: ${keystrokes} for ${DOCUMENTS.length} decisions (${perDecision.join('; ')}); ` +
          `${navigationKeys} to go back and forth`,
      )
      // At most 2 keys an approval, 4 a rejection with a listed reason: here 1 and 2.
      expect(keystrokes).toBe(4 * 1 + 1 * 2)
    }

    // What was decided, as stored: four approved (the dated ones with their date), one rejected with its reason.
    const check = e2eDatabase()
    try {
      const rows = check
        .prepare('SELECT purpose_name, file_status, rejection_reason, expires_on FROM user_files WHERE user_id = ?')
        .all(driverId) as Array<{
        purpose_name: string
        file_status: string
        rejection_reason: string | null
        expires_on: string | null
      }>
      const by = new Map(rows.map((r) => [r.purpose_name, r]))
      for (const doc of DOCUMENTS)
        expect(by.get(doc.slot)?.file_status).toBe(doc.decision === 'approve' ? 'ACCEPTED' : 'REJECTED')
      expect(by.get('certificado_antecedentes')?.rejection_reason).toBe(
        'El documento es ilegible. Sube una foto o escaneo nítido.',
      )
      expect(by.get('soap_frontal')?.expires_on).toBe(expiry)
    } finally {
      check.close()
    }

    await done.getByRole('link', { name: 'Volver a la cola' }).click()
    await expect(page).toHaveURL(/\/admin\/documentos$/)
  })
}
