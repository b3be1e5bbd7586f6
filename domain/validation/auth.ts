/** Driver registration, login, password reset, email code and the uniqueness checks. */
import { isValidEmail } from '#domain/email'
import { normalizeChileanMobile, normalizePhoneInput } from '#domain/phone'
import { CAMPO_REQUERIDO, formObject, maxChars, requiredRawString, requiredString } from './fields'
import { rutString } from './rut-field'
import { ACCEPT_TERMS_MESSAGE } from './submission'
import * as z from './zod'

export const AUTH_MESSAGES = {
  required: CAMPO_REQUERIDO,
  max50: maxChars(50),
  rutRequired: CAMPO_REQUERIDO,
  emailRequired: CAMPO_REQUERIDO,
  emailInvalid: 'Correo electrónico inválido',
  emailMax: 'Correo electrónico no puede exceder los 80 caracteres',
  phoneRequired: CAMPO_REQUERIDO,
  phoneInvalid: 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321',
  passwordRequired: CAMPO_REQUERIDO,
  passwordMin: 'La contraseña debe tener al menos 8 caracteres',
  passwordMax: 'La contraseña no puede superar los 72 caracteres',
  passwordLettersNumbers: 'La contraseña debe incluir letras y números',
  confirmPasswordRequired: CAMPO_REQUERIDO,
  passwordMismatch: 'Las contraseñas no coinciden',
  acceptTerms: ACCEPT_TERMS_MESSAGE,
  tokenRequired: 'El enlace no es válido o ha expirado',
  codeRequired: CAMPO_REQUERIDO,
  code: 'El código debe tener 6 dígitos',
} as const

const M = AUTH_MESSAGES

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 72

const email = requiredString(M.emailRequired).check(z.maxLength(80, M.emailMax), z.refine(isValidEmail, M.emailInvalid))

/** Login only checks presence: the server answers wrong credentials itself. */
const loginEmail = requiredString(M.emailRequired)

/** 8 to 72 characters with at least one letter and one digit; kept as typed (not trimmed). */
export const passwordField = requiredRawString(M.passwordRequired).check(
  z.minLength(PASSWORD_MIN_LENGTH, M.passwordMin),
  z.maxLength(PASSWORD_MAX_LENGTH, M.passwordMax),
  z.refine((v) => /\p{L}/u.test(v) && /\d/.test(v), M.passwordLettersNumbers),
)

/**
 * The driver's phone, one rule everywhere: a Chilean mobile typed any usual
 * way ('+56 9 8765 4321', '9 8765-4321', '987654321'), read as digits first, then 9 digits
 * starting with 9 or 11 starting with 569, stored as '569XXXXXXXX' (the shape the bank form uses).
 */
export const chileanMobileRule = z.pipe(
  requiredString(M.phoneRequired).check(
    z.refine((v) => /^\d+$/.test(v), { error: 'El teléfono solo puede contener números', abort: true }),
    z.refine((v) => normalizeChileanMobile(v) !== null, M.phoneInvalid),
  ),
  z.transform((v: string) => normalizeChileanMobile(v) as string),
)
export const chileanMobileField = z.preprocess(normalizePhoneInput, chileanMobileRule)

const registrationShape = {
  firstname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  lastname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  rut: rutString({ required: M.rutRequired }),
  email,
  phone: chileanMobileField,
  password: passwordField,
}

function confirmMatches(payload: z.core.ParsePayload): boolean {
  const v = (payload.value ?? {}) as { password?: unknown; confirmPassword?: unknown }
  return typeof v.password === 'string' && typeof v.confirmPassword === 'string'
}

/** Registration form (conform): with confirmPassword and the terms checkbox ('on' -> true). */
export const driverRegistrationSchema = formObject({
  ...registrationShape,
  confirmPassword: requiredRawString(M.confirmPasswordRequired),
  acceptTerms: z.literal(true, { error: M.acceptTerms }),
}).check(
  z.refine((v) => v.password === v.confirmPassword, {
    error: M.passwordMismatch,
    path: ['confirmPassword'],
    when: confirmMatches,
  }),
)
export type DriverRegistrationValues = z.infer<typeof driverRegistrationSchema>

/** What POST /users/register receives (the JSON in its `data` field): no confirmPassword. */
export const driverRegistrationPayloadSchema = formObject({
  ...registrationShape,
  acceptTerms: z.literal(true, { error: M.acceptTerms }),
})
export type DriverRegistrationPayload = z.infer<typeof driverRegistrationPayloadSchema>

export const loginSchema = formObject({
  email: loginEmail,
  password: requiredRawString(M.passwordRequired),
})
export type LoginValues = z.infer<typeof loginSchema>

export const resetPasswordRequestSchema = formObject({ email })
export type ResetPasswordRequestValues = z.infer<typeof resetPasswordRequestSchema>

const resetToken = requiredString(M.tokenRequired).check(z.maxLength(512, M.tokenRequired))

/** Reset form (conform): new password twice. */
export const resetPasswordConfirmSchema = formObject({
  token: resetToken,
  password: passwordField,
  confirmPassword: requiredRawString(M.confirmPasswordRequired),
}).check(
  z.refine((v) => v.password === v.confirmPassword, {
    error: M.passwordMismatch,
    path: ['confirmPassword'],
    when: confirmMatches,
  }),
)
export type ResetPasswordConfirmValues = z.infer<typeof resetPasswordConfirmSchema>

/** What POST /auth/reset-password-confirm receives: {token, password}. */
export const resetPasswordConfirmPayloadSchema = formObject({ token: resetToken, password: passwordField })
export type ResetPasswordConfirmPayload = z.infer<typeof resetPasswordConfirmPayloadSchema>

/** Email verification code step: 6 digits plus the one-time token (1 to 64 characters). */
export const emailCodeSchema = formObject({
  code: requiredString(M.codeRequired).check(z.refine((v) => /^\d{6}$/.test(v), M.code)),
  token: requiredString(M.tokenRequired).check(z.maxLength(64, M.tokenRequired)),
})
export type EmailCodeValues = z.infer<typeof emailCodeSchema>

/** POST /users/validate-email-user {email}. */
export const validateEmailSchema = formObject({ email })
/** POST /users/validate-rut-user {rut}; the rut comes back normalised ('12345678-5'). */
export const validateRutSchema = formObject({ rut: rutString({ required: M.rutRequired }) })
/** POST /users/validate-phone-user {phone}; the phone comes back as '569XXXXXXXX'. */
export const validatePhoneSchema = formObject({ phone: chileanMobileField })
export type ValidateEmailValues = z.infer<typeof validateEmailSchema>
export type ValidateRutValues = z.infer<typeof validateRutSchema>
export type ValidatePhoneValues = z.infer<typeof validatePhoneSchema>

/** The «Seguridad» page of drivers and companies. */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: CAMPO_REQUERIDO,
  confirmRequired: CAMPO_REQUERIDO,
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
} as const

const currentPassword = requiredRawString(CHANGE_PASSWORD_MESSAGES.currentRequired)

/** Change-password form (conform): the current password, then the new one twice. */
export const changePasswordSchema = formObject({
  currentPassword,
  password: passwordField,
  confirmPassword: requiredRawString(CHANGE_PASSWORD_MESSAGES.confirmRequired),
}).check(
  z.refine((v) => v.password === v.confirmPassword, {
    error: M.passwordMismatch,
    path: ['confirmPassword'],
    when: confirmMatches,
  }),
  z.refine((v) => v.password !== v.currentPassword, {
    error: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
    path: ['password'],
    when: differsFromCurrent,
  }),
)
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>

function differsFromCurrent(payload: z.core.ParsePayload): boolean {
  // Checks run on any input: a non-object (null included) has its 'Datos inválidos', no TypeError.
  const v = (payload.value ?? {}) as { password?: unknown; currentPassword?: unknown; current_password?: unknown }
  return typeof v.password === 'string' && typeof (v.currentPassword ?? v.current_password) === 'string'
}

/** What POST /auth/change-password/{user|business} receives: {current_password, password}. */
export const changePasswordPayloadSchema = formObject({
  current_password: currentPassword,
  password: passwordField,
}).check(
  z.refine((v) => v.password !== v.current_password, {
    error: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
    path: ['password'],
    when: differsFromCurrent,
  }),
)
export type ChangePasswordPayload = z.infer<typeof changePasswordPayloadSchema>
