import { describe, expect, it } from 'vitest'
import * as authSchemas from './auth'
import {
  AUTH_MESSAGES as M,
  driverRegistrationPayloadSchema,
  driverRegistrationSchema,
  emailCodeSchema,
  loginSchema,
  resetPasswordConfirmPayloadSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
  validateEmailSchema,
  validatePhoneSchema,
  validateRutSchema,
} from './auth'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const form = {
  firstname: 'Ana',
  lastname: 'Pérez',
  rut: '12.345.678-5',
  email: 'ana@gmail.com',
  phone: '987654321',
  password: 'clave1234',
  confirmPassword: 'clave1234',
  acceptTerms: true,
}
const { confirmPassword: _c, ...payload } = form

describe('driverRegistrationSchema', () => {
  it('accepts a valid sample and normalises rut and phone', () => {
    expect(driverRegistrationSchema.parse(form)).toEqual({ ...form, rut: '12345678-5', phone: '56987654321' })
    expect(driverRegistrationSchema.parse({ ...form, phone: '56987654321', rut: '1000005-k' })).toMatchObject({
      phone: '56987654321',
      rut: '1000005-K',
    })
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['firstname', M.required],
      ['lastname', M.required],
      ['rut', M.rutRequired],
      ['email', M.emailRequired],
      ['phone', M.phoneRequired],
      ['password', M.passwordRequired],
      ['confirmPassword', M.confirmPasswordRequired],
      ['acceptTerms', M.acceptTerms],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(driverRegistrationSchema, { ...form, [field]: blank })[field]).toEqual([message])
    })
  })

  it.each([
    ['firstname', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['lastname', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['rut', '12345678', 'Formato de RUT inválido'],
    ['rut', '1-9', 'Formato de RUT inválido'],
    ['rut', '12.345.678-6', 'Dígito verificador inválido'],
    ['email', 'ana@gmail', 'Correo electrónico inválido'],
    ['email', `${'a'.repeat(75)}@gmail.com`, 'Correo electrónico no puede exceder los 80 caracteres'],
    ['phone', '9876a4321', 'El teléfono solo puede contener números'],
    ['phone', '9876 5432', M.phoneInvalid],
    ['phone', '887654321', M.phoneInvalid],
    ['phone', '98765432', M.phoneInvalid],
    ['phone', '56887654321', M.phoneInvalid],
    ['password', 'abc123', 'La contraseña debe tener al menos 8 caracteres'],
    ['password', `a1${'x'.repeat(71)}`, 'La contraseña no puede superar los 72 caracteres'],
    ['password', 'abcdefghij', 'La contraseña debe incluir letras y números'],
    ['password', '1234567890', 'La contraseña debe incluir letras y números'],
    ['acceptTerms', false, M.acceptTerms],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(
      fieldErrors(
        driverRegistrationSchema,
        { ...form, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) },
        field,
      ),
    ).toEqual([message])
  })

  it('requires matching passwords on confirmPassword', () => {
    expect(errorsOf(driverRegistrationSchema, { ...form, confirmPassword: 'clave12345' })).toEqual({
      confirmPassword: ['Las contraseñas no coinciden'],
    })
  })

  it('reports the mismatch together with format errors of other fields', () => {
    const errors = errorsOf(driverRegistrationSchema, {
      ...form,
      firstname: 'x'.repeat(51),
      confirmPassword: 'otra1234',
    })
    expect(errors).toEqual({ firstname: ['Máximo 50 caracteres'], confirmPassword: ['Las contraseñas no coinciden'] })
  })

  it('does not trim passwords', () => {
    expect(
      driverRegistrationSchema.parse({ ...form, password: ' clave1234 ', confirmPassword: ' clave1234 ' }).password,
    ).toBe(' clave1234 ')
  })
})

describe('driverRegistrationPayloadSchema', () => {
  it('accepts the JSON the service receives (no confirmPassword)', () => {
    expect(driverRegistrationPayloadSchema.parse(payload)).toEqual({
      ...payload,
      rut: '12345678-5',
      phone: '56987654321',
    })
  })
  it('requires acceptTerms === true', () => {
    for (const v of [undefined, null, false, 'true', 'on']) {
      expect(fieldErrors(driverRegistrationPayloadSchema, { ...payload, acceptTerms: v }, 'acceptTerms')).toEqual([
        M.acceptTerms,
      ])
    }
  })
  it.each(BLANKS)('gives the required messages for %s', (_, blank) => {
    const errors = errorsOf(driverRegistrationPayloadSchema, {
      firstname: blank,
      lastname: blank,
      rut: blank,
      email: blank,
      phone: blank,
      password: blank,
      acceptTerms: true,
    })
    expect(errors).toEqual({
      firstname: [M.required],
      lastname: [M.required],
      rut: [M.rutRequired],
      email: [M.emailRequired],
      phone: [M.phoneRequired],
      password: [M.passwordRequired],
    })
  })
})

describe('loginSchema', () => {
  it('accepts a sample', () => {
    expect(loginSchema.parse({ email: ' ana@gmail.com ', password: 'x' })).toEqual({
      email: 'ana@gmail.com',
      password: 'x',
    })
  })
  it.each(BLANKS)('required messages for %s', (_, blank) => {
    expect(errorsOf(loginSchema, { email: blank, password: blank })).toEqual({
      email: ['Campo requerido'],
      password: ['Campo requerido'],
    })
  })
})

describe('password reset', () => {
  it('request: {email}', () => {
    expect(resetPasswordRequestSchema.parse({ email: 'ana@gmail.com' })).toEqual({ email: 'ana@gmail.com' })
    expect(errorsOf(resetPasswordRequestSchema, {})).toEqual({ email: [M.emailRequired] })
    expect(errorsOf(resetPasswordRequestSchema, { email: 'x' })).toEqual({ email: [M.emailInvalid] })
  })

  const confirm = { token: 'tok_123', password: 'nueva1234', confirmPassword: 'nueva1234' }
  it('confirm form: valid, blanks, rules and mismatch', () => {
    expect(resetPasswordConfirmSchema.parse(confirm)).toEqual(confirm)
    for (const [, blank] of BLANKS) {
      expect(errorsOf(resetPasswordConfirmSchema, { token: blank, password: blank, confirmPassword: blank })).toEqual({
        token: [M.tokenRequired],
        password: [M.passwordRequired],
        confirmPassword: [M.confirmPasswordRequired],
      })
    }
    expect(errorsOf(resetPasswordConfirmSchema, { ...confirm, token: 'x'.repeat(513) })).toEqual({
      token: [M.tokenRequired],
    })
    expect(errorsOf(resetPasswordConfirmSchema, { ...confirm, confirmPassword: 'otra1234' })).toEqual({
      confirmPassword: [M.passwordMismatch],
    })
    expect(errorsOf(resetPasswordConfirmSchema, { ...confirm, password: 'corta1', confirmPassword: 'corta1' })).toEqual(
      { password: [M.passwordMin] },
    )
  })
  it('confirm payload: {token, password}', () => {
    expect(resetPasswordConfirmPayloadSchema.parse({ token: 't', password: 'nueva1234' })).toEqual({
      token: 't',
      password: 'nueva1234',
    })
    expect(errorsOf(resetPasswordConfirmPayloadSchema, { token: 't', password: 'sololetras' })).toEqual({
      password: [M.passwordLettersNumbers],
    })
  })
})

describe('emailCodeSchema', () => {
  it('accepts 6 digits and a token of 1 to 64 characters', () => {
    expect(emailCodeSchema.parse({ code: ' 012345 ', token: 'x'.repeat(64) })).toEqual({
      code: '012345',
      token: 'x'.repeat(64),
    })
  })
  it.each(['12345', '1234567', '12a456', '123 456'])('rejects code %j', (code) => {
    expect(errorsOf(emailCodeSchema, { code, token: 't' })).toEqual({ code: ['El código debe tener 6 dígitos'] })
  })
  it('rejects a token over 64 characters and blanks', () => {
    expect(errorsOf(emailCodeSchema, { code: '123456', token: 'x'.repeat(65) })).toEqual({ token: [M.tokenRequired] })
    for (const [, blank] of BLANKS) {
      expect(errorsOf(emailCodeSchema, { code: blank, token: blank })).toEqual({
        code: [M.codeRequired],
        token: [M.tokenRequired],
      })
    }
  })
})

describe('uniqueness calls', () => {
  it('validateEmailSchema', () => {
    expect(validateEmailSchema.parse({ email: 'ana@gmail.com' })).toEqual({ email: 'ana@gmail.com' })
    expect(errorsOf(validateEmailSchema, { email: null })).toEqual({ email: [M.emailRequired] })
  })
  it('validateRutSchema normalises', () => {
    expect(validateRutSchema.parse({ rut: '12.345.678-5' })).toEqual({ rut: '12345678-5' })
    expect(errorsOf(validateRutSchema, { rut: '12.345.678-4' })).toEqual({ rut: ['Dígito verificador inválido'] })
    expect(errorsOf(validateRutSchema, {})).toEqual({ rut: [M.rutRequired] })
  })
  it('validatePhoneSchema normalises to 569XXXXXXXX', () => {
    expect(validatePhoneSchema.parse({ phone: '987654321' })).toEqual({ phone: '56987654321' })
    expect(errorsOf(validatePhoneSchema, { phone: '' })).toEqual({ phone: [M.phoneRequired] })
    // One reading of a phone everywhere, numbers and '+56 9 …' included.
    expect(validatePhoneSchema.parse({ phone: 987654321 })).toEqual({ phone: '56987654321' })
    expect(validatePhoneSchema.parse({ phone: '+56 9 8765 4321' })).toEqual({ phone: '56987654321' })
    expect(errorsOf(validatePhoneSchema, { phone: true })).toEqual({ phone: ['Valor inválido'] })
  })
})

const AUTH_SCHEMAS = Object.fromEntries(
  Object.entries(authSchemas).filter(
    ([name, value]) => name.endsWith('Schema') && typeof (value as { safeParse?: unknown }).safeParse === 'function',
  ),
) as Record<string, { safeParse: (input: unknown) => { success: boolean } }>

describe('every auth schema answers a non-object with an issue, never a TypeError', () => {
  // A JSON body of `null` reaches the services' validation, and the API document reads each schema
  // with a null probe: a refinement that reads fields of it threw (a 500, and no /api/openapi.json).
  it.each(Object.entries(AUTH_SCHEMAS))('%s', (_name, schema) => {
    for (const input of [null, [], 'texto', 7]) {
      expect(() => schema.safeParse(input)).not.toThrow()
      expect(schema.safeParse(input).success).toBe(false)
    }
  })
})
