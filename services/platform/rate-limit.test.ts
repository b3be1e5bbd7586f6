import { describe, expect, it } from 'vitest'
import { memoryRateLimiter } from './rate-limit'

describe('memory rate limiter', () => {
  it('says the count of each hit, and peeks at the live window without counting', async () => {
    let t = 0
    const l = memoryRateLimiter(() => t)
    expect(await l.peek('k')).toBe(0)
    expect(await l.hit('k', 2, 1000)).toEqual({ allowed: true, retryAfterSeconds: 1, count: 1 })
    expect((await l.hit('k', 2, 1000)).count).toBe(2)
    expect(await l.peek('k')).toBe(2)
    expect(await l.peek('k')).toBe(2)
    expect(await l.hit('k', 2, 1000)).toMatchObject({ allowed: false, count: 3 })
    expect(await l.peek('other')).toBe(0)
    t = 1000
    expect(await l.peek('k')).toBe(0)
    expect((await l.hit('k', 2, 1000)).count).toBe(1)
  })
})
