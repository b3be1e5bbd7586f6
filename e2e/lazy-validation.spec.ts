import { expect, test } from './fixtures'

/**
 * Client validation arrives on the form's first focus (decision 13). A field left before the schema
 * has arrived (a slow connection, a quick Tab) is checked as soon as it does: its message shows
 * without the person visiting the field again. This held the chunks back to make the race certain;
 * before the fix the message never showed (and the company registration e2e failed now and then).
 */
test.describe('validation that arrives late', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'client validation is a JS enhancement')

  test('a field left before the schema arrived gets its message when it does', async ({ page }) => {
    await page.goto('/empresas/registro')
    // From now on, script chunks wait until released: the schema cannot arrive before the blur.
    const held: Array<() => void> = []
    let holding = true
    await page.route('**/assets/*.js', async (route) => {
      if (!holding) return route.continue()
      await new Promise<void>((release) => held.push(release))
      await route.continue()
    })
    await page.getByLabel('Nombre de la empresa').fill('Transportes Lentos SpA')
    await page.getByLabel('RUT de la empresa').fill('76123456-1')
    await page.getByLabel('Nombre de contacto').focus()
    await expect.poll(() => held.length, { message: 'the first focus asked for the schema' }).toBeGreaterThan(0)
    await expect(page.getByText('Dígito verificador inválido')).toHaveCount(0)

    holding = false
    for (const release of held.splice(0)) release()
    await expect(page.getByText('Dígito verificador inválido')).toBeVisible()
    // Only the field that was left is judged: the one in focus and those never visited say nothing.
    await expect(page.getByLabel('Nombre de contacto')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Correo electrónico')).not.toHaveAttribute('aria-invalid', 'true')
  })
})

/**
 * The first focus brings the form's own schema module and zod, not the other
 * forms' schemas, and not zod's JSON Schema generator (used only by the server's OpenAPI document;
 * scripts/vite-zod-browser.ts leaves it out of the browser build).
 */
test('the first focus loads this form’s schema module and zod without its JSON Schema generator', async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'client validation is a JS enhancement')
  const scripts: Array<{ url: string; body: Promise<string> }> = []
  let last = Date.now()
  page.on('request', () => void (last = Date.now()))
  page.on('response', (res) => {
    last = Date.now()
    if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: res.text() })
  })
  await page.goto('/contacto', { waitUntil: 'networkidle' })
  const beforeFocus = scripts.length
  await page.getByLabel('Nombre', { exact: true }).focus()
  await expect.poll(() => Date.now() - last, { intervals: [250] }).toBeGreaterThan(1000)
  const loaded = scripts.slice(beforeFocus).map((s) => new URL(s.url).pathname)
  // Vite names a chunk after its module: domain/validation/contact.ts is contact-<hash>.js.
  expect(
    loaded.some((p) => /\/contact-[\w-]{8}\.js$/.test(p)),
    `${loaded.join(', ')}`,
  ).toBe(true)
  for (const other of ['auth', 'marketplace', 'power', 'bank', 'experience']) {
    expect(
      loaded.filter((p) => new RegExp(`/${other}-[\\w-]{8}\\.js$`).test(p)),
      `${other} schemas on /contacto`,
    ).toEqual([])
  }
  for (const script of scripts)
    expect(
      (await script.body).includes('json-schema.org/draft'),
      `${script.url} carries zod's JSON Schema generator`,
    ).toBe(false)
})
