/**
 * When a periodic job runs (decision 81): every so often, or once a day at a time of Chile's
 * clock. Shared by the scheduler (services/platform/scheduler.ts), which computes the next run,
 * and the console, which says the schedule in words.
 */
import { chileParts } from './format'

export type Schedule = { everyMs: number } | { dailyAt: string }

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** A job every `ms` milliseconds. */
export const every = (ms: number): Schedule => ({ everyMs: ms })
/** A job once a day at `hhmm` ('03:30') in America/Santiago. */
export const dailyAt = (hhmm: string): Schedule => {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(hhmm)) throw new Error(`dailyAt: not a time of day: ${hhmm}`)
  return { dailyAt: hhmm }
}
export { HOUR_MS, MINUTE_MS }

/** The normal time between two runs: the interval, or a day. */
export function scheduleIntervalMs(schedule: Schedule): number {
  return 'everyMs' in schedule ? schedule.everyMs : DAY_MS
}

/** 'cada hora', 'cada 5 minutos', 'todos los días a las 03:30'. */
export function describeSchedule(schedule: Schedule): string {
  if ('dailyAt' in schedule) return `todos los días a las ${schedule.dailyAt}`
  const ms = schedule.everyMs
  const unit = (n: number, one: string, many: string) => (n === 1 ? `cada ${one}` : `cada ${n} ${many}`)
  if (ms % DAY_MS === 0) return unit(ms / DAY_MS, 'día', 'días')
  if (ms % HOUR_MS === 0) return unit(ms / HOUR_MS, 'hora', 'horas')
  if (ms % MINUTE_MS === 0) return unit(ms / MINUTE_MS, 'minuto', 'minutos')
  return unit(Math.max(1, Math.round(ms / 1000)), 'segundo', 'segundos')
}

/** The instant a clock in Chile shows `hh:mm` on the day `year-month-day` (the first such, across a change of time). */
function chileInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute)
  // Chile is 3 or 4 hours behind UTC: start there and correct by what the clock shows, twice for
  // a day whose offset changes.
  let guess = wanted + 4 * HOUR_MS
  for (let i = 0; i < 3; i++) {
    const p = chileParts(new Date(guess))!
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
    if (shown === wanted) break
    guess += wanted - shown
  }
  return new Date(guess)
}

/** The first run due strictly after `from`. */
export function nextRunAfter(schedule: Schedule, from: Date): Date {
  if ('everyMs' in schedule) return new Date(from.getTime() + schedule.everyMs)
  const [hour, minute] = schedule.dailyAt.split(':').map(Number) as [number, number]
  const today = chileParts(from)!
  for (let add = 0; add < 3; add++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + add))
    const at = chileInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, minute)
    if (at.getTime() > from.getTime()) return at
  }
  return new Date(from.getTime() + DAY_MS)
}

/** The instant a 'yyyy-mm-dd' day starts in Chile (its 00:00, or the first instant after a change of time). */
export function chileDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return chileInstant(year, month, date, 0, 0)
}
