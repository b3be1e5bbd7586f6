import { describe, expect, it } from 'vitest'
import {
  chileParts,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatPayment,
  formatPercent,
  formatPhone,
  formatRut,
  formatTime,
  formatTimeAgo,
  yearInChile,
} from './format'

describe('formatDate / formatDateTime (es-CL, America/Santiago)', () => {
  // 11:13 UTC on 30 Nov 2026 is 08:13 in Santiago (summer time, UTC−3).
  const summer = new Date('2026-11-30T11:13:00Z')
  // 12:05 UTC on 15 Jul 2026 is 08:05 in Santiago (winter time, UTC−4).
  const winter = new Date('2026-07-15T12:05:00Z')

  it('writes a moment in Chile time with the 24-hour clock', () => {
    expect(formatDateTime(summer, 'long')).toBe('30 de noviembre de 2026, 08:13')
    expect(formatDateTime(winter, 'long')).toBe('15 de julio de 2026, 08:05')
    expect(formatDateTime('2026-11-30T20:45:00Z', 'numeric')).toBe('30-11-2026 17:45')
    expect(formatTime(summer)).toBe('08:13')
  })

  it('never writes a.m./p.m., so a sentence ending in a date has one full stop', () => {
    for (let h = 0; h < 24; h++) {
      const d = new Date(Date.UTC(2026, 10, 30, h, 13))
      for (const sentence of [
        `Sirve una sola vez y vence el ${formatDateTime(d)}.`,
        `Vence el ${formatDateTime(d, 'long')}.`,
      ]) {
        expect(sentence).not.toMatch(/\.\./)
        expect(sentence).not.toMatch(/[ap]\.\s?m/i)
        expect(sentence).toMatch(/\d{2}:13\.$/)
      }
    }
    expect(`${formatDate(summer, 'short')}.`).not.toMatch(/\.\./)
  })

  it('uses the day in Chile, not the day in UTC or on the server', () => {
    // 02:30 UTC on 1 Dec is still 30 Nov, 23:30 in Santiago.
    expect(formatDate('2026-12-01T02:30:00Z', 'long')).toBe('30 de noviembre de 2026')
    expect(formatDateTime('2026-12-01T02:30:00Z')).toBe('30-11-2026 23:30')
    expect(yearInChile(new Date('2027-01-01T02:00:00Z'))).toBe(2026)
    expect(yearInChile(new Date('2027-01-01T03:00:00Z'))).toBe(2027)
  })

  it('keeps a date-only value on its calendar day', () => {
    expect(formatDate('2026-03-01', 'long')).toBe('1 de marzo de 2026')
    expect(formatDate('2026-03-01', 'numeric')).toBe('01-03-2026')
    expect(formatDate('2026-09-12', 'short')).toMatch(/^12 sept? 2026$/)
    expect(chileParts('2026-01-31')).toEqual({ year: 2026, month: 1, day: 31, hour: 0, minute: 0 })
  })

  it('has short months without a trailing full stop', () => {
    for (let m = 0; m < 12; m++)
      expect(formatDate(new Date(Date.UTC(2026, m, 10, 15)), 'short')).toMatch(/^10 [a-z]{3,4} 2026$/)
  })

  it('gives the fallback for empty or unreadable values', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('')).toBe('—')
    expect(formatDateTime('mañana')).toBe('—')
    expect(formatDate(undefined, 'long', '')).toBe('')
  })

  it('has one date style unless told (decision 57): 23-11-2026 and 23-11-2026 08:13', () => {
    expect(formatDate('2026-11-23')).toBe('23-11-2026')
    expect(formatDate(summer)).toBe('30-11-2026')
    expect(formatDateTime(summer)).toBe('30-11-2026 08:13')
    expect(formatDateTime(winter)).toBe('15-07-2026 08:05')
  })

  it('writes counts with the Chilean thousands separator', () => {
    expect(formatInteger(12345)).toBe('12.345')
    expect(formatInteger(7)).toBe('7')
  })

  it('groups every number the same way, 4 digits included (one formatter for counts, kg and money)', () => {
    expect(formatInteger(1500)).toBe('1.500')
    expect(formatInteger(1000000)).toBe('1.000.000')
    expect(formatInteger(-2500)).toBe('-2.500')
    expect(formatInteger(1999.9)).toBe('1.999')
  })

  it("says how long ago, in Chile's Spanish", () => {
    const now = new Date('2026-11-24T12:00:00Z')
    const ago = (seconds: number) => formatTimeAgo(new Date(now.getTime() - seconds * 1000).toISOString(), now)
    expect(ago(30)).toBe('hace un momento')
    expect(ago(60)).toBe('hace 1 minuto')
    expect(ago(5 * 60)).toBe('hace 5 minutos')
    expect(ago(3 * 3600 + 59)).toBe('hace 3 horas')
    expect(ago(86400)).toBe('hace 1 día')
    expect(ago(40 * 86400)).toBe('hace 1 mes')
    expect(ago(800 * 86400)).toBe('hace 2 años')
    expect(formatTimeAgo('mañana', now)).toBe('hace un momento')
    // A date in the future (a clock ahead of ours) is not "en 3 horas".
    expect(ago(-3 * 3600)).toBe('hace un momento')
  })
})

describe('numbers, money, RUT and phone (decision 57)', () => {
  it('writes decimals with a comma and groups thousands with a dot', () => {
    expect(formatDecimal(0.4)).toBe('0,4')
    expect(formatDecimal(1234.56)).toBe('1.234,6')
    expect(formatDecimal(1234.56, 2)).toBe('1.234,56')
    expect(formatDecimal(12)).toBe('12')
    expect(formatDecimal(6, 1, 1)).toBe('6,0')
  })

  it('writes percentages as 0,4 % with a no-break space', () => {
    expect(formatPercent(0.4)).toBe('0,4\u00a0%')
    expect(formatPercent(98)).toBe('98\u00a0%')
    expect(formatPercent(12.345, 2)).toBe('12,35\u00a0%')
  })

  it('writes pesos as $450.000, with no cents', () => {
    expect(formatMoney(450000)).toBe('$450.000')
    expect(formatMoney(4500)).toBe('$4.500')
    expect(formatMoney(999)).toBe('$999')
    expect(formatMoney(1999.6)).toBe('$2.000')
    expect(formatMoney(-2500)).toBe('-$2.500')
    expect(formatPayment(45000, 'por día')).toBe('$45.000 por día')
    expect(formatPayment(45000, '')).toBe('$45.000')
  })

  it('writes a RUT as 12.345.678-5', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5')
    expect(formatRut('12.345.678-k')).toBe('12.345.678-K')
    expect(formatRut('1234567-4')).toBe('1.234.567-4')
    expect(formatRut('no es rut')).toBe('no es rut')
    expect(formatRut(null)).toBe('')
  })

  it('writes a Chilean mobile as +56 9 XXXX XXXX', () => {
    expect(formatPhone('56987654321')).toBe('+56 9 8765 4321')
    expect(formatPhone('987654321')).toBe('+56 9 8765 4321')
    expect(formatPhone('+56 9 8765-4321')).toBe('+56 9 8765 4321')
    expect(formatPhone('222345678')).toBe('222345678')
    expect(formatPhone(null)).toBe('')
  })
})

describe('chileParts remembers a minute', () => {
  it('gives each caller its own copy, right across an offset change', () => {
    const a = chileParts(new Date('2026-04-05T02:59:10Z'))!
    a.hour = 99
    expect(chileParts(new Date('2026-04-05T02:59:50Z'))).toEqual({ year: 2026, month: 4, day: 4, hour: 23, minute: 59 })
    // Chile leaves summer time at 2026-04-05 03:00 UTC: the next minute is 23:00 again.
    expect(chileParts(new Date('2026-04-05T03:00:00Z'))).toEqual({ year: 2026, month: 4, day: 4, hour: 23, minute: 0 })
  })
})
