/**
 * The year in Chile at a moment, apart from domain/format.ts (which re-exports it) so a form that
 * only bounds a year — the simple power's vehicle year — does not load the date formats with it.
 */

const YEAR = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', year: 'numeric' })

/** The year in Chile at `now` (the vehicle years and the footer count from it). */
export function yearInChile(now: Date): number {
  return Number(YEAR.format(now))
}
