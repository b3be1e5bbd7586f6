/**
 * "nothing covers a field": every tap target on the main screens is at least
 * 44 × 44 px at 375 px and 1280 px, and the floating WhatsApp button never covers a form control
 * at 375 px. Both projects: the WhatsApp rule is CSS (it hides while a form control has focus, and
 * the footer leaves room below the last control), so it holds with and without JS.
 */
import type { Page } from '@playwright/test'
import { newDriver } from './driver-session'
import { expect, test } from './fixtures'
import { apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

const WIDTHS = [375, 1280] as const
const MIN = 44

/**
 * The targets of `document` smaller than 44 × 44 px, described as `tag "name" w×h`. What counts:
 * a[href], button, input (not hidden), select, textarea, summary, [role=button], each visible
 * (checkVisibility) and not inert. A checkbox, radio or file input with a label is measured by its
 * label (the label is what a finger taps), the label wrapping it first, else label[for]. A control
 * hidden as sr-only (a 1 × 1 clip) is focused and measured again (the skip link appears on focus);
 * if it stays hidden, its label is the target (a file input styled through its label).
 *
 * Exemptions, each with its reason:
 * - Inline links (WCAG 2.5.8 "inline"): an <a> whose nearest block ancestor is a <p>, <li>, <dd>,
 *   <td> or <label> that holds more text than the link itself, i.e. a link inside a sentence of
 *   running text (e.g. «Acepto los términos y condiciones»), whose size the line height sets.
 * - Disabled controls (disabled attribute, or aria-disabled="true"): not a target, nothing
 *   happens when tapped.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]'
    const BLOCKS = new Set([
      'P',
      'LI',
      'DD',
      'TD',
      'LABEL',
      'DIV',
      'SECTION',
      'ARTICLE',
      'MAIN',
      'FOOTER',
      'HEADER',
      'NAV',
      'BODY',
      'FORM',
      'FIGURE',
      'BLOCKQUOTE',
      'UL',
      'OL',
      'DL',
    ])
    const PROSE = new Set(['P', 'LI', 'DD', 'TD', 'LABEL'])
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !el.closest('[inert]')
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
    const isInline = (el: Element) => {
      if (el.tagName !== 'A') return false
      let block = el.parentElement
      while (block && !BLOCKS.has(block.tagName)) block = block.parentElement
      if (!block || !PROSE.has(block.tagName)) return false
      return text(block).length > text(el).length
    }
    const labelOf = (el: Element) => {
      if (!(el instanceof HTMLInputElement)) return null
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null)
      return label && visible(label) ? label : null
    }
    const target = (el: Element): Element =>
      el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? (labelOf(el) ?? el) : el
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue
      const t = target(el)
      if (!visible(t) || isInline(el)) continue
      let box = t.getBoundingClientRect()
      if (box.width <= 1 && box.height <= 1 && el instanceof HTMLElement) {
        el.focus()
        box = t.getBoundingClientRect()
        el.blur()
        // Visually hidden for good (a file input styled through its label): the label is the target.
        const label = box.width <= 1 && box.height <= 1 ? labelOf(el) : null
        if (label) box = label.getBoundingClientRect()
        else if (box.width <= 1 && box.height <= 1) continue
      }
      if (box.width < min - 0.01 || box.height < min - 0.01) {
        const name =
          el.getAttribute('aria-label') ?? (text(t) || el.getAttribute('name') || el.getAttribute('href') || '')
        out.push(
          `${t.tagName.toLowerCase()}${t === el ? '' : `(${el.tagName.toLowerCase()})`} ` +
            `"${name.slice(0, 50)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return out
  }, MIN)
}

/** Checks `path` at both widths, with every <details> closed and then open (menus, accordions). */
async function checkPage(page: Page, path: string, found: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    if (page.url() !== new URL(path, page.url()).href) await page.goto(path)
    const closed = await smallTargets(page)
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')))
    const open = await smallTargets(page)
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.removeAttribute('open')))
    for (const o of new Set([...closed, ...open])) found.push(`${path} @${width}: ${o}`)
  }
}

const PUBLIC_PAGES = [
  '/',
  '/empresas',
  '/contacto',
  '/ayuda',
  '/preguntas-frecuentes',
  '/login',
  '/register',
  '/empresas/registro',
]

test.describe('tap targets are at least 44 × 44 px', () => {
  test('public pages', async ({ page }) => {
    test.setTimeout(120_000)
    const found: string[] = []
    for (const path of PUBLIC_PAGES) {
      await page.goto(path)
      await checkPage(page, path, found)
    }
    expect(found).toEqual([])
  })

  test('driver pages', async ({ page, request }) => {
    test.setTimeout(150_000)
    const company = await apiCompany(request)
    await apiPosting(request, company.token)
    await newDriver(page)
    const found: string[] = []
    const home = '/user/dashboard/home'
    await checkPage(page, home, found)
    // The upload panel (a dialog the link opens, with or without JS: it is in the URL).
    await page.setViewportSize({ width: 1280, height: 900 })
    const upload = await page
      .getByRole('link', { name: /^Añadir documento: / })
      .first()
      .getAttribute('href')
    expect(upload).toBeTruthy()
    await page.goto(upload!)
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkPage(page, upload!, found)
    const driverPages = [
      '/user/dashboard/settings',
      '/user/dashboard/settings/banco-detalles',
      '/user/dashboard/settings/seguridad',
      '/user/dashboard/job-postings',
    ]
    // «Mis datos»: deletion and pause (decision 76)
    driverPages.push('/user/dashboard/settings/mis-datos/eliminar', '/user/dashboard/settings/mis-datos/pausar')
    for (const path of driverPages) {
      await page.goto(path)
      await checkPage(page, path, found)
    }
    expect(found).toEqual([])
  })

  test('company pages', async ({ page, request }) => {
    test.setTimeout(150_000)
    const company = await apiCompany(request)
    const posting = await apiPosting(request, company.token)
    const driver = await apiDriver(request)
    const applied = await request.post('/api/users/postulate-job-posting', {
      data: { id_publication: posting },
      headers: { 'auth-user': driver.token },
    })
    expect(applied.status()).toBe(201)
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    const found: string[] = []
    const companyPages = ['/business/dashboard', `/business/dashboard/publicaciones/${posting}`]
    // «Mis datos»: deletion and opt-out (decision 76)
    companyPages.push('/business/dashboard/mis-datos/eliminar', '/business/dashboard/mis-datos/pausar')
    for (const path of companyPages) {
      await page.goto(path)
      await checkPage(page, path, found)
    }
    expect(found).toEqual([])
  })
})

/** The boxes of the visible form controls and links that the WhatsApp button covers, if it shows. */
async function coveredByWhatsApp(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wa = document.querySelector('a[aria-label="Escríbenos por WhatsApp"]')
    if (!wa || !wa.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return []
    const w = wa.getBoundingClientRect()
    const out: string[] = []
    for (const el of Array.from(
      document.querySelectorAll('input:not([type="hidden"]), select, textarea, button, a[href], summary, label'),
    )) {
      if (el === wa || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const b = el.getBoundingClientRect()
      if (b.width <= 1 || b.height <= 1) continue
      if (b.left < w.right && b.right > w.left && b.top < w.bottom && b.bottom > w.top) {
        const label = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? ''
        out.push(`${el.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`)
      }
    }
    return out
  })
}

const FORM_PAGES = ['/empresas', '/contacto', '/ayuda?tipo=Inquiries', '/login', '/register', '/empresas/registro']

test('at 375 px the WhatsApp button covers no form control: hidden while one has focus, clear of the last one', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 375, height: 740 })
  const whatsApp = page.getByRole('link', { name: 'Escríbenos por WhatsApp' })
  const found: string[] = []
  for (const path of FORM_PAGES) {
    await page.goto(path)
    await expect(whatsApp).toBeVisible()
    const controls = page.locator('main').locator('input:not([type="hidden"]), select, textarea, button')
    const count = await controls.count()
    expect(count).toBeGreaterThan(0)
    if (path === '/contacto') {
      await page.locator('main textarea').first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath('contacto-375.png') })
    }
    let focused = 0
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i)
      if (!(await control.isVisible()) || (await control.isDisabled())) continue
      // Focus scrolls the control into view as a keyboard or a tap would, often to the bottom edge.
      await control.focus()
      focused++
      // The design: hidden while a control has focus (CSS, so both projects); covering nothing is what counts.
      if (focused === 1) await expect(whatsApp).toBeHidden()
      for (const c of await coveredByWhatsApp(page)) found.push(`${path}, focus on control ${i}: covers ${c}`)
    }
    expect(focused, `${path} has controls to focus`).toBeGreaterThan(0)
    // Nothing focused and the page scrolled to its very end: the last controls sit clear of it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(whatsApp).toBeVisible()
    for (const c of await coveredByWhatsApp(page)) found.push(`${path}, scrolled to the end: covers ${c}`)
    if (path === '/contacto') await page.screenshot({ path: test.info().outputPath('contacto-375-final.png') })
  }
  expect(found).toEqual([])
})
