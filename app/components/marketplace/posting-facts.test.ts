import { describe, expect, it } from 'vitest'
import { initials } from './posting-facts'

describe('a company without a logo shows its initials', () => {
  it('takes the first letters of its first two words, leaving legal forms and joining words out', () => {
    expect(initials('Despachos Andes SpA')).toBe('DA')
    expect(initials('Mercado Sur Ltda.')).toBe('MS')
    expect(initials('Transportes de la Costa S.A.')).toBe('TC')
    expect(initials('rápido')).toBe('R')
    expect(initials('SpA')).toBe('S')
  })
})
