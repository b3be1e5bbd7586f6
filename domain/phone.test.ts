import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  digitsOnly,
  formatChileanMobile,
  hasForbiddenSequence,
  isChileanMobile,
  isDigitsOnly,
  normalizeChileanMobile,
  normalizeLocalChileanPhoneInput,
  normalizePhoneInput,
} from './phone'

const digitString = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`))

describe('isDigitsOnly / digitsOnly', () => {
  it('examples', () => {
    expect(isDigitsOnly('912345678')).toBe(true)
    expect(isDigitsOnly('')).toBe(false)
    expect(isDigitsOnly('+56912345678')).toBe(false)
    expect(isDigitsOnly('9 1234 5678')).toBe(false)
    expect(digitsOnly('+56 9 1234-5678')).toBe('56912345678')
  })
  it('property: digit strings pass; inserting any non-digit fails', () => {
    fc.assert(
      fc.property(digitString(1, 20), fc.constantFrom(' ', '+', '-', 'a', '.', '(', '٣'), fc.nat(), (d, ch, pos) => {
        expect(isDigitsOnly(d)).toBe(true)
        const i = pos % (d.length + 1)
        expect(isDigitsOnly(d.slice(0, i) + ch + d.slice(i))).toBe(false)
      }),
    )
  })
})

describe('hasForbiddenSequence', () => {
  it('examples', () => {
    expect(hasForbiddenSequence('912340000')).toBe(true)
    expect(hasForbiddenSequence('956781234')).toBe(true)
    expect(hasForbiddenSequence('987654321')).toBe(false)
    expect(hasForbiddenSequence('900012345')).toBe(true)
    expect(hasForbiddenSequence('900019235')).toBe(false)
  })
  it('property: any number containing 0000 or 1234 is forbidden', () => {
    fc.assert(
      fc.property(digitString(0, 8), fc.constantFrom('0000', '1234'), digitString(0, 8), (a, seq, b) => {
        expect(hasForbiddenSequence(a + seq + b)).toBe(true)
      }),
    )
  })
  it('property: a number is allowed iff it contains neither sequence', () => {
    fc.assert(
      fc.property(digitString(0, 15), (d) => {
        expect(hasForbiddenSequence(d)).toBe(d.includes('0000') || d.includes('1234'))
      }),
    )
  })
  it('property: numbers built without 0 and without 1 are always allowed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]{0,15}$/), (d) => {
        expect(hasForbiddenSequence(d)).toBe(false)
      }),
    )
  })
})

describe('normalizeChileanMobile', () => {
  it('examples', () => {
    expect(normalizeChileanMobile('987654321')).toBe('56987654321')
    expect(normalizeChileanMobile('56987654321')).toBe('56987654321')
    expect(normalizeChileanMobile('87654321')).toBeNull()
    expect(normalizeChileanMobile('887654321')).toBeNull()
    expect(normalizeChileanMobile('56887654321')).toBeNull()
    expect(normalizeChileanMobile('+56987654321')).toBeNull()
  })
  it('property: 9 + 8 digits and 569 + 8 digits normalise to the same 11 digits', () => {
    fc.assert(
      fc.property(digitString(8, 8), (rest) => {
        expect(normalizeChileanMobile(`9${rest}`)).toBe(`569${rest}`)
        expect(normalizeChileanMobile(`569${rest}`)).toBe(`569${rest}`)
        expect(isChileanMobile(`9${rest}`)).toBe(true)
      }),
    )
  })
  it('property: other lengths fail', () => {
    fc.assert(
      fc.property(
        digitString(0, 14).filter((d) => d.length !== 9 && d.length !== 11),
        (d) => {
          expect(isChileanMobile(d)).toBe(false)
        },
      ),
    )
  })
})

describe('normalizePhoneInput', () => {
  it('examples: the ways Chileans write a number become its digits', () => {
    expect(normalizePhoneInput('+56 9 8765 4321')).toBe('56987654321')
    expect(normalizePhoneInput('+56-9-8765-4321')).toBe('56987654321')
    expect(normalizePhoneInput('(+56) 9 8765 4321')).toBe('56987654321')
    expect(normalizePhoneInput('(9) 8765-4321')).toBe('987654321')
    expect(normalizePhoneInput(' 9.8765.4321 ')).toBe('987654321')
    expect(normalizePhoneInput('9\u00a08765\u20114321')).toBe('987654321')
    expect(normalizePhoneInput('22 876 5432')).toBe('228765432')
    expect(normalizePhoneInput(56987654321)).toBe('56987654321')
  })
  it('examples: what is not a separator stays, for the rules to refuse', () => {
    expect(normalizePhoneInput('9876a4321')).toBe('9876a4321')
    expect(normalizePhoneInput('98+7654321')).toBe('98+7654321')
    expect(normalizePhoneInput('++56987654321')).toBe('+56987654321')
    expect(normalizePhoneInput('')).toBe('')
    expect(normalizePhoneInput(undefined)).toBeUndefined()
    expect(normalizePhoneInput(null)).toBeNull()
    expect(normalizePhoneInput(-5)).toBe(-5)
  })
  it('property: separators anywhere and a leading + never change the digits', () => {
    fc.assert(
      fc.property(
        digitString(1, 15),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '-', '.', '(', ')', '\u00a0')), { maxLength: 6 }),
        fc.boolean(),
        (d, inserts, plus) => {
          let typed = d
          for (const [pos, ch] of inserts) {
            const i = pos % (typed.length + 1)
            typed = typed.slice(0, i) + ch + typed.slice(i)
          }
          expect(normalizePhoneInput(plus ? `+${typed}` : typed)).toBe(d)
        },
      ),
    )
  })
  it('normalizeLocalChileanPhoneInput drops the country code of a Chilean mobile only', () => {
    expect(normalizeLocalChileanPhoneInput('+56 9 8765 4321')).toBe('987654321')
    expect(normalizeLocalChileanPhoneInput('9 8765 4321')).toBe('987654321')
    expect(normalizeLocalChileanPhoneInput('+56 2 2876 5432')).toBe('56228765432')
    expect(normalizeLocalChileanPhoneInput(987654321)).toBe('987654321')
  })
})

describe('formatChileanMobile', () => {
  it('examples: a Chilean mobile in any stored spelling reads +56 9 XXXX XXXX', () => {
    expect(formatChileanMobile('56987654321')).toBe('+56 9 8765 4321')
    expect(formatChileanMobile('987654321')).toBe('+56 9 8765 4321')
    expect(formatChileanMobile('+56 9 8765-4321')).toBe('+56 9 8765 4321')
  })
  it('examples: anything else is shown as stored, never with an added +', () => {
    expect(formatChileanMobile('123456789')).toBe('123456789')
    expect(formatChileanMobile('228765432')).toBe('228765432')
    expect(formatChileanMobile('5491123456789')).toBe('5491123456789')
    expect(formatChileanMobile(null)).toBe('')
    expect(formatChileanMobile('')).toBe('')
    expect(formatChileanMobile('sin teléfono 912345678')).toBe('sin teléfono 912345678')
  })
  it('property: normalise then format round-trips every Chilean mobile', () => {
    fc.assert(
      fc.property(digitString(8, 8), (rest) => {
        const shown = formatChileanMobile(`569${rest}`)
        expect(shown).toBe(`+56 9 ${rest.slice(0, 4)} ${rest.slice(4)}`)
        expect(normalizeChileanMobile(normalizePhoneInput(shown) as string)).toBe(`569${rest}`)
      }),
    )
  })
})
