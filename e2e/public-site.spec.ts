import { expect, expectAccessible, test } from './fixtures'

const PAGES = ['/', '/contacto', '/empresas', '/ayuda', '/preguntas-frecuentes', '/terminos-condiciones', '/privacidad']

test.describe('home', () => {
  test('is complete server-rendered HTML with every section', async ({ page, jsEnabled }) => {
    test.setTimeout(90_000)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conduce con Fleeters y gana más con tus rutas')
    await expect(page.getByRole('main').getByRole('link', { name: 'Quiero conducir' })).toHaveAttribute(
      'href',
      '/register',
    )
    await expect(page.getByRole('img', { name: 'Despachos Andes' })).toBeVisible()
    for (const heading of [
      'Requisitos para ser Fleeter',
      '¿Por qué ser Fleeter?',
      'Soluciones para empresas',
      'Fleeters en cifras',
      'Lo que dicen de nosotros',
      'Preguntas frecuentes',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    }
    for (const text of [
      'Entregas por sector',
      'Gana más',
      'Elige AM o PM',
      'Ser mayor de 18 años.',
      'Licencia de conducir chilena vigente.',
      'Iniciación de actividades ante el SII.',
      'Si eres extranjero, contar con visa definitiva.',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible()
    }
    await expect(page.getByText(/furgón \(700 a 1\.500 kg\) o camión \(1\.500 a 16\.000 kg\)/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Conoce los servicios para empresas' })).toHaveAttribute(
      'href',
      '/empresas',
    )
    await expect(page.getByText('+839')).toBeVisible()
    await expect(page.getByText('0,4 %')).toBeVisible()
    await expect(page.getByText('98 %')).toBeVisible()
    await expect(page.getByText('Carolina Muñoz')).toBeVisible()
    // The final number is in the HTML; with JS it counts up for 5 s once in view and ends there.
    const counter = page.getByTestId('contador-pedidos')
    if (jsEnabled) {
      await counter.scrollIntoViewIfNeeded()
      await expect(counter).not.toHaveText('200.000')
      await expect(counter).toHaveText('200.000', { timeout: 8000 })
    } else {
      await expect(counter).toHaveText('200.000')
    }
    await expect(page.getByTestId('ofertas-cargando')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('shows the first 5 FAQ entries, one open at a time', async ({ page }) => {
    await page.goto('/')
    const items = page.locator('details[name="faq"]')
    await expect(items).toHaveCount(5)
    await items.nth(0).locator('summary').click()
    await expect(items.nth(0)).toHaveAttribute('open', '')
    await expect(items.nth(0).getByText(/conecta a conductores independientes/)).toBeVisible()
    await items.nth(1).locator('summary').click()
    await expect(items.nth(1)).toHaveAttribute('open', '')
    await expect(items.nth(0)).not.toHaveAttribute('open', '')
    await expect(items.nth(0).getByText(/conecta a conductores independientes/)).toBeHidden()
    await page.getByRole('link', { name: 'Ver todas las preguntas' }).click()
    await expect(page).toHaveURL(/\/preguntas-frecuentes$/)
  })

  test('the partner strip can be stopped and stops for reduced motion', async ({ page }) => {
    await page.goto('/')
    const track = page.locator('.partner-track')
    await expect(track).toHaveCSS('animation-play-state', 'running')
    await page.getByLabel('Detener animación').check()
    await expect(track).toHaveCSS('animation-play-state', 'paused')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect(track).toHaveCSS('animation-name', 'none')
  })
})

test.describe('FAQ and terms', () => {
  test('the FAQ page lists every entry', async ({ page }) => {
    await page.goto('/preguntas-frecuentes')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
    await expect(page.locator('main details')).toHaveCount(8)
    await page.getByText('¿Tiene algún costo crear una cuenta?').click()
    await expect(page.getByText('No. Crear y mantener tu cuenta en Fleeters es gratuito.')).toBeVisible()
    await expectAccessible(page)
  })

  test('the terms have the eight sections and the facts of the spec', async ({ page }) => {
    await page.goto('/terminos-condiciones')
    const sections = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(sections).toHaveText([
      '1. Servicios',
      '2. Precio y forma de pago',
      '3. Vigencia',
      '4. Registro y requisitos del conductor',
      '5. Datos personales',
      '6. Ley aplicable y jurisdicción',
      '7. Misceláneos',
      '8. Canales de comunicación',
    ])
    const main = page.getByRole('main')
    await expect(main).toContainText('Región Metropolitana')
    await expect(main).toContainText('primeros 5 a 10 días hábiles del mes siguiente')
    await expect(main).toContainText('factura con IVA')
    await expect(main).toContainText('30 días de anticipación')
    await expect(main).toContainText('es gratuito')
    await expect(main).toContainText('leyes de la República de Chile')
    await expect(main).toContainText('tribunales ordinarios de justicia de la ciudad de Santiago')
    await expectAccessible(page)
  })
})

test.describe('SEO and layout', () => {
  for (const path of PAGES) {
    test(`${path} has its own title, description, canonical URL and Open Graph tags, and fits 375 px`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(path)
      const title = await page.title()
      expect(title).toMatch(/Fleeters/)
      const canonical = `${baseURL}${path === '/' ? '/' : path}`
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical)
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'es_CL')
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website')
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{50,}/)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    })
  }

  test('the navbar folds into the menu at 768 px or narrower (spec §2), not at 769 px', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Principal' })
    await page.setViewportSize({ width: 768, height: 800 })
    await expect(nav.getByText('Menú')).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Contacto' })).toBeHidden()
    await page.setViewportSize({ width: 769, height: 800 })
    await expect(nav.getByText('Menú')).toBeHidden()
    await expect(nav.getByRole('link', { name: 'Contacto' })).toBeVisible()
  })

  test('robots.txt and sitemap.xml', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt')
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.headers()['content-type']).toContain('application/xml')
    const xml = await sitemap.text()
    for (const path of PAGES) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
  })
})

/**
 * A form page may add 50 KB to a bare page (≤ 159 KB, DEVELOPERS.md). Shared chunks count here
 * too; zod and the schemas load on the form's first focus, after this measure.
 */
const FORM_BUDGETS: Array<[string, number]> = [
  ['/contacto', 159],
  ['/ayuda?tipo=Complaints&reclamo=PAGO', 159],
  ['/empresas', 159],
]

test.describe('form pages JS budget', () => {
  for (const [path, kb] of FORM_BUDGETS) {
    test(`${path} loads at most ${kb} KB of gzip JS`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, 'measured with JS on')
      const zlib = await import('node:zlib')
      let js = 0
      const pending: Promise<void>[] = []
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return
        pending.push(res.body().then((body) => void (js += zlib.gzipSync(body, { level: 9 }).byteLength)))
      })
      await page.goto(path, { waitUntil: 'networkidle' })
      await Promise.all(pending)
      console.log(`${path}: JS ${(js / 1024).toFixed(1)} KB (gzip)`)
      expect(js / 1024).toBeLessThanOrEqual(kb)
    })
  }
})
