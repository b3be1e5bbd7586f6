import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { newDriver } from './driver-session'
import { expect, expectAccessible, test } from './fixtures'

/** One navigation per width: bottom tabs on a phone, the sidebar on a desktop (decision 103). */

const SHOTS = process.env.NAV_SHOTS_DIR

async function shot(page: Page, jsEnabled: boolean, name: string, fullPage = true) {
  // Kept for a person to look at when NAV_SHOTS_DIR is set; taken once, with JS (the same markup).
  if (!SHOTS || !jsEnabled) return
  fs.mkdirSync(SHOTS, { recursive: true })
  // From the top, so the sticky bars stand where a person sees them first.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage })
}

test.describe('driver navigation', () => {
  test('on a phone (375 px): four bottom tabs, no menu button, the current one marked, nothing hidden', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await newDriver(page)
    const tabs = page.getByRole('navigation', { name: 'Navegación inferior' })
    await expect(tabs.getByRole('link')).toHaveText(['Inicio', 'Documentos', 'Ofertas', 'Perfil'])
    await expect(tabs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.locator('[aria-current]')).toHaveCount(1)
    // No hamburger: the sidebar is not there and nothing in the top bar opens it.
    await expect(page.getByRole('navigation', { name: 'Panel del conductor' })).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button')).toHaveText(['Cerrar sesión'])
    await expect(page.locator('input[type="checkbox"]#driver-menu-toggle')).toHaveCount(0)
    for (const box of await tabs
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
    }
    // The bar keeps clear of the phone's home indicator.
    expect(await tabs.evaluate((n) => n.className)).toContain('safe-area-inset-bottom')

    // Scrolled to the end, the page's last line sits above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const [mainBottom, barTop] = await Promise.all([
      page.locator('main').evaluate((m) => m.getBoundingClientRect().bottom),
      tabs.evaluate((n) => n.getBoundingClientRect().top),
    ])
    expect(mainBottom).toBeLessThanOrEqual(barTop)
    await expectAccessible(page)
    await shot(page, jsEnabled, 'inicio-375', false)

    // «Documentos» opens the checklist of the home, below the top bar.
    await tabs.getByRole('link', { name: 'Documentos' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/home#documentos$/)
    const checklist = page.locator('#documentos')
    await expect(checklist.getByRole('heading', { level: 2 }).first()).toBeInViewport()
    await expect
      .poll(() => checklist.evaluate((n) => Math.round(n.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(56)

    await tabs.getByRole('link', { name: 'Ofertas' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/job-postings$/)
    await expect(tabs.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', 'page')
    await page.getByRole('link', { name: 'Mis postulaciones' }).click()
    await expect(page).toHaveURL(/\/job-postings\/postuladas$/)
    await expect(page.getByRole('heading', { name: 'Mis postulaciones', level: 1 })).toBeVisible()
    await expect(tabs.getByRole('link', { name: 'Ofertas' })).toHaveAttribute('aria-current', 'page')

    // «Perfil» holds every settings page: Datos bancarios and Seguridad are one tap away there.
    await tabs.getByRole('link', { name: 'Perfil' }).click()
    await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible()
    const profile = page.getByRole('navigation', { name: 'Perfil' })
    await profile.getByRole('link', { name: 'Datos bancarios' }).click()
    await expect(page).toHaveURL(/\/settings\/banco-detalles$/)
    await expect(tabs.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page')
    await profile.getByRole('link', { name: 'Seguridad' }).click()
    await expect(page).toHaveURL(/\/settings\/seguridad$/)
    await expect(profile.getByRole('link', { name: 'Seguridad' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page')
    await expectAccessible(page)
    await shot(page, jsEnabled, 'seguridad-375', false)
  })

  test('on a desktop (1280 px): the sidebar lists every page and runs the page’s full height', async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    await newDriver(page)
    const sidebar = page.getByRole('navigation', { name: 'Panel del conductor' })
    await expect(sidebar.getByRole('link')).toHaveText([
      'Inicio',
      'Documentos',
      'Ofertas',
      'Mi perfil',
      'Datos bancarios',
      'Seguridad',
      'Mis datos',
      'Ayuda',
    ])
    await expect(page.getByRole('navigation', { name: 'Navegación inferior' })).toBeHidden()
    await expect(sidebar.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page')

    // The home is longer than the window: the sidebar's column reaches its end, its menu in view.
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height).toBeGreaterThan(1600)
    const column = page.locator('aside:has(nav[aria-label="Panel del conductor"])')
    expect(await column.evaluate((a) => a.getBoundingClientRect().height)).toBeGreaterThanOrEqual(height - 56)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(sidebar.getByRole('link', { name: 'Seguridad' })).toBeInViewport()
    await expectAccessible(page)
    await shot(page, jsEnabled, 'inicio-1280')

    await sidebar.getByRole('link', { name: 'Seguridad' }).click()
    await expect(page).toHaveURL(/\/settings\/seguridad$/)
    await expect(sidebar.getByRole('link', { name: 'Seguridad' })).toHaveAttribute('aria-current', 'page')
    await expect(sidebar.getByRole('link', { name: 'Mi perfil' })).not.toHaveAttribute('aria-current', 'page')
    await expect(sidebar.locator('[aria-current]')).toHaveCount(1)
    await shot(page, jsEnabled, 'seguridad-1280')
    await sidebar.getByRole('link', { name: 'Datos bancarios' }).click()
    await expect(page).toHaveURL(/\/settings\/banco-detalles$/)
    await expect(sidebar.getByRole('link', { name: 'Datos bancarios' })).toHaveAttribute('aria-current', 'page')

    await sidebar.getByRole('link', { name: 'Documentos' }).click()
    await expect(page).toHaveURL(/\/user\/dashboard\/home#documentos$/)
    await expect(page.locator('#documentos').getByRole('heading', { level: 2 }).first()).toBeInViewport()
  })

  test('the public header leads a signed-in driver to «Mi panel»', async ({ page, jsEnabled }) => {
    await newDriver(page)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      const header = page.getByRole('banner')
      if (width === 375) await header.getByText('Menú').click()
      const panel = header.getByRole('link', { name: 'Mi panel' }).locator('visible=true')
      await expect(panel).toHaveAttribute('href', '/user/dashboard/home')
      await expect(header.getByText('Dashboard')).toHaveCount(0)
      await shot(page, jsEnabled, `sitio-encabezado-${width}`, false)
    }
  })
})
