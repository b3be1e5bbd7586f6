import { describe, expect, it } from 'vitest'
import { preferredEncoding } from './compression'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(null)).toBeNull()
  })
})
