/**
 * One process of tests/scheduler-processes.test.ts: the real scheduler (services/platform/
 * scheduler.ts, its own timers) checking two fast probe jobs on the database the test names, for
 * SCHED_FOR_MS. Each run writes a row (job, start, pid) to `sched_probe_runs`, which the test
 * created, and holds the job a little so the other process's checks fall inside runs too.
 */
import { sql } from 'kysely'
import { every } from '#domain/schedule'
import { openDatabase } from '#services/platform/db/connect'
import { startScheduler } from '#services/platform/scheduler'

const env = process.env
const pg = { url: env.SCHED_PG_URL, pgSchema: env.SCHED_PG_SCHEMA, poolSize: 2 }
const handle = openDatabase(env.SCHED_PG_URL ? pg : { sqlitePath: env.SCHED_SQLITE })
const intervals = JSON.parse(env.SCHED_INTERVALS!) as Record<string, number>
let runs = 0

const jobs = Object.entries(intervals).map(([name, ms]) => ({
  name,
  schedule: every(ms),
  firstAfterMs: 0,
  run: async (now: Date) => {
    const row = sql`${name}, ${now.toISOString()}, ${process.pid}`
    await sql`insert into sched_probe_runs (job, started_at, pid) values (${row})`.execute(handle.db)
    runs++
    await new Promise((r) => setTimeout(r, 30))
    return null
  },
}))

const scheduler = startScheduler(handle.db, jobs, {
  tickMs: Number(env.SCHED_TICK_MS),
  log: (_job, line) => console.error(line),
})
setTimeout(async () => {
  await scheduler.stop()
  await handle.destroy()
  console.log(`ran ${runs}`)
  process.exit(0)
}, Number(env.SCHED_FOR_MS))
