import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Response } from '@playwright/test'
import { e2eDatabase, fillExpiryIfAsked, newDriver, pngFile, SEND_UPLOAD } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

test.describe('driver area layout', () => {
  test(
    'sidebar from 1024 px with every settings page, bottom tabs below it and no menu to open, ' +
      'settings menu and not-found',
    async ({ page }) => {
      const d = await newDriver(page)
      const sidebar = page.getByRole('navigation', { name: 'Panel del conductor' })
      const bottom = page.getByRole('navigation', { name: 'Navegación inferior' })
      await page.setViewportSize({ width: 1440, height: 900 })
      await expect(sidebar.getByRole('link', { name: 'Inicio' })).toBeVisible()
      await expect(sidebar.getByText('Perfil', { exact: true })).toBeVisible()
      await expect(sidebar.getByRole('link', { name: 'Ayuda' })).toHaveAttribute('href', '/ayuda')
      await expect(sidebar.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
      await expect(page.getByTestId('driver-name')).toHaveText(`${d.firstname} ${d.lastname}`)
      await expect(bottom).toBeHidden()

      // At desktop widths, from 1024 px, the sidebar stays in view.
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 900 })
        await expect(sidebar.getByRole('link', { name: 'Ofertas' })).toBeVisible()
        await expect(sidebar.getByRole('link', { name: 'Seguridad' })).toBeVisible()
        await expect(bottom).toBeHidden()
      }

      // Below it the bottom tabs are the navigation: no menu to open.
      for (const width of [1023, 375]) {
        await page.setViewportSize({ width, height: 800 })
        await expect(sidebar).toBeHidden()
        await expect(bottom.getByRole('link')).toHaveText(['Inicio', 'Documentos', 'Ofertas', 'Perfil'])
        await expect(page.getByRole('banner').getByText('Menú')).toHaveCount(0)
      }
      // Every tab is a thumb-sized target.
      for (const box of await bottom
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.height).toBeGreaterThanOrEqual(44)
        expect(box.width).toBeGreaterThanOrEqual(44)
      }
      await bottom.getByRole('link', { name: 'Ofertas' }).click()
      await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
      await expect(bottom.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('aria-current', 'page')
      await bottom.getByRole('link', { name: 'Perfil' }).click()
      await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible()

      // Seguridad and Datos bancarios are one tap away inside «Perfil».
      const settings = page.getByRole('navigation', { name: 'Perfil' })
      await expect(settings.getByRole('link')).toHaveText(['Mi perfil', 'Datos bancarios', 'Seguridad', 'Mis datos'])
      await settings.getByRole('link', { name: 'Seguridad' }).click()
      await expect(page).toHaveURL(/\/settings\/seguridad$/)
      await expect(settings).toBeVisible()
      await expect(bottom.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page')
      // Spec §2 had this page show only the menu; decision 53 gives it content.
      await expect(page.getByRole('heading', { name: 'Cambiar contraseña', level: 2 })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Sesiones activas', level: 2 })).toBeVisible()
      await expectAccessible(page)

      const res = await page.goto('/user/dashboard/no-existe')
      expect(res?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
      await expect(page.getByTestId('driver-name')).toBeVisible()
    },
  )

  test('three skeletons stand in for the bank list while it loads (JS)', async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'client navigation only')
    await newDriver(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    // Hold the page data back until the loading state has been seen.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/banco-detalles\.data/, async (route) => {
      await released
      await route.continue()
    })
    await page
      .getByRole('navigation', { name: 'Panel del conductor' })
      .getByRole('link', { name: 'Datos bancarios' })
      .click()
    await expect(page.getByTestId('bank-skeletons').locator('> div')).toHaveCount(3)
    release()
    await expect(page.getByRole('heading', { name: 'Datos bancarios', level: 1 })).toBeVisible()
    await expect(page.getByTestId('bank-skeletons')).toHaveCount(0)
  })

  test('the menu and the document cards, written as plain anchors, navigate in the app once hydrated (JS)', async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, 'client navigation only')
    await newDriver(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    // Decision 68: no <Link> work on the server, <Link> in the browser; the document stays.
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    const sidebar = page.getByRole('navigation', { name: 'Panel del conductor' })
    await expect(sidebar.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page')
    await sidebar.getByRole('link', { name: 'Ofertas' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
    await expect(sidebar.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('aria-current', 'page')
    await expect(sidebar.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', 'page')
    await sidebar.getByRole('link', { name: 'Inicio' }).click()
    await page
      .getByRole('link', { name: /^Añadir documento: / })
      .first()
      .click()
    await expect(page).toHaveURL(/\?name=/)
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  })

  test('screenshots of home, profile and bank pages at 375 and 1280 px', async ({ page, jsEnabled }) => {
    // Ten pages loaded and photographed.
    test.setTimeout(120_000)
    test.skip(!jsEnabled, 'the same markup; taken once')
    const d = await newDriver(page)
    const db = e2eDatabase()
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(d.email) as { id: number }
    const now = new Date().toISOString()
    db.prepare(
      'INSERT INTO work_experience (user_id, job_title, company_name, type_employment, ' +
        'location, start_date, end_date, job_description, created_at, updated_at) VALUES ' +
        '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      'Conductor de reparto de última milla',
      'Despachos Andes SpA',
      'Jornada completa',
      'Providencia, Santiago',
      '2020-01-06',
      '2023-11-30',
      'Reparto diario de paquetería e-commerce en rutas micro-sectorizadas, con entrega ' +
        'de rendición al cierre de cada jornada.',
      now,
      now,
    )
    const bank = db.prepare(
      'INSERT INTO bank_details (user_id, account_holder_name, bank_name, ' +
        'account_number, account_type, invoice_type, receipt_issuance, sii_address, ' +
        'phone, email, selected, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ' +
        '?, ?, ?, ?, ?)',
    )
    bank.run(
      id,
      'Prueba Conductor',
      'Banco de Crédito e Inversiones',
      '0012345678901234',
      'Cuenta Corriente',
      'Factura',
      'No emitiré boleta, emitiré factura',
      'Avenida Libertador Bernardo O’Higgins 1449, oficina 1203, Santiago Centro',
      '56987654321',
      'prueba.conductor.largo@example.cl',
      'Seleccionado',
      now,
      now,
    )
    bank.run(
      id,
      'Prueba Conductor',
      'Banco Estado',
      '12345678',
      'Cuenta Rut',
      'Boleta',
      'Yo la emito',
      'Av. Matta 500',
      '56987654321',
      'prueba@example.cl',
      'No Seleccionado',
      now,
      now,
    )
    db.close()
    await page.getByRole('link', { name: 'Añadir documento: Cédula de identidad (frontal)' }).click()
    await page
      .getByRole('dialog')
      .getByLabel('Elegir archivo')
      .setInputFiles(await pngFile())
    await fillExpiryIfAsked(page.getByRole('dialog'))
    await page.getByRole('dialog').getByRole('button', { name: SEND_UPLOAD }).click()
    await expect(page.getByText('En revisión', { exact: true })).toBeVisible()

    // Kept for a person to look at: <output dir>/driver-screens/*.png.
    const SHOTS = path.join(test.info().project.outputDir, 'driver-screens')
    fs.mkdirSync(SHOTS, { recursive: true })
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [name, url] of [
        ['home', '/user/dashboard/home'],
        ['perfil', '/user/dashboard/settings'],
        ['banco', '/user/dashboard/settings/banco-detalles'],
        ['subir', '/user/dashboard/home?name=soap_frontal&title=SOAP'],
        ['banco-editar', '/user/dashboard/settings/banco-detalles?modal=editar'],
      ] as const) {
        await page.goto(url)
        // Photographed once the fonts and images are in.
        await page.waitForLoadState('load')
        await page.evaluate(() => document.fonts.ready.then(() => undefined))
        // Nothing may stick out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await page.screenshot({
          path: path.join(SHOTS, `${name}-${width}.png`),
          fullPage: !name.includes('-') && name !== 'subir',
        })
      }
    }
  })

  test('driver pages stay within the JS budget of a form page (159 KB gzip)', async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, 'measured with JS on')
    await newDriver(page)
    for (const url of [
      '/user/dashboard/home',
      '/user/dashboard/settings?modal=experiencia',
      '/user/dashboard/settings/banco-detalles?modal=agregar',
    ]) {
      const sizes: number[] = []
      const pending: Promise<void>[] = []
      const onResponse = (res: Response) => {
        if (res.request().resourceType() !== 'script') return
        pending.push(res.body().then((b) => void sizes.push(zlib.gzipSync(b, { level: 9 }).byteLength)))
      }
      const fresh = await page
        .context()
        .browser()!
        .newContext({
          baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL,
          storageState: await page.context().storageState(),
        })
      const p = await fresh.newPage()
      p.on('response', onResponse)
      await p.goto(url, { waitUntil: 'networkidle' })
      await Promise.all(pending)
      const kb = sizes.reduce((a, b) => a + b, 0) / 1024
      console.log(`${url}: JS ${kb.toFixed(1)} KB gzip`)
      expect(kb).toBeLessThanOrEqual(159)
      await fresh.close()
    }
  })
})
