import { log as logger } from './log'
import { countRateLimitRefusal } from './metrics'
import { memoryRateLimiter, type RateLimiter } from './rate-limit'

/**
 * Fixed-window counters in Redis (REDIS_URL), shared by every process behind a load balancer.
 * One round trip per hit: INCR the window's key, set its expiry on the first hit, read the TTL.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`

export interface RedisRateLimiter extends RateLimiter {
  close(): Promise<void>
}

/**
 * Connects at start (a wrong REDIS_URL stops the server with a clear error within `connectMs`).
 * Later, a Redis outage must neither take the site down nor lift the limits: commands fail at
 * once instead of queueing, the failure is logged (once per 10 s), and the hit is counted by this
 * process's in-memory limiter instead, with the same limit and window, until Redis answers again
 * (the client reconnects in the background). So during an outage each process enforces the limit
 * on its own: never no limit.
 */
export async function redisRateLimiter(
  url: string,
  prefix = 'fleeters:rl:',
  connectMs = 5000,
  log: (line: string) => void = (line) => logger.error(line),
): Promise<RedisRateLimiter> {
  // Loaded only with REDIS_URL: a process without it starts without the client.
  const { createClient } = await import('redis')
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: connectMs, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) },
  })
  let reported = 0
  const report = (error: Error) => {
    if (Date.now() - reported > 10_000) log(`[rate-limit] redis: ${error.message}; counting in memory until it is back`)
    reported = Date.now()
  }
  client.on('error', report)
  const fallback = memoryRateLimiter()
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`No se pudo conectar a Redis (REDIS_URL) en ${connectMs} ms`)),
          connectMs,
        )
      }),
    ])
  } catch (error) {
    client.destroy()
    throw error
  } finally {
    clearTimeout(timer)
  }
  return {
    async hit(key, limit, windowMs) {
      try {
        const [count, ttl] = (await client.eval(HIT, { keys: [prefix + key], arguments: [String(windowMs)] })) as [
          number,
          number,
        ]
        if (count > limit) countRateLimitRefusal(key)
        return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)), count }
      } catch (error) {
        report(error as Error)
        return fallback.hit(key, limit, windowMs)
      }
    },
    async peek(key) {
      try {
        // The key expires with its window, so what GET finds is the live window's count.
        return Number((await client.get(prefix + key)) ?? 0)
      } catch (error) {
        report(error as Error)
        return fallback.peek(key)
      }
    },
    async ping() {
      await client.ping()
    },
    async reset() {
      await fallback.reset()
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
        if (keys.length) await client.del(keys)
      }
    },
    async close() {
      // quit() waits for an answer that never comes while Redis is away.
      if (client.isReady) await client.quit()
      else client.destroy()
    },
  }
}
