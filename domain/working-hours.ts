/**
 * Working hours in Chile (decisions 88 and 100): every hour of a business day in America/Santiago
 * (Monday to Friday, 00:00 to 24:00), weekends and public holidays excluded. «Revisamos tus
 * documentos en menos de 24 horas hábiles» runs on this clock: 24 working hours are one business
 * day, so an upload on a business day is due at the same time on the next one, and an upload on a
 * day off at the end (24:00) of the next business day. Pure: no I/O, every instant a Date, the
 * calendar read through chileParts.
 */
import { addDays, chileParts, formatDate, formatTime } from './format'

/**
 * The working day's hours, Chile time: the whole day, 00:00 to 24:00. Chile changes its clocks at
 * midnight between Saturday and Sunday, so every business day has 24 hours.
 */
export const WORKING_DAY = { start: 0, end: 24 } as const

/** The review promise: a document is due this many working hours after its upload. */
export const REVIEW_HOURS = 24

const HOUR_MS = 3_600_000

/**
 * The Día Nacional de los Pueblos Indígenas falls on the day of the winter solstice (Ley 21.357),
 * which the calendar does not give: the astronomical dates, in Chile's calendar, by year.
 */
const SOLSTICE_DAY: Record<number, number> = {
  2021: 21,
  2022: 21,
  2023: 21,
  2024: 20,
  2025: 20,
  2026: 21,
  2027: 21,
  2028: 20,
  2029: 20,
  2030: 21,
}

const two = (n: number) => String(n).padStart(2, '0')
const isoDay = (y: number, m: number, d: number) => `${y}-${two(m)}-${two(d)}`

/** 0 Sunday … 6 Saturday of a calendar day (the weekday does not depend on the time zone). */
function weekday(y: number, m: number, d: number): number {
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
function easter(y: number): { month: number; day: number } {
  const a = y % 19
  const b = Math.floor(y / 100)
  const c = y % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  return { month, day: ((h + l - 7 * m + 114) % 31) + 1 }
}

/**
 * Ley 19.668: a holiday on Tuesday, Wednesday or Thursday moves to that week's Monday, one on a
 * Friday to the next Monday; on Saturday, Sunday or Monday it stays.
 */
function toMonday(y: number, m: number, d: number): string {
  const day = isoDay(y, m, d)
  const w = weekday(y, m, d)
  if (w >= 2 && w <= 4) return addDays(day, 1 - w)
  if (w === 5) return addDays(day, 3)
  return day
}

/** Chile's public holidays of a year, yyyy-mm-dd, in date order. */
export function chileHolidays(year: number): string[] {
  const fixed = (m: number, d: number) => isoDay(year, m, d)
  const e = easter(year)
  const easterDay = isoDay(year, e.month, e.day)
  const days = [
    fixed(1, 1),
    addDays(easterDay, -2), // Viernes Santo
    addDays(easterDay, -1), // Sábado Santo
    fixed(5, 1),
    fixed(5, 21),
    toMonday(year, 6, 29), // San Pedro y San Pablo
    fixed(7, 16),
    fixed(8, 15),
    fixed(9, 18),
    fixed(9, 19),
    toMonday(year, 10, 12), // Encuentro de Dos Mundos
    fixed(11, 1),
    fixed(12, 8),
    fixed(12, 25),
  ]
  const solstice = SOLSTICE_DAY[year]
  // Outside the table the solstice falls on 20 or 21 June; the 21st is the usual one.
  days.push(fixed(6, solstice ?? 21))
  // Ley 20.215: 17 September when it is a Monday, 20 September when it is a Friday. Ley 20.983:
  // Friday 17 September when the 18th and 19th fall on the weekend, and Monday 2 January when
  // the 1st is a Sunday.
  const september17 = weekday(year, 9, 17)
  if (september17 === 1 || september17 === 5) days.push(fixed(9, 17))
  if (weekday(year, 9, 20) === 5) days.push(fixed(9, 20))
  if (weekday(year, 1, 1) === 0) days.push(fixed(1, 2))
  // Ley 20.299: a 31 October on Tuesday moves to Friday the 27th, on Wednesday to Friday 2 November.
  const reformation = weekday(year, 10, 31)
  days.push(reformation === 2 ? fixed(10, 27) : reformation === 3 ? fixed(11, 2) : fixed(10, 31))
  return [...new Set(days)].sort()
}

const HOLIDAYS = new Map<number, Set<string>>()

export function isChileHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4))
  let set = HOLIDAYS.get(year)
  if (!set) HOLIDAYS.set(year, (set = new Set(chileHolidays(year))))
  return set.has(day)
}

/** The instant a clock in Chile shows `hour:00` on `day` (Chile's offsets are whole hours). */
function chileHour(day: string, hour: number): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const wanted = Date.UTC(y, m - 1, d, hour)
  // Chile is 3 or 4 hours behind UTC: start there and correct by what the clock shows.
  let guess = wanted + 4 * HOUR_MS
  for (let i = 0; i < 3; i++) {
    const p = chileParts(new Date(guess))!
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
    if (shown === wanted) break
    guess += wanted - shown
  }
  return guess
}

// The lookups below are remembered: a period's figures (decision 92) time every decision of a
// month, each across a few days, and Intl's calendar is the cost. Bounded, emptied when full.
const CACHE_MAX = 5000
const WINDOWS = new Map<string, [number, number] | null>()
const DAYS_BY_HOUR = new Map<number, string>()

/** The working window of a Chile calendar day as [start, end) in epoch ms, or null on a day off. */
function windowOf(day: string): [number, number] | null {
  const known = WINDOWS.get(day)
  if (known !== undefined) return known
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const w = weekday(y, m, d)
  const window: [number, number] | null =
    w === 0 || w === 6 || isChileHoliday(day)
      ? null
      : [chileHour(day, WORKING_DAY.start), chileHour(day, WORKING_DAY.end)]
  if (WINDOWS.size >= CACHE_MAX) WINDOWS.clear()
  WINDOWS.set(day, window)
  return window
}

/** The Chile day of an instant; Chile's offsets are whole hours, so one lookup serves a whole UTC hour. */
function chileDay(ms: number): string {
  const hour = Math.floor(ms / HOUR_MS)
  const known = DAYS_BY_HOUR.get(hour)
  if (known) return known
  const p = chileParts(new Date(hour * HOUR_MS))!
  const day = isoDay(p.year, p.month, p.day)
  if (DAYS_BY_HOUR.size >= CACHE_MAX) DAYS_BY_HOUR.clear()
  DAYS_BY_HOUR.set(hour, day)
  return day
}

const NEXT_DAY = new Map<string, string>()
const DAY_BEFORE = new Map<string, string>()

/** The calendar day after (or before) `day`: the walks below step through a few days per instant. */
function stepDay(day: string, by: 1 | -1): string {
  const known = by === 1 ? NEXT_DAY : DAY_BEFORE
  const step = known.get(day)
  if (step) return step
  const next = addDays(day, by)
  if (known.size >= CACHE_MAX) known.clear()
  known.set(day, next)
  return next
}

// A guard against a runaway walk: no stretch of Chile's calendar is a year without a working day.
const MAX_DAYS = 400

/**
 * The instant `ms` working milliseconds after `start`. An upload on a day off starts counting at
 * the next business day's 00:00; a count that ends exactly at a business day's end returns that
 * end (24:00, the next day's 00:00 instant).
 */
export function addWorkingMs(start: Date, ms: number): Date {
  if (ms <= 0) return new Date(start.getTime())
  let remaining = ms
  let day = chileDay(start.getTime())
  for (let i = 0; i < MAX_DAYS; i++, day = stepDay(day, 1)) {
    const w = windowOf(day)
    if (!w) continue
    const from = Math.max(start.getTime(), w[0])
    if (from >= w[1]) continue
    if (remaining <= w[1] - from) return new Date(from + remaining)
    remaining -= w[1] - from
  }
  throw new RangeError('addWorkingMs: no working day within reach')
}

/**
 * The earliest instant from which `ms` working milliseconds reach `end`: the inverse of
 * addWorkingMs. An instant before it has more than `ms` working milliseconds up to `end`; one at
 * or after it, at most `ms`. When the count lands on the start of a business day that follows
 * days off, it returns the end of the business day before them, since the uploads made on the
 * days off start counting at that same start.
 */
export function subtractWorkingMs(end: Date, ms: number): Date {
  let remaining = Math.max(0, ms)
  let day = chileDay(end.getTime())
  for (let i = 0; i < MAX_DAYS; i++, day = stepDay(day, -1)) {
    const w = windowOf(day)
    if (!w) continue
    const to = Math.min(end.getTime(), w[1])
    if (to <= w[0]) continue
    if (remaining < to - w[0]) return new Date(to - remaining)
    remaining -= to - w[0]
  }
  throw new RangeError('subtractWorkingMs: no working day within reach')
}

/** The due time of an upload at `start`: `hours` working hours later. */
export function addWorkingHours(start: Date, hours: number): Date {
  return addWorkingMs(start, Math.round(hours * HOUR_MS))
}

/** The earliest upload time whose `hours` working hours end at `end`. */
export function subtractWorkingHours(end: Date, hours: number): Date {
  return subtractWorkingMs(end, Math.round(hours * HOUR_MS))
}

/** Working milliseconds in [a, b); negative when b is before a. */
export function workingMsBetween(a: Date, b: Date): number {
  if (b.getTime() < a.getTime()) return -workingMsBetween(b, a)
  let total = 0
  const last = chileDay(b.getTime())
  for (let day = chileDay(a.getTime()); day <= last; day = stepDay(day, 1)) {
    const w = windowOf(day)
    if (!w) continue
    const from = Math.max(a.getTime(), w[0])
    const to = Math.min(b.getTime(), w[1])
    if (to > from) total += to - from
  }
  return total
}

/** The working hours from `a` to `b` (an item's age in the review queue). */
export function workingHoursBetween(a: Date, b: Date): number {
  return workingMsBetween(a, b) / HOUR_MS
}

/**
 * Today's end (24:00 in Chile, the next day's 00:00 instant) when today is a business day, else
 * null: nothing falls due on a day off.
 */
export function closingToday(now: Date): Date | null {
  const w = windowOf(chileDay(now.getTime()))
  return w ? new Date(w[1]) : null
}

/**
 * The queue's words for a pending document: «atrasado 5 h» past its due time (in working hours,
 * at least 1), else «vence hoy 14:30», «vence mañana 10:00» or «vence el 02-12 09:00» (Chile's
 * calendar, the day before the month as the console's dates show it). A due time at midnight is
 * the end of the day before, «24:00», as an upload made on a day off falls due: «vence hoy 24:00»
 * on the day it is due, not «vence mañana 00:00».
 */
export function describeDue(dueAt: Date, ageHours: number, late: boolean, now: Date): string {
  if (late) return `atrasado ${Math.max(1, Math.floor(ageHours - REVIEW_HOURS))} h`
  const today = chileDay(now.getTime())
  // The first instant of a Chile day is written as the end of the day before: that day, at 24:00.
  const midnight = chileDay(dueAt.getTime() - 1) !== chileDay(dueAt.getTime())
  const shown = midnight ? new Date(dueAt.getTime() - 1) : dueAt
  const day = chileDay(shown.getTime())
  const time = midnight ? '24:00' : formatTime(dueAt)
  if (day === today) return `vence hoy ${time}`
  if (day === addDays(today, 1)) return `vence mañana ${time}`
  return `vence el ${formatDate(shown).slice(0, 5)} ${time}`
}
