import { describe, expect, it } from 'vitest'
import { dailyAt, describeSchedule, every, HOUR_MS, MINUTE_MS, nextRunAfter, scheduleIntervalMs } from './schedule'

/** The next run of a daily job at `hhmm`, after the instant `from`. */
const daily = (hhmm: string, from: string) => nextRunAfter(dailyAt(hhmm), new Date(from)).toISOString()

describe('schedules', () => {
  it('says each schedule in words', () => {
    expect(describeSchedule(every(HOUR_MS))).toBe('cada hora')
    expect(describeSchedule(every(MINUTE_MS))).toBe('cada minuto')
    expect(describeSchedule(every(5 * MINUTE_MS))).toBe('cada 5 minutos')
    expect(describeSchedule(every(6 * HOUR_MS))).toBe('cada 6 horas')
    expect(describeSchedule(every(30_000))).toBe('cada 30 segundos')
    expect(describeSchedule(dailyAt('03:30'))).toBe('todos los días a las 03:30')
  })

  it('refuses a time of day that is not one', () => {
    expect(() => dailyAt('24:00')).toThrow()
    expect(() => dailyAt('3:30')).toThrow()
  })

  it('puts the next run of an interval one interval later', () => {
    const from = new Date('2026-12-01T12:00:00.000Z')
    expect(nextRunAfter(every(HOUR_MS), from).toISOString()).toBe('2026-12-01T13:00:00.000Z')
    expect(scheduleIntervalMs(every(HOUR_MS))).toBe(HOUR_MS)
    expect(scheduleIntervalMs(dailyAt('03:00'))).toBe(24 * HOUR_MS)
  })

  it('puts a daily run at its time of Chile, summer (UTC-3) and winter (UTC-4)', () => {
    // December: Chile summer time, 03:30 in Santiago is 06:30 UTC.
    expect(daily('03:30', '2026-12-01T05:00:00.000Z')).toBe('2026-12-01T06:30:00.000Z')
    // Already past today: tomorrow.
    expect(daily('03:30', '2026-12-01T06:30:00.000Z')).toBe('2026-12-02T06:30:00.000Z')
    // July: winter time, 03:30 is 07:30 UTC.
    expect(daily('03:30', '2026-07-10T12:00:00.000Z')).toBe('2026-07-11T07:30:00.000Z')
    // 22:00 of the 1st in Chile is already the 2nd in UTC: the run is at 23:00 of Chile's 1st.
    expect(daily('23:00', '2026-12-02T01:00:00.000Z')).toBe('2026-12-02T02:00:00.000Z')
  })

  it('runs once on the days Chile changes its clocks', () => {
    // 2026-04-05 00:00 (UTC-3) the clocks go back to 23:00 of the 4th: 03:30 of the 5th is UTC-4.
    expect(daily('03:30', '2026-04-05T00:00:00.000Z')).toBe('2026-04-05T07:30:00.000Z')
    // 2026-09-06 00:00 (UTC-4) jumps to 01:00 (UTC-3): 03:30 of the 6th is 06:30 UTC.
    expect(daily('03:30', '2026-09-05T20:00:00.000Z')).toBe('2026-09-06T06:30:00.000Z')
  })
})
