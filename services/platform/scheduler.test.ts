import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dailyAt, every } from '#domain/schedule'
import { engines, openTestDatabase } from '#services/testing/database'
import { openDatabase, type DatabaseHandle } from './db/connect'
import { claimJob, declareJobs, ERROR_MAX, requestRun, retryDelayMs, schedulerState, startScheduler } from './scheduler'
import type { Scheduler, ScheduledJob, SchedulerOptions } from './scheduler'

const T0 = Date.parse('2026-12-01T12:00:00.000Z')
const SECOND = 1000

describe.each(engines)('scheduler on %s', (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>
  /** A second connection to the same database, as another process has (SQLite: the same file). */
  let other: DatabaseHandle
  let now: number
  const clock = () => new Date(now)
  const started: Scheduler[] = []

  beforeEach(async () => {
    handle = await openTestDatabase(engine)
    other = engine === 'sqlite' ? openDatabase({ sqlitePath: path.join(handle.dataDir, 'fleeters.db') }) : handle
    now = T0
  })
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()))
    if (other !== handle) await other.destroy()
    await handle.destroy()
  })

  function scheduler(db: DatabaseHandle, jobs: ScheduledJob[], owner: string, extra: SchedulerOptions = {}) {
    const s = startScheduler(db.db, jobs, { clock, owner, timers: false, ...extra })
    started.push(s)
    return s
  }

  it('two schedulers racing on one database run each job once per period', async () => {
    const runs: Record<string, Array<{ at: number; by: string }>> = { a: [], b: [], c: [] }
    const jobs = (by: string): ScheduledJob[] =>
      Object.keys(runs).map((name, i) => ({
        name,
        schedule: every((i + 1) * SECOND),
        firstAfterMs: 0,
        run: async (at) => {
          runs[name]!.push({ at: at.getTime(), by })
          // Long enough for the other scheduler's claim to come while this run holds the job.
          await new Promise((r) => setTimeout(r, 5))
          return null
        },
      }))
    const a = scheduler(handle, jobs('A'), 'A')
    const b = scheduler(other, jobs('B'), 'B')
    // 12 s in steps of 250 ms: both check every job at each step, at once.
    for (let step = 0; step <= 48; step++) {
      now = T0 + step * 250
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])
    }
    for (const [name, list] of Object.entries(runs)) {
      const every = (Object.keys(runs).indexOf(name) + 1) * SECOND
      // Once per period: the first at T0, then exactly one interval apart, never twice in one.
      expect(list.map((r) => r.at - T0)).toEqual(Array.from({ length: 12_000 / every + 1 }, (_, k) => k * every))
    }
    const state = await schedulerState(handle.db, jobs('x'), clock())
    expect(state.map((s) => [s.name, s.last_outcome, s.consecutive_failures, s.running])).toEqual([
      ['a', 'ok', 0, false],
      ['b', 'ok', 0, false],
      ['c', 'ok', 0, false],
    ])
    expect(state[0]!.next_run_at).toBe(new Date(T0 + 13 * SECOND).toISOString())
  })

  it('gives a claim to one of many claimers at the same instant', async () => {
    const solo: ScheduledJob = { name: 'solo', schedule: every(60 * SECOND), firstAfterMs: 0, run: async () => null }
    await declareJobs(handle.db, [solo], clock())
    const claim = (i: number) => claimJob((i % 2 ? other : handle).db, 'solo', `p${i}`, clock(), 30 * SECOND)
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claim(i)))
    expect(claims.filter((c) => c !== null)).toEqual([0])
    // Still held a second later: nobody else gets it.
    now += SECOND
    expect(await claimJob(other.db, 'solo', 'late', clock(), 30 * SECOND)).toBeNull()
  })

  it('lets another take the job once a crashed holder’s lease expired, and ignores the late holder', async () => {
    const ran: string[] = []
    let release!: () => void
    const job = (by: string, hang: boolean): ScheduledJob => ({
      name: 'limpieza',
      schedule: every(60 * SECOND),
      firstAfterMs: 0,
      run: () => {
        ran.push(by)
        return hang ? new Promise<string | null>((r) => (release = () => r(null))) : Promise.resolve(null)
      },
    })
    const a = scheduler(handle, [job('A', true)], 'A', { leaseMs: 10 * SECOND })
    const b = scheduler(other, [job('B', false)], 'B', { leaseMs: 10 * SECOND })
    // A claims and hangs (as a process that died mid-run: it never finishes nor renews in time).
    const hanging = a.tick()
    await expect.poll(() => ran).toEqual(['A'])
    expect((await schedulerState(handle.db, [job('x', false)], clock()))[0]!.running).toBe(true)
    now += 9 * SECOND
    expect(await b.tick()).toEqual([])
    now += 2 * SECOND
    expect(await b.tick()).toEqual(['limpieza'])
    expect(ran).toEqual(['A', 'B'])
    const afterB = (await schedulerState(handle.db, [job('x', false)], clock()))[0]!
    const nextAfterB = new Date(T0 + 71 * SECOND).toISOString()
    expect(afterB).toMatchObject({ last_outcome: 'ok', running: false, next_run_at: nextAfterB })
    // The old holder comes back: its end is not recorded over B's run.
    release()
    await hanging
    expect((await schedulerState(handle.db, [job('x', false)], clock()))[0]).toEqual(afterB)
  })

  it('retries a failed run with a doubling wait capped at the interval, and shows the failures in a row', async () => {
    let failuresLeft = 6
    const job: ScheduledJob = {
      name: 'respaldo',
      schedule: every(10 * SECOND),
      firstAfterMs: 0,
      run: async () => {
        if (failuresLeft-- > 0) throw new Error(`disco lleno ${'x'.repeat(1000)}`)
        return 'listo'
      },
    }
    const log: string[] = []
    const s = scheduler(handle, [job], 'A', { retryBaseMs: SECOND, log: (_, line) => log.push(line) })
    const state = async () => (await schedulerState(handle.db, [job], clock()))[0]!
    const waits: number[] = []
    for (let failure = 1; failure <= 6; failure++) {
      expect(await s.tick()).toEqual(['respaldo'])
      const st = await state()
      expect(st.last_outcome).toBe('failed')
      expect(st.consecutive_failures).toBe(failure)
      expect(st.last_error).toHaveLength(ERROR_MAX)
      expect(st.last_error!.startsWith('disco lleno xxx')).toBe(true)
      expect(st.last_success_at).toBeNull()
      const wait = Date.parse(st.next_run_at!) - now
      waits.push(wait)
      // Not before the wait is over.
      now += wait - 1
      expect(await s.tick()).toEqual([])
      now += 1
    }
    expect(waits).toEqual([1, 2, 4, 8, 10, 10].map((s) => s * SECOND))
    expect(await s.tick()).toEqual(['respaldo'])
    const st = await state()
    const at = new Date(now).toISOString()
    expect(st).toMatchObject({ last_outcome: 'ok', last_error: null, consecutive_failures: 0, last_success_at: at })
    expect(st.next_run_at).toBe(new Date(now + 10 * SECOND).toISOString())
    expect(st.last_duration_ms).toBeGreaterThanOrEqual(0)
    expect(log[0]).toMatch(/^respaldo failed: Error: disco lleno/)
    expect(log.at(-1)).toBe('respaldo: listo')
    expect(retryDelayMs(dailyAt('03:00'), 40, SECOND)).toBe(24 * 3600 * SECOND)
  })

  it('declares a daily job at its time of Chile, keeps a known job’s next run, runs it on request', async () => {
    const ran: number[] = []
    const run = async (at: Date) => (ran.push(at.getTime()), null)
    const daily: ScheduledJob = { name: 'respaldo-diario', schedule: dailyAt('03:30'), run }
    const s = scheduler(handle, [daily], 'A')
    expect(await s.tick()).toEqual([])
    // 12:00 UTC on 1 December is 09:00 in Santiago (UTC-3): next 03:30 is on the 2nd, 06:30 UTC.
    expect((await schedulerState(handle.db, [daily], clock()))[0]!.next_run_at).toBe('2026-12-02T06:30:00.000Z')
    // A process started later does not move it.
    now += 3600 * SECOND
    expect(await scheduler(other, [daily], 'B').tick()).toEqual([])
    expect((await schedulerState(handle.db, [daily], clock()))[0]!.next_run_at).toBe('2026-12-02T06:30:00.000Z')
    // «Ejecutar ahora»: the next check runs it; the next regular run stays the day's 03:30.
    expect(await requestRun(handle.db, 'respaldo-diario', clock())).toBe('requested')
    expect(await s.tick()).toEqual(['respaldo-diario'])
    expect(ran).toEqual([now])
    expect((await schedulerState(handle.db, [daily], clock()))[0]!.next_run_at).toBe('2026-12-02T06:30:00.000Z')
    expect(await requestRun(handle.db, 'nadie', clock())).toBe('unknown')
    await claimJob(handle.db, 'respaldo-diario', 'X', new Date('2026-12-02T06:30:00.000Z'))
    now = Date.parse('2026-12-02T06:30:01.000Z')
    expect(await requestRun(handle.db, 'respaldo-diario', clock())).toBe('running')
  })

  it('reports a declared job no process has started with empty fields', async () => {
    const [row] = await schedulerState(handle.db, [{ name: 'nueva', schedule: every(SECOND) }], clock())
    expect(row).toEqual({
      name: 'nueva',
      schedule: { everyMs: SECOND },
      last_started_at: null,
      last_finished_at: null,
      last_success_at: null,
      last_outcome: null,
      last_error: null,
      last_duration_ms: null,
      next_run_at: null,
      consecutive_failures: 0,
      running: false,
    })
  })
})
