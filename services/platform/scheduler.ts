/**
 * The one scheduler of the periodic jobs (decision 81). Every process that serves a job's service
 * checks it on a short timer (`startPeriodic`), but a run happens only in the process that wins the
 * job's row of `scheduled_jobs` with one conditional UPDATE: the run is due (`next_run_at <= now`)
 * and nobody holds a live lease. On PostgreSQL the second updater waits for the first's row lock
 * and then finds the condition false; on SQLite the write lock serialises the two. So across N
 * processes, on either engine, each job runs once per period.
 *
 * The winner holds the lease for `leaseMs`, renewed while the run lasts; a process that dies in a
 * run stops renewing and another takes the job once the lease has expired. The end of a run
 * records its outcome, duration and error, and sets the next run: one period after the start when
 * it went well, or after a backoff that doubles with each failure in a row (capped at the period).
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import type { Kysely } from 'kysely'
import { nextRunAfter, scheduleIntervalMs, type Schedule } from '#domain/schedule'
import type { Database } from './db/schema'
import type { JobOutcome } from './db/schema-scheduler'
import { startPeriodic } from './periodic'

export interface ScheduledJob {
  name: string
  schedule: Schedule
  /** The first run on a database that never ran the job, this long after the start (default: one interval). */
  firstAfterMs?: number
  /** The whole job; what it returns is logged (null: nothing to say). */
  run: (now: Date) => Promise<string | null>
}

export interface SchedulerOptions {
  /** The time of the claims, the records and the runs (tests inject theirs). */
  clock?: () => Date
  log?: (job: string, line: string) => void
  /** How often a process asks whether a job is due (never more often than the job's own interval). */
  tickMs?: number
  /** How long a claim holds without being renewed: a crashed holder's job waits this long. */
  leaseMs?: number
  /** The wait after a first failure; it doubles with each further one, up to the job's interval. */
  retryBaseMs?: number
  /** Who holds the lease; unique per process unless a test says otherwise. */
  owner?: string
  /** false: no timers, the caller checks with tick() (tests). */
  timers?: boolean
}

export const TICK_MS = 15_000
export const LEASE_MS = 5 * 60_000
export const RETRY_BASE_MS = 60_000
/** The error text kept of a failed run. */
export const ERROR_MAX = 500

/** The state of one declared job, as the console and the metrics read it. */
export interface JobState {
  name: string
  schedule: Schedule
  last_started_at: string | null
  last_finished_at: string | null
  last_success_at: string | null
  last_outcome: JobOutcome | null
  last_error: string | null
  last_duration_ms: number | null
  /** Null before the first process that runs it has started. */
  next_run_at: string | null
  consecutive_failures: number
  /** A process holds a live lease on it now. */
  running: boolean
}

export interface Scheduler {
  /** Tries every job once now: claims those due and runs them; resolves with the names it ran. */
  tick(): Promise<string[]>
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>
}

type Db = Kysely<Database>

export function processOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/** The failed run's error as kept: its message, cut to ERROR_MAX characters. */
export function errorText(error: unknown): string {
  const text = (error instanceof Error ? error.message || error.name : String(error)).trim() || 'Error sin mensaje'
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text
}

/** The wait before retrying after `failures` failed runs in a row (1: the first failure). */
export function retryDelayMs(schedule: Schedule, failures: number, retryBaseMs = RETRY_BASE_MS): number {
  return Math.min(retryBaseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30), scheduleIntervalMs(schedule))
}

/** A row for each job the database has not seen yet; an existing row keeps its next run. */
export async function declareJobs(db: Db, jobs: ScheduledJob[], now: Date): Promise<void> {
  for (const job of jobs) {
    const s = job.schedule
    const first = 'dailyAt' in s ? nextRunAfter(s, now) : new Date(now.getTime() + (job.firstAfterMs ?? s.everyMs))
    await db
      .insertInto('scheduled_jobs')
      .values({ name: job.name, next_run_at: first.toISOString(), consecutive_failures: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  }
}

/**
 * The claim: one UPDATE that only matches a due job without a live lease. Resolves with the
 * failures in a row so far when this owner won it, null when it is not due or another holds it.
 */
export async function claimJob(db: Db, name: string, owner: string, now: Date, leaseMs = LEASE_MS) {
  const at = now.toISOString()
  const row = await db
    .updateTable('scheduled_jobs')
    .set({ lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString(), last_started_at: at })
    .where('name', '=', name)
    .where('next_run_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .returning('consecutive_failures')
    .executeTakeFirst()
  return row ? Number(row.consecutive_failures) : null
}

/** Extends a lease this owner still holds; false when it lost it (it expired and another took the job). */
export async function renewLease(db: Db, name: string, owner: string, now: Date, leaseMs = LEASE_MS): Promise<boolean> {
  const res = await db
    .updateTable('scheduled_jobs')
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('name', '=', name)
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

interface RunEnd {
  startedAt: Date
  finishedAt: Date
  durationMs: number
  failuresBefore: number
  /** What the run threw; undefined when it went well. */
  error?: unknown
  retryBaseMs: number
}

/** Records a run's end and frees the lease, if this owner still holds it. */
async function finishJob(db: Db, job: ScheduledJob, owner: string, run: RunEnd): Promise<void> {
  const failed = run.error !== undefined
  const failures = failed ? run.failuresBefore + 1 : 0
  const retryAt = () => new Date(run.finishedAt.getTime() + retryDelayMs(job.schedule, failures, run.retryBaseMs))
  const next = failed ? retryAt() : nextRunAfter(job.schedule, run.startedAt)
  const finished = run.finishedAt.toISOString()
  await db
    .updateTable('scheduled_jobs')
    .set({
      lease_owner: null,
      lease_until: null,
      last_finished_at: finished,
      last_outcome: failed ? 'failed' : 'ok',
      last_error: failed ? errorText(run.error) : null,
      last_duration_ms: Math.round(run.durationMs),
      consecutive_failures: failures,
      next_run_at: next.toISOString(),
      ...(failed ? {} : { last_success_at: finished }),
    })
    .where('name', '=', job.name)
    .where('lease_owner', '=', owner)
    .execute()
}

/**
 * Asks that a job run at the next check of a process that runs it («Ejecutar ahora» in the
 * console). 'running': a process runs it right now, nothing changed; 'unknown': no such row yet.
 */
export async function requestRun(db: Db, name: string, now: Date): Promise<'requested' | 'running' | 'unknown'> {
  const at = now.toISOString()
  const res = await db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: at })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) > 0) return 'requested'
  const row = await db.selectFrom('scheduled_jobs').select('name').where('name', '=', name).executeTakeFirst()
  return row ? 'running' : 'unknown'
}

/** One row per declared job, in the declared order: a job no process has started yet has nulls. */
export async function schedulerState(db: Db, jobs: Array<Pick<ScheduledJob, 'name' | 'schedule'>>, now: Date) {
  const rows = jobs.length
    ? await db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where(
          'name',
          'in',
          jobs.map((j) => j.name),
        )
        .execute()
    : []
  const byName = new Map(rows.map((r) => [r.name, r]))
  const at = now.toISOString()
  return jobs.map((job): JobState => {
    const row = byName.get(job.name)
    return {
      name: job.name,
      schedule: job.schedule,
      last_started_at: row?.last_started_at ?? null,
      last_finished_at: row?.last_finished_at ?? null,
      last_success_at: row?.last_success_at ?? null,
      last_outcome: row?.last_outcome ?? null,
      last_error: row?.last_error ?? null,
      last_duration_ms: row?.last_duration_ms ?? null,
      next_run_at: row?.next_run_at ?? null,
      consecutive_failures: Number(row?.consecutive_failures ?? 0),
      running: Boolean(row?.lease_until && row.lease_until >= at),
    }
  })
}

/**
 * Starts checking `jobs` in this process: each on its own timer, one run at a time, and only
 * when this process wins the claim. tick() runs one check of every job now (tests, with their
 * clock). stop() ends the timers after the runs in progress.
 */
export function startScheduler(db: Db, jobs: ScheduledJob[], opts: SchedulerOptions = {}): Scheduler {
  const clock = opts.clock ?? (() => new Date())
  const owner = opts.owner ?? processOwner()
  const leaseMs = opts.leaseMs ?? LEASE_MS
  const retryBaseMs = opts.retryBaseMs ?? RETRY_BASE_MS
  const tickMs = opts.tickMs ?? TICK_MS
  const log = opts.log ?? (() => {})
  let declared: Promise<void> | undefined
  const running = new Map<string, Promise<boolean>>()

  const declare = () =>
    (declared ??= declareJobs(db, jobs, clock()).catch((error) => {
      declared = undefined
      throw error
    }))

  /** Claims the job if due and runs it; true when it ran here. */
  async function runIfDue(job: ScheduledJob): Promise<boolean> {
    await declare()
    const startedAt = clock()
    const failuresBefore = await claimJob(db, job.name, owner, startedAt, leaseMs)
    if (failuresBefore === null) return false
    const renewal = setInterval(
      () => {
        renewLease(db, job.name, owner, clock(), leaseMs).then(
          (held) => held || log(job.name, `${job.name}: lease lost during the run`),
          (error) => log(job.name, `${job.name}: lease not renewed: ${String(error)}`),
        )
      },
      Math.max(Math.floor(leaseMs / 3), 1),
    )
    renewal.unref()
    const t0 = performance.now()
    let error: unknown
    try {
      const line = await job.run(startedAt)
      if (line) log(job.name, `${job.name}: ${line}`)
    } catch (e) {
      error = e ?? new Error('Error sin mensaje')
      log(job.name, `${job.name} failed: ${String(error)}`)
    } finally {
      clearInterval(renewal)
    }
    const durationMs = performance.now() - t0
    await finishJob(db, job, owner, { startedAt, finishedAt: clock(), durationMs, failuresBefore, error, retryBaseMs })
    return true
  }

  /** One check of a job, never two at once in this process. */
  function check(job: ScheduledJob): Promise<boolean> {
    const current = running.get(job.name)
    if (current) return current.then(() => false)
    const run = runIfDue(job).finally(() => running.delete(job.name))
    running.set(job.name, run)
    return run
  }

  // Each job's row from the start, so the console and the metrics list it before its first check.
  if (opts.timers !== false)
    declare().catch((error) => log('scheduler', `scheduler: jobs not declared yet: ${String(error)}`))
  const timers =
    opts.timers === false
      ? []
      : jobs.map((job) =>
          startPeriodic(
            job.name,
            () => check(job),
            () => null,
            {
              clock,
              intervalMs: Math.min(tickMs, scheduleIntervalMs(job.schedule)),
              // Spread the processes' first checks a little; the claim decides anyway.
              firstAfterMs: Math.floor(Math.random() * Math.min(tickMs, 1_000)),
              log: (line) => log(job.name, `scheduler: ${line}`),
            },
          ),
        )

  return {
    async tick() {
      const ran = await Promise.all(jobs.map(async (job) => ((await check(job)) ? job.name : null)))
      return ran.filter((name): name is string => name !== null)
    },
    async stop() {
      await Promise.all(timers.map((t) => t.stop()))
      await Promise.allSettled([...running.values()])
    },
  }
}
