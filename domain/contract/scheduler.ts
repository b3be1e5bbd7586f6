/** The console's «Tareas programadas» (decision 81): each periodic job, its last run and its next one. */
import { z } from 'zod'

export const JOB_OUTCOMES = ['ok', 'failed'] as const

export const scheduledJobSchema = z.object({
  name: z.string(),
  /** The job in words («Recordatorios de vencimiento»). */
  title: z.string(),
  /** The schedule in words («cada hora», «todos los días a las 03:30»). */
  schedule: z.string(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_outcome: z.enum(JOB_OUTCOMES).nullable(),
  /** The failed run's error, truncated. */
  last_error: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
  /** Null before a process that runs the job has started. */
  next_run_at: z.string().nullable(),
  consecutive_failures: z.number(),
  /** A process runs it right now. */
  running: z.boolean(),
})
export type ScheduledJobView = z.infer<typeof scheduledJobSchema>

export const scheduledJobsSchema = z.object({ jobs: z.array(scheduledJobSchema) })
