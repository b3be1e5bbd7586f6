/**
 * Chilean RUT (Rol Único Tributario): a body of digits, a hyphen and a check digit (0-9 or K).
 * The check digit is computed by modulo 11 with weights 2..7 cycling from the right.
 */

/** Body of 2 to 8 digits, a hyphen, then a digit or K (uppercase, already normalised). */
export const RUT_FORMAT = /^(\d{2,8})-([\dK])$/

export type RutCheckDigit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'K'

/** Removes dots and whitespace and uppercases the check digit: '12.345.678-k' -> '12345678-K'. */
export function normalizeRut(value: string): string {
  return value.replace(/[.\s]/g, '').toUpperCase()
}

/** Check digit of a RUT body ('12345678' or 12345678): 11 -> '0', 10 -> 'K'. */
export function computeCheckDigit(body: string | number): RutCheckDigit {
  const digits = String(body)
  if (!/^\d+$/.test(digits)) throw new Error(`RUT body must contain only digits: ${digits}`)
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 7 ? 2 : weight + 1
  }
  const result = 11 - (sum % 11)
  if (result === 11) return '0'
  if (result === 10) return 'K'
  return String(result) as RutCheckDigit
}

/** Format only (no check digit validation); dotted input is accepted. */
export function isValidRutFormat(value: string): boolean {
  return RUT_FORMAT.test(normalizeRut(value))
}

/** Format and check digit; dotted input is accepted. */
export function isValidRut(value: string): boolean {
  const match = RUT_FORMAT.exec(normalizeRut(value))
  if (!match) return false
  return computeCheckDigit(match[1]!) === match[2]
}

/**
 * '12345678-5' -> '12.345.678-5' (for display; screens import it from domain/format.ts); returns
 * the input unchanged if it is not a RUT, '' for none.
 */
export function formatRut(value: string | null | undefined): string {
  if (!value) return ''
  const match = RUT_FORMAT.exec(normalizeRut(value))
  if (!match) return value
  return `${match[1]!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${match[2]}`
}
