import { describe, expect, it } from 'vitest'
import { pageParam } from './list-page'

const at = (query: string) => pageParam(new URL(`http://localhost/lista${query}`))

describe('pageParam', () => {
  it('reads a page the services accept', () => {
    expect(at('?page=2')).toBe(2)
    expect(at('?page=999999')).toBe(999_999)
    expect(at('?estado=nueva&page=30')).toBe(30)
  })

  it('falls back to the first page for anything else', () => {
    for (const query of ['', '?page=', '?page=0', '?page=-1', '?page=abc', '?page=1.5', '?page=1000000', '?page=1e3']) {
      expect(at(query), query).toBe(1)
    }
  })
})
