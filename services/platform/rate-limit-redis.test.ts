import { randomUUID } from 'node:crypto'
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { redisRateLimiter, type RedisRateLimiter } from './rate-limit-redis'

/** Runs when TEST_REDIS_URL is set (CI: the machine's Redis at 127.0.0.1:6379). */
const url = process.env.TEST_REDIS_URL

describe.skipIf(!url)('Redis rate limiter', () => {
  const open: RedisRateLimiter[] = []
  const limiter = async () => {
    const l = await redisRateLimiter(url!, `fleeters-test:${randomUUID()}:`)
    open.push(l)
    return l
  }
  afterAll(async () => {
    for (const l of open) await l.reset()
    await Promise.all(open.map((l) => l.close()))
  })

  it('counts one window across processes (two clients share it)', async () => {
    const a = await limiter()
    const key = `login:${randomUUID()}`
    expect((await a.hit(key, 2, 60_000)).allowed).toBe(true)
    expect((await a.hit(key, 2, 60_000)).allowed).toBe(true)
    const third = await a.hit(key, 2, 60_000)
    expect(third.allowed).toBe(false)
    expect(third.retryAfterSeconds).toBeGreaterThan(0)
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it('says the count of each hit, and peeks at a window without counting', async () => {
    const a = await limiter()
    const b = await limiter()
    const key = `login-account:${randomUUID()}`
    expect(await a.peek(key)).toBe(0)
    expect((await a.hit(key, 2, 60_000)).count).toBe(1)
    expect((await a.hit(key, 2, 60_000)).count).toBe(2)
    expect(await a.peek(key)).toBe(2)
    expect(await a.peek(key)).toBe(2)
    expect((await a.hit(key, 2, 60_000)).count).toBe(3)
    // Another prefix, another set of counters.
    expect(await b.peek(key)).toBe(0)
    const short = await limiter()
    await short.hit('k', 5, 150)
    expect(await short.peek('k')).toBe(1)
    await new Promise((r) => setTimeout(r, 250))
    expect(await short.peek('k')).toBe(0)
  })

  it('shares counters between two limiters with the same prefix', async () => {
    const prefix = `fleeters-test:${randomUUID()}:`
    const one = await redisRateLimiter(url!, prefix)
    const two = await redisRateLimiter(url!, prefix)
    open.push(one, two)
    expect((await one.hit('contact:1.2.3.4', 1, 60_000)).allowed).toBe(true)
    expect((await two.hit('contact:1.2.3.4', 1, 60_000)).allowed).toBe(false)
    expect((await two.hit('contact:5.6.7.8', 1, 60_000)).allowed).toBe(true)
  })

  it('opens a new window when the old one expires', async () => {
    const l = await limiter()
    expect((await l.hit('k', 1, 200)).allowed).toBe(true)
    expect((await l.hit('k', 1, 200)).allowed).toBe(false)
    await new Promise((r) => setTimeout(r, 300))
    expect((await l.hit('k', 1, 200)).allowed).toBe(true)
  })

  it('refuses to start with a Redis that does not answer', async () => {
    await expect(redisRateLimiter('redis://127.0.0.1:1', 'x:', 500)).rejects.toThrow(/Redis/)
  })

  it('reset forgets its own counters only', async () => {
    const l = await limiter()
    const other = await limiter()
    await l.hit('x', 1, 60_000)
    await other.hit('x', 1, 60_000)
    await l.reset()
    expect((await l.hit('x', 1, 60_000)).allowed).toBe(true)
    expect((await other.hit('x', 1, 60_000)).allowed).toBe(false)
  })

  it('falls back to an in-process limit while Redis is away, never to no limit', async () => {
    // A TCP proxy in front of Redis that the test can take away mid-run.
    const target = new URL(url!)
    const sockets = new Set<net.Socket>()
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname)
      sockets.add(client).add(upstream)
      client.pipe(upstream).pipe(client)
      const drop = () => {
        client.destroy()
        upstream.destroy()
      }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    const port = (proxy.address() as net.AddressInfo).port
    const lines: string[] = []
    const l = await redisRateLimiter(`redis://127.0.0.1:${port}`, `fleeters-test:${randomUUID()}:`, 5000, (line) =>
      lines.push(line),
    )
    const key = `login:${randomUUID()}`
    expect((await l.hit(key, 5, 60_000)).allowed).toBe(true)

    // Redis goes away mid-run: 15 logins over a limit of 5 → 5 accepted, 10 refused.
    await new Promise<void>((r) => {
      proxy.close(() => r())
      for (const s of sockets) s.destroy()
    })
    await new Promise((r) => setTimeout(r, 100))
    const results = []
    for (let i = 0; i < 15; i++) results.push(await l.hit(key, 5, 60_000))
    expect(results.filter((r) => r.allowed)).toHaveLength(5)
    expect(results.at(-1)!.retryAfterSeconds).toBeGreaterThan(0)
    expect(lines.join('\n')).toMatch(/\[rate-limit\] redis: .*in memory/)
    await l.close().catch(() => {})
  })
})
