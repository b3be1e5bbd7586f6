/** The second factor (TOTP and recovery codes), re-authentication and the console's roles (decision 77). */
import { STAFF_ROLE_VALUES } from '#domain/staff-roles'
import {
  CAMPO_REQUERIDO,
  CONTROL_CHARACTERS_MESSAGE,
  formObject,
  hasControlCharacters,
  requiredRawString,
  requiredString,
} from './fields'
import * as z from './zod'

export const STAFF_MESSAGES = {
  codeRequired: CAMPO_REQUERIDO,
  totpCode: 'El código debe tener 6 dígitos',
  factorCode: 'Ingresa los 6 dígitos de tu aplicación o un código de recuperación (por ejemplo abcde-12345)',
  passwordRequired: CAMPO_REQUERIDO,
  reauthOne: 'Ingresa tu contraseña o un código de tu aplicación',
  roleRequired: 'Selecciona un rol: revisor o administrador',
} as const
const M = STAFF_MESSAGES

/** A recovery code as printed: 10 characters of base32 (lowercase) with a hyphen in the middle. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/

/** Spaces and case do not matter when a code is typed («123 456», «ABCDE-12345»). */
export function normalizeFactorCode(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase()
}

const totpCode = requiredString(M.codeRequired).check(
  z.overwrite(normalizeFactorCode),
  z.refine((v) => /^\d{6}$/.test(v), M.totpCode),
)

/** The app's 6 digits, or one of the recovery codes. */
const factorCode = requiredString(M.codeRequired).check(
  z.overwrite(normalizeFactorCode),
  z.refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE.test(v), M.factorCode),
)

/** Enrolment: the first code the app shows confirms it. */
export const confirmFactorSchema = formObject({ code: totpCode })

/** The login's code step: TOTP or a recovery code. */
export const verifyFactorSchema = formObject({ code: factorCode })

/** A company turns its second factor off: the password and a code. */
export const disableFactorSchema = formObject({ password: requiredRawString(M.passwordRequired), code: factorCode })

/** Re-authentication before a sensitive console action: the password, or a code of the app. */
export const reauthSchema = formObject({
  password: z.optional(
    z.string().check(
      z.maxLength(200),
      z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
    ),
  ),
  code: z.optional(
    z.string().check(
      z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
      z.overwrite(normalizeFactorCode),
      z.maxLength(20),
    ),
  ),
}).check(
  z.refine((v) => Boolean(v.password?.trim()) || /^\d{6}$/.test(v.code ?? ''), {
    error: M.reauthOne,
    path: ['password'],
  }),
)

export { STAFF_ROLE_VALUES } from '#domain/staff-roles'

/** «Equipo»: an administrador changes a staff member's role. */
export const staffRoleSchema = formObject({ role: z.enum(STAFF_ROLE_VALUES, { error: M.roleRequired }) })
export type StaffRoleValues = z.infer<typeof staffRoleSchema>

/** The console's sensitive actions need a proof of identity this recent (decision 77). */
export const REAUTH_WINDOW_MS = 10 * 60_000
export const REAUTH_REQUIRED_MESSAGE =
  'Confirma tu identidad para continuar: esta acción pide tu contraseña o un código de tu aplicación.'
export const STAFF_ROLE_FORBIDDEN_MESSAGE = 'Tu rol en el equipo no permite esta acción. Pídesela a un administrador.'
