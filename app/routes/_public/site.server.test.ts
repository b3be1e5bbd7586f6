import { afterEach, describe, expect, it, vi } from 'vitest'

/** A fresh module graph, so env() reads this SESSION_SECRET (as another web process would). */
async function freshSite(secret: string) {
  vi.stubEnv('SESSION_SECRET', secret)
  vi.resetModules()
  return import('./site.server')
}

const SECRET = 'miel'.repeat(10)

function form(fields: Record<string, string>) {
  const formData = new FormData()
  formData.set('email', 'ana@example.cl')
  for (const [k, v] of Object.entries(fields)) formData.set(k, v)
  return formData
}

afterEach(() => vi.unstubAllEnvs())

describe('the public forms honeypot (remix-utils)', () => {
  it('lets through a form from our page, with the trap empty, even in another process', async () => {
    const site = await freshSite(SECRET)
    const props = await site.honeypotInputProps()
    expect(props.nameFieldName).toBe('url_sitio')
    expect(props.validFromFieldName).toBe('hp_desde')
    const good = form({ url_sitio: '', hp_desde: props.encryptedValidFrom })
    expect(await site.passesHoneypot(good)).toBe(true)
    // Another web process with the same SESSION_SECRET reads the sealed time too.
    const other = await freshSite(SECRET)
    expect(await other.passesHoneypot(good)).toBe(true)
  })

  it('refuses a filled trap field', async () => {
    const site = await freshSite(SECRET)
    const props = await site.honeypotInputProps()
    expect(
      await site.passesHoneypot(form({ url_sitio: 'http://spam.example', hp_desde: props.encryptedValidFrom })),
    ).toBe(false)
  })

  it('refuses a form without the honeypot fields (remix-utils alone lets it through)', async () => {
    const site = await freshSite(SECRET)
    const props = await site.honeypotInputProps()
    expect(await site.passesHoneypot(form({}))).toBe(false)
    expect(await site.passesHoneypot(form({ hp_desde: props.encryptedValidFrom }))).toBe(false)
    expect(await site.passesHoneypot(form({ url_sitio: '' }))).toBe(false)
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: '' }))).toBe(false)
  })

  it('refuses a tampered, foreign or future time field', async () => {
    const site = await freshSite(SECRET)
    const { encryptedValidFrom } = await site.honeypotInputProps()
    const last = encryptedValidFrom.at(-3) === 'A' ? 'B' : 'A'
    const tampered = `${encryptedValidFrom.slice(0, -3)}${last}${encryptedValidFrom.slice(-2)}`
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: tampered }))).toBe(false)
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: 'no es base64 ¿?' }))).toBe(false)
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: String(Date.now()) }))).toBe(false)
    // Sealed by a process with another secret.
    const foreign = await (await freshSite('otro'.repeat(10))).honeypotInputProps()
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: foreign.encryptedValidFrom }))).toBe(false)
    // A clock a little ahead still counts; a time well in the future does not.
    const soon = await site.honeypotInputProps(Date.now() + 30_000)
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: soon.encryptedValidFrom }))).toBe(true)
    const later = await site.honeypotInputProps(Date.now() + 5 * 60_000)
    expect(await site.passesHoneypot(form({ url_sitio: '', hp_desde: later.encryptedValidFrom }))).toBe(false)
  })

  it('a refused submission answers 400 with the generic failure and keeps the values', async () => {
    vi.stubEnv('SESSION_SECRET', SECRET)
    vi.resetModules()
    const { action } = await import('./contacto')
    const body = form({ firstName: 'Ana', message: 'Hola', url_sitio: 'http://spam.example', hp_desde: 'x' })
    const request = new Request('http://localhost/contacto', { method: 'POST', body })
    const res = (await action({ request, context: {}, params: {} } as never)) as unknown as {
      init: ResponseInit
      data: { outcome: { messages: string[] }; result: { initialValue: Record<string, unknown> } }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.outcome.messages).toEqual(['Error en enviar formulario, inténtalo nuevamente...'])
    expect(res.data.result.initialValue).toMatchObject({ firstName: 'Ana', message: 'Hola' })
  })
})
