import { describe, expect, it } from 'vitest'
import { initials } from './posting-facts'

describe('a company without a logo shows its initials', () => {
  it('takes the first letters of its first two words', () => {
    expect(initials('Despachos Andes SpA')).toBe('DA')
    expect(initials('Mercado Sur Ltda.')).toBe('MS')
    expect(initials('rápido')).toBe('R')
  })
})
