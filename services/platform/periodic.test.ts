import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startPeriodic } from './periodic'

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const at = new Date('2026-12-01T12:00:00Z')
  const clock = () => at

  it(
    'runs first after the delay, then every interval, with the clock given, and logs ' + 'what the summary says',
    async () => {
      const seen: Date[] = []
      const log: string[] = []
      const job = startPeriodic(
        'test job',
        async (now) => {
          seen.push(now)
          return seen.length
        },
        (n) => (n === 2 ? 'second run' : null),
        { clock, intervalMs: 1_000, firstAfterMs: 100, log: (l) => log.push(l) },
      )
      await vi.advanceTimersByTimeAsync(99)
      expect(seen).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(seen).toEqual([at])
      await vi.advanceTimersByTimeAsync(1_000)
      expect(seen).toHaveLength(2)
      expect(log).toEqual(['test job: second run'])
      await job.stop()
      await vi.advanceTimersByTimeAsync(5_000)
      expect(seen).toHaveLength(2)
    },
  )

  it(
    'never runs twice at once, logs a failure and tries again next time; stop waits ' + 'for the run in progress',
    async () => {
      let release!: () => void
      let runs = 0
      const log: string[] = []
      const job = startPeriodic(
        'slow job',
        () => {
          runs++
          if (runs === 1) return new Promise<void>((resolve) => (release = resolve))
          return Promise.reject(new Error('disco lleno'))
        },
        () => null,
        { clock, intervalMs: 1_000, firstAfterMs: null, log: (l) => log.push(l) },
      )
      await vi.advanceTimersByTimeAsync(3_000)
      expect(runs).toBe(1)
      let stopped = false
      const stopping = job.stop().then(() => (stopped = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(stopped).toBe(false)
      release()
      await stopping
      expect(stopped).toBe(true)

      const again = startPeriodic(
        'failing job',
        () => Promise.reject(new Error('disco lleno')),
        () => null,
        {
          clock,
          intervalMs: 1_000,
          firstAfterMs: 0,
          log: (l) => log.push(l),
        },
      )
      await vi.advanceTimersByTimeAsync(1_000)
      await again.stop()
      expect(log).toEqual(['failing job failed: Error: disco lleno', 'failing job failed: Error: disco lleno'])
    },
  )
})
