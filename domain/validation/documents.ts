/** The expiry date of a document: entered by the driver at upload, confirmed or corrected by a reviewer. */
import { addDays } from '#domain/format'

export const EXPIRY_MESSAGES = {
  required: 'Indica la fecha de vencimiento del documento.',
  invalid: 'La fecha de vencimiento no es válida (usa el formato dd-mm-aaaa).',
  expired: 'El documento está vencido: sube uno vigente.',
  reviewExpired: 'La fecha de vencimiento ya pasó: rechaza el documento por estar vencido.',
  tooFar: 'La fecha de vencimiento es demasiado lejana: revisa el año.',
  notExpiring: 'Este documento no lleva fecha de vencimiento.',
} as const

/** No document of the list is valid for more than this (a cédula: 10 years; we allow some margin). */
export const EXPIRY_MAX_YEARS = 15

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written 'yyyy-mm-dd'. */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** The last expiry date accepted on `today`: EXPIRY_MAX_YEARS ahead. */
export function latestExpiryDay(today: string): string {
  return addDays(today, Math.round(EXPIRY_MAX_YEARS * 365.25))
}

/**
 * An expiry date as typed ('yyyy-mm-dd', what a date input sends): today or later (`today` is
 * Chile's day) and at most EXPIRY_MAX_YEARS ahead. Answers the day or the Spanish message.
 */
export function checkExpiryDate(
  value: unknown,
  today: string,
  expiredMessage: string = EXPIRY_MESSAGES.expired,
): { ok: true; day: string } | { ok: false; message: string } {
  return checkExpiryDay(value, today, latestExpiryDay(today), expiredMessage)
}

/**
 * checkExpiryDate with its last day given (`latest`, latestExpiryDay(today)): what a page runs in
 * the browser, with both days from its loader, so no date arithmetic ships with it.
 */
export function checkExpiryDay(
  value: unknown,
  today: string,
  latest: string,
  expiredMessage: string = EXPIRY_MESSAGES.expired,
): { ok: true; day: string } | { ok: false; message: string } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { ok: false, message: EXPIRY_MESSAGES.required }
  if (typeof value !== 'string' || !isCalendarDay(value.trim())) return { ok: false, message: EXPIRY_MESSAGES.invalid }
  const day = value.trim()
  if (day < today) return { ok: false, message: expiredMessage }
  if (day > latest) return { ok: false, message: EXPIRY_MESSAGES.tooFar }
  return { ok: true, day }
}
