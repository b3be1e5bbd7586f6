import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  emailDomain,
  emailDomainIsBlocked,
  isValidBankEmail,
  isValidContactEmail,
  isValidEmail,
  isValidOwnerEmail,
} from './email'

const local = fc.stringMatching(/^[a-z0-9._-]{1,20}$/)
const label = fc.stringMatching(/^[a-z0-9-]{1,15}$/).filter((l) => !l.includes('fleeters'))
const tld = (min: number, max: number) => fc.stringMatching(new RegExp(`^[a-z]{${min},${max}}$`))

describe('emailDomain / emailDomainIsBlocked', () => {
  it('examples', () => {
    expect(emailDomain('Ana@Mail.CL')).toBe('mail.cl')
    expect(emailDomain('nope')).toBe('')
    expect(emailDomainIsBlocked('ana@fleeters.cl')).toBe(true)
    expect(emailDomainIsBlocked('ana@mail.FLEETERS.com')).toBe(true)
    expect(emailDomainIsBlocked('fleeters@gmail.com')).toBe(false)
  })
})

describe('isValidEmail', () => {
  it.each(['ana@gmail.com', 'a.b+c@sub.mail.cl', 'x@y.museum'])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true))
  it.each(['', 'ana', 'ana@', '@mail.cl', 'ana@mail', 'ana@mail.c', 'ana @mail.cl', 'ana@mail..cl', 'ana@mail.c1'])(
    'rejects %s',
    (e) => expect(isValidEmail(e)).toBe(false),
  )
})

describe('contact e-mail (TLD 2-4 letters)', () => {
  it('examples', () => {
    expect(isValidContactEmail('ana@gmail.com')).toBe(true)
    expect(isValidContactEmail('ana@empresa.info')).toBe(true)
    expect(isValidContactEmail('ana@empresa.museum')).toBe(false)
    expect(isValidContactEmail('ana@empresa.c')).toBe(false)
  })
  it('property: TLD of 2-4 letters passes, 5+ fails', () => {
    fc.assert(
      fc.property(local, label, tld(2, 4), tld(5, 10), (l, d, ok, long) => {
        expect(isValidContactEmail(`${l}@${d}.${ok}`)).toBe(true)
        expect(isValidContactEmail(`${l}@${d}.${long}`)).toBe(false)
      }),
    )
  })
})

describe('bank and owner e-mail', () => {
  it('examples', () => {
    expect(isValidBankEmail('ana.perez_1@mail-cl.travel')).toBe(true)
    expect(isValidBankEmail('ana+x@mail.cl')).toBe(false)
    expect(isValidBankEmail('ana@fleeters.cl')).toBe(false)
    expect(isValidBankEmail('ana@mail.company')).toBe(false)
    expect(isValidOwnerEmail('dueno@mail.cl')).toBe(true)
    expect(isValidOwnerEmail('dueño@mail.cl')).toBe(false)
    expect(isValidOwnerEmail('x@sub.fleeters.com')).toBe(false)
  })
  it('property: well-formed addresses pass unless the domain contains fleeters', () => {
    fc.assert(
      fc.property(local, label, tld(2, 6), fc.boolean(), (l, d, t, blocked) => {
        const email = blocked ? `${l}@${d}fleeters.${t}` : `${l}@${d}.${t}`
        expect(isValidBankEmail(email)).toBe(!blocked)
        expect(isValidOwnerEmail(email)).toBe(!blocked)
      }),
    )
  })
  it('property: characters outside a-z A-Z 0-9 @ . _ - are rejected', () => {
    fc.assert(
      fc.property(local, label, fc.constantFrom('+', '%', '!', 'ñ', ' ', '#', '&'), (l, d, ch) => {
        expect(isValidBankEmail(`${l}${ch}@${d}.cl`)).toBe(false)
        expect(isValidOwnerEmail(`${l}${ch}@${d}.cl`)).toBe(false)
      }),
    )
  })
})
