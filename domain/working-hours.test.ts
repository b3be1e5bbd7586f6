import { describe, expect, it } from 'vitest'
import {
  addWorkingHours,
  chileHolidays,
  closingToday,
  describeDue,
  REVIEW_HOURS,
  subtractWorkingHours,
  workingHoursBetween,
} from './working-hours'

const at = (iso: string) => new Date(iso)
const due = (iso: string) => addWorkingHours(at(iso), REVIEW_HOURS).toISOString()

describe('working hours in Chile', () => {
  it('skips a Monday holiday: an upload on the Friday evening before San Pedro y San Pablo 2026', () => {
    // Friday 26 June 2026, 19:00 in Chile (UTC−4); Monday 29 June is a holiday. The clock starts on
    // Tuesday 09:00: 9 h Tuesday, 9 h Wednesday, 6 h Thursday → Thursday 2 July 15:00.
    expect(due('2026-06-26T23:00:00.000Z')).toBe('2026-07-02T19:00:00.000Z')
    // The same upload a week earlier, with no holiday, is due on the Wednesday.
    expect(due('2026-06-19T23:00:00.000Z')).toBe('2026-06-24T19:00:00.000Z')
    // At Friday 12:00: 6 h Friday, 9 h Tuesday, 9 h Wednesday → due at Wednesday's closing, 18:00.
    expect(due('2026-06-26T16:00:00.000Z')).toBe('2026-07-01T22:00:00.000Z')
  })

  it('starts counting an upload made during a weekend on Monday at 09:00', () => {
    // Saturday 21 November 2026 (UTC−3): no working time until Monday 23 November 09:00.
    expect(workingHoursBetween(at('2026-11-21T15:00:00.000Z'), at('2026-11-23T12:00:00.000Z'))).toBe(0)
    expect(workingHoursBetween(at('2026-11-21T15:00:00.000Z'), at('2026-11-23T13:00:00.000Z'))).toBe(1)
    // 9 h Monday, 9 h Tuesday, 6 h Wednesday → Wednesday 25 November 15:00.
    expect(due('2026-11-21T15:00:00.000Z')).toBe('2026-11-25T18:00:00.000Z')
    expect(due('2026-11-22T23:59:00.000Z')).toBe('2026-11-25T18:00:00.000Z')
  })

  it('dues an upload at 17:30 on a Wednesday 24 working hours later', () => {
    // Wednesday 25 November 2026 17:30: 0.5 h, 9 h Thursday, 9 h Friday, 5.5 h Monday → Monday 14:30.
    expect(due('2026-11-25T20:30:00.000Z')).toBe('2026-11-30T17:30:00.000Z')
    expect(workingHoursBetween(at('2026-11-25T20:30:00.000Z'), at('2026-11-30T17:30:00.000Z'))).toBe(24)
  })

  it('counts across the change to summer time (Sunday 6 September 2026)', () => {
    // Friday 4 September 15:00 in Chile is 19:00 UTC (UTC−4); the due time, Wednesday 9 September
    // 12:00, is 15:00 UTC (UTC−3): the working day still starts at 09:00 on the clock.
    expect(due('2026-09-04T19:00:00.000Z')).toBe('2026-09-09T15:00:00.000Z')
    expect(workingHoursBetween(at('2026-09-04T19:00:00.000Z'), at('2026-09-09T15:00:00.000Z'))).toBe(24)
    // And back to winter time (Sunday 5 April 2026): Thursday 2 April 09:00 (UTC−3), with Good
    // Friday off, is due on Tuesday 7 April 15:00 (UTC−4).
    expect(due('2026-04-02T12:00:00.000Z')).toBe('2026-04-07T19:00:00.000Z')
  })

  it("knows Chile's holidays of 2026, 2027 and 2028, the movable ones moved as the law says", () => {
    expect(chileHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03', // Viernes Santo
      '2026-04-04', // Sábado Santo
      '2026-05-01',
      '2026-05-21',
      '2026-06-21', // Pueblos Indígenas (solstice)
      '2026-06-29', // San Pedro y San Pablo, a Monday
      '2026-07-16',
      '2026-08-15',
      '2026-09-18',
      '2026-09-19',
      '2026-10-12', // a Monday: stays
      '2026-10-31', // a Saturday: stays
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
    ])
    expect(chileHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-27',
      '2027-05-01',
      '2027-05-21',
      '2027-06-21',
      '2027-06-28', // 29 June is a Tuesday: that week's Monday
      '2027-07-16',
      '2027-08-15',
      '2027-09-18',
      '2027-09-19',
      '2027-10-11', // 12 October is a Tuesday: that week's Monday
      '2027-10-31',
      '2027-11-01',
      '2027-12-08',
      '2027-12-25',
    ])
    expect(chileHolidays(2028)).toEqual([
      '2028-01-01',
      '2028-04-14',
      '2028-04-15',
      '2028-05-01',
      '2028-05-21',
      '2028-06-20', // the solstice falls on the 20th
      '2028-06-26', // 29 June is a Thursday: that week's Monday
      '2028-07-16',
      '2028-08-15',
      '2028-09-18',
      '2028-09-19',
      '2028-10-09', // 12 October is a Thursday: that week's Monday
      '2028-10-27', // 31 October is a Tuesday: the Friday before
      '2028-11-01',
      '2028-12-08',
      '2028-12-25',
    ])
    // The other movable rules: a Friday 29 June goes to the next Monday (2029-07-02); 17 September
    // on a Monday (2029) and 20 September on a Friday (2024) join the Fiestas Patrias; a Wednesday
    // 31 October (2029) moves to Friday 2 November.
    expect(chileHolidays(2029)).toEqual(expect.arrayContaining(['2029-07-02', '2029-09-17', '2029-11-02']))
    expect(chileHolidays(2029)).not.toContain('2029-06-29')
    expect(chileHolidays(2029)).not.toContain('2029-10-31')
    expect(chileHolidays(2024)).toContain('2024-09-20')
  })

  it('inverts addWorkingHours: subtractWorkingHours gives the earliest upload due at an instant', () => {
    // Monday 30 November 2026 14:30 is the due time of Wednesday 25 November 17:30.
    expect(subtractWorkingHours(at('2026-11-30T17:30:00.000Z'), 24).toISOString()).toBe('2026-11-25T20:30:00.000Z')
    // Wednesday 25 November 15:00 is due for the uploads since Friday's closing (18:00): the weekend
    // ones start on Monday 09:00.
    expect(subtractWorkingHours(at('2026-11-25T18:00:00.000Z'), 24).toISOString()).toBe('2026-11-20T21:00:00.000Z')
    // Over every hour of four weeks across the DST change: an upload is late (more than 24 working
    // hours old) exactly when it is before the cut-off.
    const now = at('2026-09-08T16:20:00.000Z')
    const cut = subtractWorkingHours(now, 24)
    for (let t = Date.parse('2026-08-20T00:00:00.000Z'); t < now.getTime(); t += 20 * 60_000) {
      expect(workingHoursBetween(new Date(t), now) > 24).toBe(t < cut.getTime())
      expect(addWorkingHours(new Date(t), 24) < now).toBe(t < cut.getTime())
    }
  })

  it("gives today's closing on a working day and none on a weekend or holiday", () => {
    expect(closingToday(at('2026-11-25T12:00:00.000Z'))?.toISOString()).toBe('2026-11-25T21:00:00.000Z')
    expect(closingToday(at('2026-11-21T12:00:00.000Z'))).toBeNull()
    expect(closingToday(at('2026-12-08T12:00:00.000Z'))).toBeNull()
  })

  it('says when a document falls due, or by how much it is late', () => {
    const now = at('2026-11-25T14:00:00.000Z') // Wednesday 25 November 11:00
    expect(describeDue(at('2026-11-25T17:30:00.000Z'), 20, false, now)).toBe('vence hoy 14:30')
    expect(describeDue(at('2026-11-26T13:00:00.000Z'), 10, false, now)).toBe('vence mañana 10:00')
    expect(describeDue(at('2026-12-02T12:00:00.000Z'), 1, false, now)).toBe('vence el 02-12 09:00')
    expect(describeDue(at('2026-11-24T13:00:00.000Z'), 29.5, true, now)).toBe('atrasado 5 h')
    expect(describeDue(at('2026-11-25T13:50:00.000Z'), 24.2, true, now)).toBe('atrasado 1 h')
  })
})
