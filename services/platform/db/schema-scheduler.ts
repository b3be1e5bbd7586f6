/** The scheduler's record of the periodic jobs (see migrations/0025_scheduled_jobs.ts, decision 81). */

export type JobOutcome = 'ok' | 'failed'

/** One periodic job: its claim, its last run and its next one. */
export interface ScheduledJobsTable {
  /** As services/jobs.ts declares it. */
  name: string
  /** When the next run is due: the next period, or the retry of a failed run. */
  next_run_at: string
  /** The process running it now (host, pid and a random part); null between runs. */
  lease_owner: string | null
  /** Until when that process's claim holds; a holder that crashed loses it then. */
  lease_until: string | null
  last_started_at: string | null
  last_finished_at: string | null
  last_success_at: string | null
  last_outcome: JobOutcome | null
  /** The failed run's error, truncated. */
  last_error: string | null
  last_duration_ms: number | null
  consecutive_failures: number
}
