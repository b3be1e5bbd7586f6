import { countRateLimitRefusal } from './metrics'

export interface RateLimitResult {
  allowed: boolean
  retryAfterSeconds: number
  /** Hits in the window, this one included: `count === limit + 1` happens once per window. */
  count: number
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>
  /** Hits so far in the key's live window (0 when none), without counting one. */
  peek(key: string): Promise<number>
  reset(): Promise<void>
  /** Answers when the shared store (Redis) does; absent for counters in memory. */
  ping?(): Promise<void>
}

/** Fixed-window counters in memory: right for one process; REDIS_URL shares them across many. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let sweeps = 0
  return {
    async hit(key, limit, windowMs) {
      const t = now()
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k)
      let w = windows.get(key)
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs }
        windows.set(key, w)
      }
      w.count++
      if (w.count > limit) countRateLimitRefusal(key)
      return {
        allowed: w.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)),
        count: w.count,
      }
    },
    async peek(key) {
      const w = windows.get(key)
      return w && w.resetAt > now() ? w.count : 0
    },
    async reset() {
      windows.clear()
    },
  }
}
