import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { driverRegistrationPayloadSchema } from '#domain/validation/auth'
import { verifyPassword } from '#services/platform/crypto'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import {
  checkEmailAvailable,
  checkPhoneAvailable,
  checkRutAvailable,
  REGISTER_MESSAGES,
  registerDriver,
} from './register-operations'

/** A driver's registration as the form's schema gives it. */
const driver = driverRegistrationPayloadSchema.parse({
  firstname: 'Camila',
  lastname: 'Pérez',
  rut: '12.345.678-5',
  email: 'Camila@Example.cl',
  phone: '9 8765 4321',
  password: 'clave1234',
  acceptTerms: true,
})
const IP = '203.0.113.7'

/** The driver sign-up operations called as a script would call them, without a route in between. */
describe.each(engines)('register operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  const counts = async () => ({
    users: (await p.db.selectFrom('users').select('id').execute()).length,
    consents: (await p.db.selectFrom('consents').select('id').execute()).length,
    mails: (await outbox(p)).length,
  })

  it('registers an unverified driver with the RUT sealed, the consents in force and the welcome mail', async () => {
    expect(await registerDriver(p, { driver, ip: IP })).toEqual({ message: REGISTER_MESSAGES.created })
    const user = await p.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      role: 'User',
      email: 'camila@example.cl',
      firstname: 'Camila',
      lastname: 'Pérez',
      phone: driver.phone,
      email_verified: 0,
      accepted_terms_at: user.created_at,
      rut_hmac: p.columns.hash('rut', driver.rut),
    })
    expect(user.rut).not.toContain('12345678')
    expect(p.columns.open('rut', user.rut!)).toBe(driver.rut)
    expect(await verifyPassword(driver.password, user.password_hash)).toBe(true)
    const consents = await p.db
      .selectFrom('consents')
      .select(['user_id', 'document', 'version', 'accepted_at', 'ip'])
      .orderBy('document')
      .execute()
    expect(consents).toEqual([
      {
        user_id: user.id,
        document: 'privacy',
        version: LEGAL_DOCUMENTS.privacy.version,
        accepted_at: user.created_at,
        ip: IP,
      },
      {
        user_id: user.id,
        document: 'terms',
        version: LEGAL_DOCUMENTS.terms.version,
        accepted_at: user.created_at,
        ip: IP,
      },
    ])
    expect((await outbox(p)).map((m) => [m.recipient, m.subject])).toEqual([
      ['camila@example.cl', 'Bienvenido a Fleeters'],
    ])
  })

  it('refuses a taken email in any case with 409, and names every taken field when more than one is', async () => {
    await registerDriver(p, { driver, ip: null })
    const before = await counts()
    const other = { rut: '11.111.111-1', phone: '976543210' }
    await expect(
      registerDriver(p, { driver: { ...driver, ...other, email: 'CAMILA@example.cl' }, ip: null }),
    ).rejects.toMatchObject({ status: 409, messages: REGISTER_MESSAGES.emailTaken })
    await expect(
      registerDriver(p, { driver: { ...driver, email: 'otra@example.cl' }, ip: null }),
    ).rejects.toMatchObject({ status: 409, messages: [REGISTER_MESSAGES.rutTaken, REGISTER_MESSAGES.phoneTaken] })
    await expect(registerDriver(p, { driver, ip: null })).rejects.toMatchObject({
      status: 409,
      messages: [REGISTER_MESSAGES.emailTaken, REGISTER_MESSAGES.rutTaken, REGISTER_MESSAGES.phoneTaken],
    })
    expect(await counts()).toEqual(before)
  })

  it('tells an email, a RUT and a phone free until an account has them, then 409', async () => {
    const free = (message: string) => ({ message, available: true })
    expect(await checkEmailAvailable(p, { email: driver.email })).toEqual(free(REGISTER_MESSAGES.emailFree))
    expect(await checkRutAvailable(p, { rut: driver.rut })).toEqual(free(REGISTER_MESSAGES.rutFree))
    expect(await checkPhoneAvailable(p, { phone: driver.phone })).toEqual(free(REGISTER_MESSAGES.phoneFree))

    await registerDriver(p, { driver, ip: null })
    await expect(checkEmailAvailable(p, { email: 'CAMILA@EXAMPLE.CL' })).rejects.toMatchObject({
      status: 409,
      messages: REGISTER_MESSAGES.emailTaken,
    })
    await expect(checkRutAvailable(p, { rut: driver.rut })).rejects.toMatchObject({
      status: 409,
      messages: REGISTER_MESSAGES.rutTaken,
    })
    await expect(checkPhoneAvailable(p, { phone: driver.phone })).rejects.toMatchObject({
      status: 409,
      messages: REGISTER_MESSAGES.phoneTaken,
    })
    expect(await checkEmailAvailable(p, { email: 'otra@example.cl' })).toEqual(free(REGISTER_MESSAGES.emailFree))
    expect(await checkRutAvailable(p, { rut: '11.111.111-1' })).toEqual(free(REGISTER_MESSAGES.rutFree))
    expect(await checkPhoneAvailable(p, { phone: '976543210' })).toEqual(free(REGISTER_MESSAGES.phoneFree))
  })
})
