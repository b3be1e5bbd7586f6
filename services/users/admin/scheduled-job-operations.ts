import { describeSchedule } from '#domain/schedule'
import { SCHEDULER_MESSAGES } from '#domain/validation/scheduler'
import { findJob, jobsState } from '#services/jobs'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { requestRun } from '#services/platform/scheduler'
import { audit, type Actor } from './shared'

/**
 * «Tareas programadas» (decision 81) as operations `(platform, actor, input) → result`: the
 * periodic jobs with their last run, outcome, next run and failures in a row, and «Ejecutar
 * ahora». The routes (scheduled-jobs.ts) read the admin and the validated input and answer with
 * the result; tests and scripts call the operations directly.
 */

/** Every declared job, its schedule in words, with the state of its runs. */
export async function listScheduledJobs(p: Platform) {
  const state = await jobsState(p)
  return { jobs: state.map((job) => ({ ...job, schedule: describeSchedule(job.schedule) })) }
}

/**
 * «Ejecutar ahora»: moves a job's next run to now, so the next check of a process that runs it
 * claims it (within the scheduler's tick), audited. 404 for no such job; 409 for a job no process
 * has started yet, or one running now.
 */
export async function runScheduledJobNow(
  p: Pick<Platform, 'db' | 'now'>,
  who: Actor,
  { name }: { name: string },
): Promise<{ message: string }> {
  if (!findJob(name)) throw new ApiError(404, SCHEDULER_MESSAGES.notFound)
  const now = p.now()
  const outcome = await requestRun(p.db, name, now)
  if (outcome === 'unknown') throw new ApiError(409, SCHEDULER_MESSAGES.notStarted)
  if (outcome === 'running') throw new ApiError(409, SCHEDULER_MESSAGES.running)
  const entry = { action: 'job.run', entityType: 'scheduled_job', entityId: null, after: { name } }
  await audit(p.db, who, entry, now)
  return { message: SCHEDULER_MESSAGES.requested }
}
