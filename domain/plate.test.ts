import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isValidPlate, normalizePlate, plateFormat } from './plate'

const letters = (n: number) => fc.stringMatching(new RegExp(`^[A-Za-z]{${n}}$`))
const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`))
const shape = (l: number, d: number) => fc.tuple(letters(l), digits(d)).map(([a, b]) => a + b)

describe('normalizePlate', () => {
  it('uppercases and removes spaces, hyphens and dots', () => {
    expect(normalizePlate(' ab-12 34 ')).toBe('AB1234')
    expect(normalizePlate('bb·bb·12')).toBe('BBBB12')
    expect(normalizePlate('bc.d12')).toBe('BCD12')
  })
})

describe('plateFormat', () => {
  it.each([
    ['AB1234', 'oldCar'],
    ['BBBB12', 'newCar'],
    ['BB BB 12', 'newCar'],
    ['ab123', 'oldMotorbike'],
    ['BCD12', 'newMotorbike'],
  ] as const)('%s is %s', (plate, format) => {
    expect(plateFormat(plate)).toBe(format)
    expect(isValidPlate(plate)).toBe(true)
  })
  it.each(['', 'A1234', 'ABC1234', '123456', 'ABCDEF', 'AB12345', 'ABCDE1', '12AB34', 'AB12', 'ABCD123', 'ÑA1234'])(
    'rejects %s',
    (plate) => {
      expect(isValidPlate(plate)).toBe(false)
    },
  )
})

describe('plate properties', () => {
  const valid = fc.oneof(shape(2, 4), shape(4, 2), shape(2, 3), shape(3, 2))

  it('every valid shape passes, in any case and with separators', () => {
    fc.assert(
      fc.property(valid, fc.constantFrom('', ' ', '-'), (plate, sep) => {
        expect(isValidPlate(plate)).toBe(true)
        expect(isValidPlate(plate.toLowerCase())).toBe(true)
        expect(isValidPlate(`${plate.slice(0, 2)}${sep}${plate.slice(2)}`)).toBe(true)
      }),
    )
  })

  it('wrong counts of letters or digits fail', () => {
    const invalid = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
      .filter(([l, d]) => !['2,4', '4,2', '2,3', '3,2'].includes(`${l},${d}`))
      .chain(([l, d]) => shape(l, d))
    fc.assert(
      fc.property(invalid, (plate) => {
        expect(isValidPlate(plate)).toBe(false)
      }),
    )
  })

  it('digits before letters fail', () => {
    fc.assert(
      fc.property(
        fc.tuple(digits(2), letters(4)).map(([a, b]) => a + b),
        (plate) => {
          expect(isValidPlate(plate)).toBe(false)
        },
      ),
    )
  })

  it('any other character fails', () => {
    fc.assert(
      fc.property(valid, fc.constantFrom('_', '/', 'Ñ', '#', '@', 'É', '+'), fc.nat(), (plate, ch, pos) => {
        const i = pos % (plate.length + 1)
        expect(isValidPlate(plate.slice(0, i) + ch + plate.slice(i))).toBe(false)
      }),
    )
  })
})
