import { describe, expect, it } from 'vitest'
import { clientAddress, fromWebTier, INTERNAL_SECRET_HEADER } from './client-ip'

describe('clientAddress (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For when no proxy is trusted: a client cannot choose its bucket', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9')
  })

  it('takes the address the trusted proxy saw, not what the client wrote before it', () => {
    // client → LB (appends the client's address) → us
    expect(clientAddress('10.0.0.2', '198.51.100.7', 1)).toBe('198.51.100.7')
    // the client forged a first entry; the LB appended the real one
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7')
    // two trusted hops: CDN then LB
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7, 172.16.0.5', 2)).toBe('198.51.100.7')
  })

  it('falls back to the socket address without the header or with garbage in it', () => {
    expect(clientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '<script>', 1)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '2001:db8::1', 1)).toBe('2001:db8::1')
  })
})

describe('fromWebTier (INTERNAL_SECRET)', () => {
  const secret = 'x'.repeat(40)
  it('believes only the exact secret, and nothing when none is configured', () => {
    expect(fromWebTier(new Headers({ [INTERNAL_SECRET_HEADER]: secret }), secret)).toBe(true)
    expect(fromWebTier(new Headers({ [INTERNAL_SECRET_HEADER]: 'x'.repeat(39) + 'y' }), secret)).toBe(false)
    expect(fromWebTier(new Headers({ [INTERNAL_SECRET_HEADER]: 'short' }), secret)).toBe(false)
    expect(fromWebTier(new Headers(), secret)).toBe(false)
    expect(fromWebTier(new Headers({ [INTERNAL_SECRET_HEADER]: secret }), undefined)).toBe(false)
  })
})
