import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { computeCheckDigit } from '#domain/rut'
import { companyRegistrationPayloadSchema } from '#domain/validation/company'
import type { Platform } from '#services/platform/platform'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { COMPANY_MESSAGES, companyLogo, registerCompany } from './company-operations'

/** A company's registration as the form's schema gives it. */
const company = companyRegistrationPayloadSchema.parse({
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
})
const OTHER_RUT = `77234567-${computeCheckDigit(77234567)}`
const IP = '203.0.113.9'

async function pngLogo() {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#124a9c' } })
    .png()
    .toBuffer()
  return new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' })
}

/** The company sign-up operations called as a script would call them, without a route in between. */
describe.each(engines)('company operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  const counts = async () => ({
    users: (await p.db.selectFrom('users').select('id').execute()).length,
    companies: (await p.db.selectFrom('companies').select('id').execute()).length,
    consents: (await p.db.selectFrom('consents').select('id').execute()).length,
    mails: (await outbox(p)).length,
  })

  it('registers an unverified company account with its consents and the welcome mail', async () => {
    expect(await registerCompany(p, { company, logo: null, ip: IP })).toEqual({ message: COMPANY_MESSAGES.created })
    const user = await p.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      role: 'business',
      email: 'ana@andes.cl',
      email_verified: 0,
      firstname: 'Ana',
      lastname: 'Pérez Soto',
      accepted_terms_at: user.created_at,
    })
    expect(await p.db.selectFrom('companies').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      user_id: user.id,
      name: company.name_business,
      rut: '76123456-0',
      email: 'ana@andes.cl',
      logo_url: null,
      verified: 0,
    })
    const consents = await p.db
      .selectFrom('consents')
      .select(['user_id', 'document', 'version', 'ip'])
      .orderBy('document')
      .execute()
    expect(consents).toEqual([
      { user_id: user.id, document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, ip: IP },
      { user_id: user.id, document: 'terms', version: LEGAL_DOCUMENTS.terms.version, ip: IP },
    ])
    expect((await outbox(p)).map((m) => [m.recipient, m.subject])).toEqual([['ana@andes.cl', 'Bienvenido a Fleeters']])
  })

  it('stores the logo as WebP and reads it back by its name; any other name is none', async () => {
    await registerCompany(p, { company, logo: await pngLogo(), ip: null })
    const { logo_url } = await p.db.selectFrom('companies').select('logo_url').executeTakeFirstOrThrow()
    const name = logo_url!.split('/').at(-1)!
    const bytes = await companyLogo(p, { name })
    expect((await sharp(Buffer.from(bytes!)).metadata()).format).toBe('webp')
    expect(await companyLogo(p, { name: 'no-existe.webp' })).toBeNull()
    expect(await companyLogo(p, { name: `${'a'.repeat(22)}.webp` })).toBeNull()
    expect(await companyLogo(p, { name: '../../fleeters.db' })).toBeNull()
  })

  it('refuses a taken email or RUT (both named when both are) and an unknown commune, writing nothing', async () => {
    await registerCompany(p, { company, logo: null, ip: null })
    const before = await counts()
    await expect(
      registerCompany(p, { company: { ...company, email: 'ANA@andes.cl', rut: OTHER_RUT }, logo: null, ip: null }),
    ).rejects.toMatchObject({ status: 409, messages: COMPANY_MESSAGES.emailTaken })
    await expect(
      registerCompany(p, { company: { ...company, email: 'otra@andes.cl' }, logo: null, ip: null }),
    ).rejects.toMatchObject({ status: 409, messages: COMPANY_MESSAGES.rutTaken })
    await expect(registerCompany(p, { company, logo: null, ip: null })).rejects.toMatchObject({
      status: 409,
      messages: [COMPANY_MESSAGES.emailTaken, COMPANY_MESSAGES.rutTaken],
    })
    const nowhere = { ...company, email: 'otra@andes.cl', rut: OTHER_RUT, id_commune: 13199 }
    await expect(registerCompany(p, { company: nowhere, logo: null, ip: null })).rejects.toMatchObject({
      status: 400,
    })
    expect(await counts()).toEqual(before)
  })

  it('removes the stored logo when a racing sign-up takes the email first', async () => {
    let stored: string | undefined
    // The other sign-up commits between the checks and this one's transaction (the logo is stored in between).
    const racing: Platform = {
      ...p,
      files: {
        ...p.files,
        put: async (prefix, bytes, extension) => {
          stored = await p.files.put(prefix, bytes, extension)
          await registerCompany(p, { company: { ...company, rut: OTHER_RUT }, logo: null, ip: null })
          return stored
        },
      },
    }
    await expect(registerCompany(racing, { company, logo: await pngLogo(), ip: null })).rejects.toMatchObject({
      status: 409,
      messages: COMPANY_MESSAGES.emailTaken,
    })
    expect(stored).toBeDefined()
    expect(await p.files.get(stored!)).toBeNull()
    expect(await p.db.selectFrom('companies').select('rut').execute()).toEqual([{ rut: OTHER_RUT }])
  })
})
