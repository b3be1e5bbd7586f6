/** RUT schema field shared by registration and the simple power. */
import { isValidRut, isValidRutFormat, normalizeRut } from '#domain/rut'
import { maxChars, minChars, requiredString } from './fields'
import * as z from './zod'

export const RUT_MESSAGES = {
  format: 'Formato de RUT inválido',
  checkDigit: 'Dígito verificador inválido',
} as const

export interface RutFieldOptions {
  required: string
  /** Length limits of the raw input (dots included), when the form has them. */
  min?: number
  max?: number
}

/**
 * Required RUT: optional length limits on the typed value, then format (body of 2 to 8 digits,
 * hyphen, digit or K; dots accepted), then the modulo-11 check digit. Outputs '12345678-5'.
 */
export function rutString(options: RutFieldOptions) {
  let s = requiredString(options.required)
  if (options.min !== undefined) s = s.check(z.minLength(options.min, minChars(options.min)))
  if (options.max !== undefined) s = s.check(z.maxLength(options.max, maxChars(options.max)))
  return z.pipe(
    s.check(
      z.refine(isValidRutFormat, { error: RUT_MESSAGES.format, abort: true }),
      z.refine(isValidRut, RUT_MESSAGES.checkDigit),
    ),
    z.transform(normalizeRut),
  )
}
