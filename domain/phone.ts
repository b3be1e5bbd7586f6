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

/**
 * What a person types in any phone field, before the field's rules run: the
 * way Chileans write a number — spaces, dashes, dots, parentheses, a leading + ('+56 9 8765 4321',
 * '(9) 8765-4321') — becomes its digits ('56987654321'). Anything else is left for the rules to
 * refuse ('9876a4321' keeps its letter, a '+' inside the number stays). A number (JSON bodies
 * may send one) becomes its digit string. Every phone schema runs this first, via z.preprocess,
 * so the browser, the page action and the service read a phone the same way.
 */
export function normalizePhoneInput(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : value
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  const withoutSeparators = trimmed.replace(/[\s\u00a0\-\u2010-\u2015.()]/g, '')
  return withoutSeparators.startsWith('+') ? withoutSeparators.slice(1) : withoutSeparators
}

/**
 * A Chilean number written with the country code ('+56 9 8765 4321') as the 9 digits of the
 * local form ('987654321'), for the fields whose rule is "9 digits starting with 9" (the simple
 * power's owner). Other input goes through as normalizePhoneInput leaves it.
 */
export function normalizeLocalChileanPhoneInput(value: unknown): unknown {
  const v = normalizePhoneInput(value)
  return typeof v === 'string' && /^569\d{8}$/.test(v) ? v.slice(2) : v
}

/**
 * The driver's phone as screens show it: a Chilean mobile, however it was stored ('56987654321',
 * '987654321', '+56 9 8765-4321'), reads '+56 9 8765 4321'. Anything else (a number stored
 * before the rule) is shown as it is, never with a '+' it did not have; empty gives ''.
 */
export function formatChileanMobile(stored: string | null | undefined): string {
  const raw = (stored ?? '').trim()
  if (!raw) return ''
  const mobile = normalizeChileanMobile(digitsOnly(raw))
  if (!mobile || !/^[\d\s+\-().]+$/.test(raw)) return raw
  return `+56 9 ${mobile.slice(3, 7)} ${mobile.slice(7)}`
}
