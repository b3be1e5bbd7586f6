import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { computeCheckDigit } from '#domain/rut'
import { driverRegistrationPayloadSchema } from '#domain/validation/auth'
import { companyRegistrationPayloadSchema } from '#domain/validation/company'
import { CLIENT_IP_HEADER } from '#services/platform/client-ip'
import { messages } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'

const company = {
  name_business: 'Transportes Andes SpA',
  rut: '76.123.456-0',
  contact_name: 'Ana Pérez Soto',
  email: 'Ana@Andes.cl',
  phone: '22876543',
  password: 'clave1234',
  id_zone: 2,
  id_region: 13000,
  id_commune: 13101,
  acceptTerms: true,
}

function registration(data: unknown, logo?: Blob, name = 'logo.png') {
  const form = new FormData()
  form.set('data', typeof data === 'string' ? data : JSON.stringify(data))
  if (logo) form.set('logoBusiness', logo, name)
  return form
}

async function png(width: number, height: number) {
  return new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: '#124a9c' } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: 'image/png' },
  )
}

describe.each(engines)('company registration on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const register = (form: FormData) => api.call('POST', '/business/register', { form })
  const counts = async () => ({
    users: (await p.db.selectFrom('users').select('id').execute()).length,
    companies: (await p.db.selectFrom('companies').select('id').execute()).length,
    mails: (await outbox(p)).length,
  })

  it('creates an unverified business user and its company in one go, with a welcome mail', async () => {
    const res = await register(registration(company))
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Empresa registrada correctamente. Inicia sesión para verificar tu correo.')
    const user = await p.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      role: 'business',
      email: 'ana@andes.cl',
      email_verified: 0,
      firstname: 'Ana',
      lastname: 'Pérez Soto',
      rut: null,
      phone: null,
    })
    const row = await p.db.selectFrom('companies').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      user_id: user.id,
      name: company.name_business,
      rut: '76123456-0',
      contact_name: company.contact_name,
      email: 'ana@andes.cl',
      phone: '22876543',
      id_commune: 13101,
      logo_url: null,
      verified: 0,
    })
    const [mail] = await outbox(p, 'ana@andes.cl')
    expect(mail!.subject).toBe('Bienvenido a Fleeters')
  })

  it(
    'records the versions in force of the terms and the privacy policy, with the ' + 'address the web tier gave',
    async () => {
      const form = registration({ ...company, version: '0' })
      const res = await api.call('POST', '/business/register', { form, headers: { [CLIENT_IP_HEADER]: '203.0.113.9' } })
      expect(res.status).toBe(201)
      const user = await p.db
        .selectFrom('users')
        .select(['id', 'accepted_terms_at', 'created_at'])
        .executeTakeFirstOrThrow()
      const rows = await p.db
        .selectFrom('consents')
        .select(['user_id', 'document', 'version', 'accepted_at', 'ip'])
        .orderBy('document')
        .execute()
      expect(rows).toEqual([
        {
          user_id: user.id,
          document: 'privacy',
          version: LEGAL_DOCUMENTS.privacy.version,
          accepted_at: user.created_at,
          ip: '203.0.113.9',
        },
        {
          user_id: user.id,
          document: 'terms',
          version: LEGAL_DOCUMENTS.terms.version,
          accepted_at: user.created_at,
          ip: '203.0.113.9',
        },
      ])
      expect(user.accepted_terms_at).toBe(user.created_at)
    },
  )

  it.each([[false], [undefined], ['si']])(
    'refuses acceptTerms = %j with the checkbox message and writes nothing',
    async (value) => {
      const res = await register(registration({ ...company, acceptTerms: value }))
      expect(res.status).toBe(400)
      expect(messages(res.body)).toEqual(['Debes aceptar los Términos y condiciones y la Política de privacidad'])
      expect(await counts()).toEqual({ users: 0, companies: 0, mails: 0 })
      expect(await p.db.selectFrom('consents').select('id').execute()).toEqual([])
    },
  )

  it('stores the logo resized to WebP and serves it', async () => {
    const res = await register(registration(company, await png(1600, 900)))
    expect(res.status).toBe(201)
    const { logo_url } = await p.db.selectFrom('companies').select('logo_url').executeTakeFirstOrThrow()
    expect(logo_url).toMatch(/^\/api\/business\/logos\/[A-Za-z0-9_-]{22,}\.webp$/)
    const served = await api.app.request(logo_url!.replace('/api', ''))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width!, meta.height!)).toBe(400)
    expect((await api.get('/business/logos/no-existe.webp')).status).toBe(404)
    expect((await api.get('/business/logos/..%2F..%2Ffleeters.db')).status).toBe(404)
  })

  it('refuses a logo that is not an image by its bytes, or larger than 3 MB, writing nothing', async () => {
    const fake = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' })
    const bad = await register(registration(company, fake, 'logo.png'))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El logo debe ser una imagen PNG, JPG, JPEG o WEBP')
    const big = new Uint8Array(3 * 1024 * 1024 + 1)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const tooBig = await register(registration(company, new Blob([big], { type: 'image/png' })))
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toBe('El logo no puede superar los 3 MB')
    expect(await counts()).toEqual({ users: 0, companies: 0, mails: 0 })
  })

  it.each([
    ['name_business', '', 'Campo requerido'],
    ['name_business', 'x'.repeat(101), 'Máximo 100 caracteres'],
    ['rut', '76123456-1', 'Dígito verificador inválido'],
    ['rut', 'abc', 'Formato de RUT inválido'],
    ['contact_name', '', 'Campo requerido'],
    ['email', 'ana@', 'Correo electrónico inválido'],
    ['phone', '2287', 'Mínimo 8 caracteres'],
    ['phone', '22-87654x', 'El teléfono solo puede contener números'],
    ['phone', '22870000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
    ['password', 'corta', 'La contraseña debe tener al menos 8 caracteres'],
    ['id_zone', 9, 'Selecciona una opción válida'],
    ['id_region', 1000, 'La región no pertenece a la zona seleccionada'],
    ['id_commune', 1101, 'La comuna no pertenece a la región seleccionada'],
    ['id_commune', 13199, 'Selecciona una opción válida'],
  ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message) => {
    const res = await register(registration({ ...company, [field]: value }))
    expect(res.status).toBe(400)
    expect(messages(res.body)).toContain(message)
    expect(await counts()).toEqual({ users: 0, companies: 0, mails: 0 })
  })

  it('applies the same password rule as the driver registration', () => {
    for (const password of ['', 'corta1', 'x'.repeat(73) + '1', 'solamenteletras', '12345678']) {
      const ours = companyRegistrationPayloadSchema.safeParse({ ...company, password })
      const theirs = driverRegistrationPayloadSchema.safeParse({ password })
      const passwordIssues = (r: typeof ours | typeof theirs) =>
        (r.error?.issues ?? []).filter((i) => i.path[0] === 'password').map((i) => i.message)
      expect(passwordIssues(ours)).toEqual(passwordIssues(theirs))
      expect(passwordIssues(ours).length).toBeGreaterThan(0)
    }
  })

  it('refuses a body without data or with malformed JSON', async () => {
    expect((await register(new FormData())).status).toBe(400)
    expect((await register(registration('{no'))).status).toBe(400)
    expect((await register(registration(null))).status).toBe(400)
  })

  it('answers 409 for a taken email or company RUT', async () => {
    expect((await register(registration(company))).status).toBe(201)
    const email = await register(registration({ ...company, rut: `77234567-${computeCheckDigit(77234567)}` }))
    expect(email.status).toBe(409)
    expect(email.body.message).toBe('El correo electrónico ya está registrado.')
    const rut = await register(registration({ ...company, email: 'otra@andes.cl' }))
    expect(rut.status).toBe(409)
    expect(rut.body.message).toBe('El RUT de la empresa ya está registrado.')
    expect((await counts()).companies).toBe(1)
  })

  it('logs in through the email-code step as a business session', async () => {
    await register(registration(company))
    const step = await api.post('/auth/login', { email: company.email, password: company.password })
    expect(step.body).toMatchObject({ email_verification: true, role: 'business' })
    const mail = (await outbox(p, 'ana@andes.cl')).at(-1)!
    const verified = await api.post('/auth/validate-code-email-verification', {
      code: codeFrom(mail.body_text),
      token: step.body.email_one_time_token,
    })
    expect(verified.status).toBe(200)
    expect(verified.body.role).toBe('business')
    const data = await api.get('/business/get-data-business', { 'auth-business': verified.body.token_jwt })
    expect(data.body).toEqual({
      email: 'ana@andes.cl',
      name: company.name_business,
      phone: '22876543',
      logo: null,
      verified: false,
    })
  })
})
