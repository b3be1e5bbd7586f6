import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeCheckDigit, formatRut, isValidRut, isValidRutFormat, normalizeRut } from './rut'

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K'] as const
const body = fc.stringMatching(/^\d{2,8}$/)

describe('normalizeRut', () => {
  it('removes dots and spaces and uppercases K', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5')
    expect(normalizeRut(' 7.654.321-k ')).toBe('7654321-K')
  })
})

describe('computeCheckDigit', () => {
  it.each([
    ['12345678', '5'],
    ['11111111', '1'],
    ['76086428', '5'],
    ['10', '8'],
    ['1000005', 'K'],
    ['30000001', '0'],
  ])('%s -> %s', (b, dv) => {
    expect(computeCheckDigit(b)).toBe(dv)
    expect(computeCheckDigit(Number(b))).toBe(dv)
  })

  it('maps 11 to 0 and 10 to K', () => {
    expect(computeCheckDigit('0')).toBe('0') // sum 0 -> 11 -> '0'
    expect(computeCheckDigit('5')).toBe('1') // sum 10 -> 1
    expect(computeCheckDigit('1000005')).toBe('K') // sum 23 -> 10 -> 'K'
  })

  it('cycles the weights 2..7 from the right', () => {
    // 1234567 8: weights from the right 2,3,4,5,6,7,2,3
    const sum = 8 * 2 + 7 * 3 + 6 * 4 + 5 * 5 + 4 * 6 + 3 * 7 + 2 * 2 + 1 * 3
    const expected = 11 - (sum % 11)
    expect(computeCheckDigit('12345678')).toBe(expected === 11 ? '0' : expected === 10 ? 'K' : String(expected))
  })

  it('rejects a non-digit body', () => {
    expect(() => computeCheckDigit('12a')).toThrow()
  })
})

describe('isValidRutFormat / isValidRut', () => {
  it.each(['12345678-5', '12.345.678-5', '1.000.005-k', '10-8'])('accepts %s', (v) => {
    expect(isValidRutFormat(v)).toBe(true)
    expect(isValidRut(v)).toBe(true)
  })
  it.each(['', '1-9', '123456789-1', '12345678', '12345678-', '12345678-A', 'ab-1', '12345678--5'])(
    'rejects the format of %s',
    (v) => {
      expect(isValidRutFormat(v)).toBe(false)
      expect(isValidRut(v)).toBe(false)
    },
  )
  it('accepts the format but not the check digit of 12345678-6', () => {
    expect(isValidRutFormat('12345678-6')).toBe(true)
    expect(isValidRut('12345678-6')).toBe(false)
  })

  it('property: every body of 2-8 digits with its computed digit passes (plain and dotted)', () => {
    fc.assert(
      fc.property(body, (b) => {
        const rut = `${b}-${computeCheckDigit(b)}`
        expect(isValidRut(rut)).toBe(true)
        expect(isValidRut(formatRut(rut))).toBe(true)
        expect(isValidRut(rut.toLowerCase())).toBe(true)
      }),
    )
  })

  it('property: every other check digit fails', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...DIGITS), (b, dv) => {
        fc.pre(dv !== computeCheckDigit(b))
        expect(isValidRut(`${b}-${dv}`)).toBe(false)
      }),
    )
  })

  it('property: bodies longer than 8 or shorter than 2 digits fail', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{9,12}$/), fc.stringMatching(/^\d$/)), (b) => {
        expect(isValidRutFormat(`${b}-${computeCheckDigit(b)}`)).toBe(false)
      }),
    )
  })
})

describe('formatRut', () => {
  it('adds thousands dots', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5')
    expect(formatRut('1000005-k')).toBe('1.000.005-K')
    expect(formatRut('nope')).toBe('nope')
  })
})
