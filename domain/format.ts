/**
 * The product's one formatting module (decisions 43 and 57): every screen, mail and document
 * takes its display formats from here, on the server and in the browser alike — dates and times
 * (one style, '23-11-2026' and '23-11-2026 08:13'), whole numbers ('1.500'), decimals and
 * percentages with a comma ('0,4 %'), money ('$450.000'), RUTs ('12.345.678-5') and phones
 * ('+56 9 8765 4321'). RUTs and phones are parsed in domain/rut.ts and domain/phone.ts; their
 * display functions are re-exported here so screens import every format from one place.
 *
 * Dates and times: Spanish of Chile, in Chile's time zone.
 *
 * Intl (es-CL, America/Santiago) gives the calendar fields and the month's name; the text around
 * them is ours, so it does not change with the ICU version of Node or of the browser (no
 * hydration drift) and never carries the 12-hour clock's 'a. m.', whose full stop doubled the one
 * ending a sentence ('vence el … 8:13 a. m..'). Times use the 24-hour clock, as Chile writes them.
 */

export { formatRut } from './rut'
export { formatChileanMobile as formatPhone } from './phone'
export { formatDecimal, formatInteger, formatMoney, formatPayment, formatPercent } from './numbers'
export { yearInChile } from './chile-year'

import { LOCALE } from './numbers'

export { LOCALE }
export const TIME_ZONE = 'America/Santiago'

/** A date-only value ('2026-03-12') is a calendar day: it is shown as that day in any zone. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

const PARTS = /*#__PURE__*/ new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
})
const MONTH_LONG = /*#__PURE__*/ new Intl.DateTimeFormat(LOCALE, { month: 'long', timeZone: 'UTC' })
const MONTH_SHORT = /*#__PURE__*/ new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' })
// 'always': Spanish locales may leave 4-digit numbers ungrouped (CLDR's minimum grouping digits);
// Chile writes 1.500 kg and $4.500, on every ICU version.
const RELATIVE = /*#__PURE__*/ new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' })

/** Month names of es-CL, computed once: 'enero'… and 'ene'… (without an abbreviation's full stop). */
const MONTHS = /*#__PURE__*/ Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2000, i, 15))
  return { long: MONTH_LONG.format(d), short: MONTH_SHORT.format(d).replace(/\.$/, '') }
})

export interface ChileParts {
  year: number
  /** 1 to 12 */
  month: number
  day: number
  hour: number
  minute: number
}

export type DateInput = Date | string | number

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/** The calendar fields of an instant as a clock in Chile shows them. */
export function chileParts(value: DateInput): ChileParts | null {
  if (typeof value === 'string') {
    const m = DAY_ONLY.exec(value)
    if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0 }
  }
  const d = toDate(value)
  if (!d) return null
  const out: Record<string, number> = {}
  for (const p of PARTS.formatToParts(d)) if (p.type !== 'literal') out[p.type] = Number(p.value)
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute! }
}

const two = (n: number) => String(n).padStart(2, '0')

/**
 * The day in Chile at `now`, yyyy-mm-dd (a current job's duration counts up to it; «vence el …»
 * dates compare with it).
 */
export function dayInChile(now: Date): string {
  const { year, month, day } = chileParts(now)!
  return `${year}-${two(month)}-${two(day)}`
}

export type DateStyle = 'long' | 'short' | 'numeric'

/**
 * A day: 'numeric' '23-11-2026', the product's one style (decision 57: screens, mails, the
 * console); 'long' '23 de noviembre de 2026' only where a date is written out in words (the
 * simple power's legal text); 'short' '23 nov 2026' is kept for callers not yet moved.
 * An empty or unreadable value gives `fallback` ('—').
 */
export function formatDate(value: DateInput | null | undefined, style: DateStyle = 'numeric', fallback = '—'): string {
  const p = value === null || value === undefined || value === '' ? null : chileParts(value)
  if (!p) return fallback
  const month = MONTHS[p.month - 1]!
  if (style === 'numeric') return `${two(p.day)}-${two(p.month)}-${p.year}`
  if (style === 'short') return `${p.day} ${month.short} ${p.year}`
  return `${p.day} de ${month.long} de ${p.year}`
}

/** '08:13' (24-hour clock, Chile's time). */
export function formatTime(value: DateInput | null | undefined, fallback = '—'): string {
  const p = value === null || value === undefined || value === '' ? null : chileParts(value)
  return p ? `${two(p.hour)}:${two(p.minute)}` : fallback
}

/** A moment: 'numeric' '23-11-2026 08:13' (the one style), 'long' '23 de noviembre de 2026, 08:13'. */
export function formatDateTime(
  value: DateInput | null | undefined,
  style: 'long' | 'numeric' = 'numeric',
  fallback = '—',
): string {
  const day = formatDate(value, style, '')
  if (!day) return fallback
  return style === 'numeric' ? `${day} ${formatTime(value)}` : `${day}, ${formatTime(value)}`
}

const AGO_UNITS: Array<[belowSeconds: number, unitSeconds: number, unit: Intl.RelativeTimeFormatUnit]> = [
  [3600, 60, 'minute'],
  [86400, 3600, 'hour'],
  [30 * 86400, 86400, 'day'],
  [365 * 86400, 30 * 86400, 'month'],
  [Infinity, 365 * 86400, 'year'],
]

/** 'hace 3 horas', 'hace 1 día' (es-CL); under a minute, 'hace un momento'. */
export function formatTimeAgo(value: DateInput, now: Date): string {
  const d = toDate(value)
  const seconds = d ? Math.max(0, (now.getTime() - d.getTime()) / 1000) : NaN
  if (!Number.isFinite(seconds) || seconds < 60) return 'hace un momento'
  const [, size, unit] = AGO_UNITS.find(([below]) => seconds < below)!
  return RELATIVE.format(-Math.floor(seconds / size), unit)
}

/** Whole days from one 'yyyy-mm-dd' day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The day `days` after a 'yyyy-mm-dd' day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
