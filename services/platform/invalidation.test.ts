import { describe, expect, it } from 'vitest'
import { countPublicWrites, localInvalidationBus, redisInvalidationBus } from './invalidation'

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

describe('countPublicWrites', () => {
  it('grows by one with each public write the bus hears of, and only then', () => {
    const bus = localInvalidationBus()
    const writeGeneration = countPublicWrites(bus)
    expect(writeGeneration()).toBe(0)
    bus.publish()
    bus.publish()
    expect(writeGeneration()).toBe(2)
    expect(writeGeneration()).toBe(2)
  })
})

describe.skipIf(!redisUrl)('redis invalidation bus', () => {
  it('a publish on one process reaches every other process once, and its own at once', async () => {
    const channel = `fleeters:test-invalidate:${Math.random().toString(36).slice(2)}`
    const [a, b, c] = await Promise.all([
      redisInvalidationBus(redisUrl!, channel),
      redisInvalidationBus(redisUrl!, channel),
      redisInvalidationBus(redisUrl!, channel),
    ])
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

describe.skipIf(!redisUrl)('a public-content write on one process', () => {
  it("moves another process's write count through Redis; a search there does not", async () => {
    const { createTestPlatform, testClient } = await import('#services/testing/platform')
    const { business, companyAccount, postingBody } = await import('#services/testing/business')
    const channel = `fleeters:test-invalidate:${Math.random().toString(36).slice(2)}`
    const [writer, reader] = await Promise.all([
      redisInvalidationBus(redisUrl!, channel),
      redisInvalidationBus(redisUrl!, channel),
    ])
    const p = await createTestPlatform('sqlite')
    try {
      // Both processes wire their buses like server/create-server.ts does.
      p.publicContentChanged = () => writer.publish()
      const readerGeneration = countPublicWrites(reader)
      const api = testClient(p)
      const andes = await companyAccount(p)
      expect((await api.post('/business/search-my-job-postings', { search: 'reparto' }, business(andes))).status).toBe(
        200,
      )
      await new Promise((r) => setTimeout(r, 200))
      expect(readerGeneration()).toBe(0)
      expect((await api.post('/business/create-job-posting', postingBody(), business(andes))).status).toBe(201)
      await expect.poll(() => readerGeneration(), { timeout: 2000 }).toBe(1)
      await new Promise((r) => setTimeout(r, 100))
      expect(readerGeneration()).toBe(1)
    } finally {
      await Promise.all([writer.close(), reader.close(), p.destroy()])
    }
  })
})
