import { describe, expect, it } from 'vitest'
import { localInvalidationBus, redisInvalidationBus } from './invalidation'

const redisUrl = process.env.TEST_REDIS_URL

describe('local invalidation bus', () => {
  it('reaches this process only, synchronously', () => {
    const bus = localInvalidationBus()
    let seen = 0
    bus.onInvalidate(() => seen++)
    bus.publish()
    expect(seen).toBe(1)
    expect(bus.shared).toBe(false)
  })
})

describe.skipIf(!redisUrl)('redis invalidation bus', () => {
  it('a publish on one process reaches every other process once, and its own at once', async () => {
    const channel = `fleeters:test-invalidate:${Math.random().toString(36).slice(2)}`
    const [a, b, c] = await Promise.all([redisInvalidationBus(redisUrl!, channel), redisInvalidationBus(redisUrl!, channel), redisInvalidationBus(redisUrl!, channel)])
    const seen = { a: 0, b: 0, c: 0 }
    a.onInvalidate(() => seen.a++)
    b.onInvalidate(() => seen.b++)
    c.onInvalidate(() => seen.c++)
    try {
      a.publish()
      expect(seen.a).toBe(1)
      await expect.poll(() => seen.b + seen.c, { timeout: 2000 }).toBe(2)
      await new Promise((r) => setTimeout(r, 100))
      // Its own message coming back through Redis does not count twice.
      expect(seen).toEqual({ a: 1, b: 1, c: 1 })
      await expect(a.ping()).resolves.toBeUndefined()
    } finally {
      await Promise.all([a.close(), b.close(), c.close()])
    }
  })
})
