/** Phone number rules shared by the forms (numbers are stored and compared as digit strings). */

export const FORBIDDEN_PHONE_SEQUENCES = ['0000', '1234'] as const

export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value)
}

/** Removes every non-digit character: '+56 9 1234-5678' -> '56912345678'. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** True when the number contains 0000 or 1234 anywhere. */
export function hasForbiddenSequence(value: string): boolean {
  return FORBIDDEN_PHONE_SEQUENCES.some((seq) => value.includes(seq))
}

/**
 * A Chilean mobile given as 9 digits starting with 9 ('912345678') or 11 digits starting with
 * 569 ('56912345678'), normalised to the 11-digit form; null for anything else.
 */
export function normalizeChileanMobile(value: string): string | null {
  if (/^9\d{8}$/.test(value)) return `56${value}`
  if (/^569\d{8}$/.test(value)) return value
  return null
}

export function isChileanMobile(value: string): boolean {
  return normalizeChileanMobile(value) !== null
}
