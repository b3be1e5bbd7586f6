import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The scheduler's record of the periodic jobs (services/platform/scheduler.ts, decision 81): one
 * row per job, named as services/jobs.ts declares it.
 *
 * A process runs a job only after it wins the row with one conditional UPDATE (`next_run_at` due
 * and no live lease): `lease_owner` / `lease_until` say who runs it now and until when that claim
 * holds, so a crashed holder's run is taken again once its lease has expired. The `last_*`
 * columns and `consecutive_failures` are what the console and the metrics show; `next_run_at` is
 * the next period, or the retry of a failed run. Times are ISO 8601 text, as everywhere else.
 */
export default function scheduledJobs(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('scheduled_jobs')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_run_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_started_at', 'text')
        .addColumn('last_finished_at', 'text')
        .addColumn('last_success_at', 'text')
        .addColumn('last_outcome', 'text', (c) => c.check(sql`last_outcome in ('ok', 'failed')`))
        .addColumn('last_error', 'text')
        .addColumn('last_duration_ms', 'integer')
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
