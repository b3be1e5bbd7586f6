import * as jose from 'jose'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { signSessionToken, verifySessionToken } from './tokens'

// jose's jwtVerify, watched: the only full verification tokens.ts does.
vi.mock('jose', { spy: true })
const verifications = {
  get count() {
    return vi.mocked(jose.jwtVerify).mock.calls.length
  },
}

const key = new Uint8Array(32).fill(7)
const now = new Date('2026-11-24T12:00:00Z')
const sign = (at = now, ttl = 3600) => signSessionToken(key, { userId: 5, role: 'User', sessionId: 's1' }, at, ttl)

describe('verifySessionToken', () => {
  beforeEach(() => {
    vi.mocked(jose.jwtVerify).mockClear()
  })

  it('a token is verified in full on every call (a check costs ~1 % of a page: nothing is kept)', async () => {
    const token = await sign()
    const first = await verifySessionToken(key, token, now)
    expect(first).toMatchObject({ sub: '5', role: 'User', sid: 's1' })
    for (let i = 0; i < 5; i++)
      expect(await verifySessionToken(key, token, new Date(now.getTime() + i * 1000))).toEqual(first)
    expect(verifications.count).toBe(6)
  })

  it('a token expires at its exp, by the clock it is given', async () => {
    const token = await sign(now, 60)
    expect(await verifySessionToken(key, token, now)).not.toBeNull()
    expect(await verifySessionToken(key, token, new Date(now.getTime() + 59_000))).not.toBeNull()
    expect(await verifySessionToken(key, token, new Date(now.getTime() + 60_000))).toBeNull()
  })

  it('an altered token, another key or an expired one is refused', async () => {
    const token = await sign()
    await verifySessionToken(key, token, now)
    vi.mocked(jose.jwtVerify).mockClear()
    const [h, p, sig] = token.split('.')
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${sig}`
    for (let i = 0; i < 2; i++) expect(await verifySessionToken(key, forged, now)).toBeNull()
    expect(await verifySessionToken(new Uint8Array(32).fill(8), token, now)).toBeNull()
    const old = await sign(new Date(now.getTime() - 7200_000), 3600)
    for (let i = 0; i < 2; i++) expect(await verifySessionToken(key, old, now)).toBeNull()
    expect(verifications.count).toBe(5)
  })
})
