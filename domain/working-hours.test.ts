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
  it('dues an upload on the Friday evening before a Monday holiday on Tuesday at the same hour', () => {
    // Friday 26 June 2026, 20:00 in Chile (UTC−4); Monday 29 June is San Pedro y San Pablo. Friday
    // counts until 24:00 (4 h), the weekend and the holiday do not, Tuesday gives the other 20 h:
    // due Tuesday 30 June at 20:00.
    expect(due('2026-06-27T00:00:00.000Z')).toBe('2026-07-01T00:00:00.000Z')
    expect(workingHoursBetween(at('2026-06-27T00:00:00.000Z'), at('2026-07-01T00:00:00.000Z'))).toBe(24)
    // The same upload a week earlier, with no holiday, is due on the Monday at 20:00.
    expect(due('2026-06-20T00:00:00.000Z')).toBe('2026-06-23T00:00:00.000Z')
    // Next year's: Friday 25 June 2027 19:15, before Monday 28 June (San Pedro y San Pablo moved to
    // the Monday) → Tuesday 29 June 19:15.
    expect(due('2027-06-25T23:15:00.000Z')).toBe('2027-06-29T23:15:00.000Z')
    // An upload on the Saturday of that long weekend starts counting on Tuesday at 00:00 and is due
    // at Tuesday's end, 24:00 (the instant Wednesday 1 July starts).
    expect(due('2026-06-27T14:00:00.000Z')).toBe('2026-07-01T04:00:00.000Z')
    // One at Friday's first instant is due at Friday's end.
    expect(due('2026-06-26T04:00:00.000Z')).toBe('2026-06-27T04:00:00.000Z')
  })

  it('starts counting an upload made during a weekend on Monday at 00:00', () => {
    // Saturday 21 November 2026 12:00 (UTC−3): no working time until Monday 23 November 00:00.
    expect(workingHoursBetween(at('2026-11-21T15:00:00.000Z'), at('2026-11-23T03:00:00.000Z'))).toBe(0)
    expect(workingHoursBetween(at('2026-11-21T15:00:00.000Z'), at('2026-11-23T04:00:00.000Z'))).toBe(1)
    // The whole Monday → due at Monday's 24:00, the instant Tuesday 24 November starts.
    expect(due('2026-11-21T15:00:00.000Z')).toBe('2026-11-24T03:00:00.000Z')
    expect(due('2026-11-23T02:59:00.000Z')).toBe('2026-11-24T03:00:00.000Z')
  })

  it('dues an upload on a business day at the same time on the next business day', () => {
    // Wednesday 25 November 2026 17:30 → Thursday 26 November 17:30.
    expect(due('2026-11-25T20:30:00.000Z')).toBe('2026-11-26T20:30:00.000Z')
    expect(workingHoursBetween(at('2026-11-25T20:30:00.000Z'), at('2026-11-26T20:30:00.000Z'))).toBe(24)
    // Friday 27 November 17:30 → Monday 30 November 17:30.
    expect(due('2026-11-27T20:30:00.000Z')).toBe('2026-11-30T20:30:00.000Z')
    // Monday 7 December 10:00, before Tuesday 8 December (Inmaculada Concepción) → Wednesday 10:00.
    expect(due('2026-12-07T13:00:00.000Z')).toBe('2026-12-09T13:00:00.000Z')
  })

  it('counts across the changes of time: the hour on the clock stays', () => {
    // Friday 4 September 2026 15:00 in Chile is 19:00 UTC (UTC−4); Sunday 6 September the clocks go
    // forward, so Monday 7 September 15:00 is 18:00 UTC (UTC−3).
    expect(due('2026-09-04T19:00:00.000Z')).toBe('2026-09-07T18:00:00.000Z')
    expect(workingHoursBetween(at('2026-09-04T19:00:00.000Z'), at('2026-09-07T18:00:00.000Z'))).toBe(24)
    // And back (Sunday 5 April 2026): Thursday 2 April 09:00 (UTC−3), with Good Friday off, is due
    // on Monday 6 April 09:00 (UTC−4).
    expect(due('2026-04-02T12:00:00.000Z')).toBe('2026-04-06T13:00:00.000Z')
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
      '2027-09-17', // 18 and 19 September fall on the weekend: the Friday before (Ley 20.983)
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
    // 31 October (2029) moves to Friday 2 November; a Sunday 1 January gives Monday 2 January
    // (2023, 2034), and a weekend 18–19 September the Friday 17th (2021, 2032).
    expect(chileHolidays(2029)).toEqual(expect.arrayContaining(['2029-07-02', '2029-09-17', '2029-11-02']))
    expect(chileHolidays(2029)).not.toContain('2029-06-29')
    expect(chileHolidays(2029)).not.toContain('2029-10-31')
    expect(chileHolidays(2024)).toContain('2024-09-20')
    expect(chileHolidays(2023)).toContain('2023-01-02')
    expect(chileHolidays(2034)).toContain('2034-01-02')
    expect(chileHolidays(2024)).not.toContain('2024-01-02')
    expect(chileHolidays(2021)).toContain('2021-09-17')
    expect(chileHolidays(2032)).toContain('2032-09-17')
    expect(chileHolidays(2026)).not.toContain('2026-09-17')
  })

  it('inverts addWorkingHours: subtractWorkingHours gives the earliest upload due at an instant', () => {
    // Thursday 26 November 2026 17:30 is the due time of Wednesday 25 November 17:30.
    expect(subtractWorkingHours(at('2026-11-26T20:30:00.000Z'), 24).toISOString()).toBe('2026-11-25T20:30:00.000Z')
    // Monday 23 November 10:00 is due for the uploads since Friday 10:00: the weekend ones start on
    // Monday 00:00.
    expect(subtractWorkingHours(at('2026-11-23T13:00:00.000Z'), 24).toISOString()).toBe('2026-11-20T13:00:00.000Z')
    // Tuesday 30 June 2026 00:00, after the long weekend: everything since Friday 26 June 00:00.
    expect(subtractWorkingHours(at('2026-06-30T04:00:00.000Z'), 24).toISOString()).toBe('2026-06-26T04:00:00.000Z')
    // Over every 20 minutes of four weeks across the change of time and around a Monday holiday: an
    // upload is late (more than 24 working hours old) exactly when it is before the cut-off.
    for (const iso of ['2026-09-08T16:20:00.000Z', '2026-06-30T15:40:00.000Z']) {
      const now = at(iso)
      const cut = subtractWorkingHours(now, 24)
      for (let t = now.getTime() - 28 * 86_400_000; t < now.getTime(); t += 20 * 60_000) {
        expect(workingHoursBetween(new Date(t), now) > 24).toBe(t < cut.getTime())
        expect(addWorkingHours(new Date(t), 24) < now).toBe(t < cut.getTime())
      }
    }
  })

  it("gives today's end (24:00) on a business day and none on a weekend or holiday", () => {
    // Wednesday 25 November 2026 → the instant Thursday 26 November starts in Chile (UTC−3).
    expect(closingToday(at('2026-11-25T12:00:00.000Z'))?.toISOString()).toBe('2026-11-26T03:00:00.000Z')
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
    // A due time at midnight is the end of the day before: 24:00 of today, tomorrow or a date.
    expect(describeDue(at('2026-11-26T03:00:00.000Z'), 14, false, now)).toBe('vence hoy 24:00')
    expect(describeDue(at('2026-11-27T03:00:00.000Z'), 0, false, now)).toBe('vence mañana 24:00')
    expect(describeDue(at('2026-12-01T03:00:00.000Z'), 0, false, now)).toBe('vence el 30-11 24:00')
    // One minute later it is the next day's 00:01.
    expect(describeDue(at('2026-11-26T03:01:00.000Z'), 14, false, now)).toBe('vence mañana 00:01')
  })
})
