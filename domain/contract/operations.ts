/**
 * Response shapes of the console's «Operación» page: health, the outbox's backlog, failed messages,
 * the periodic jobs at a glance and the last backup.
 */
import { z } from 'zod'
import { scheduledJobSchema } from './scheduler'

export const HEALTH_CHECKS = ['database', 'redis', 'storage', 'mail'] as const

export const healthCheckSchema = z.object({
  name: z.enum(HEALTH_CHECKS),
  ok: z.boolean(),
  /** What was checked and what it said, in Spanish (the error's own text when it failed). */
  detail: z.string(),
})
export type HealthCheck = z.infer<typeof healthCheckSchema>

export const failedMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'whatsapp']),
  /** The address or phone with most of it hidden (ca•••@gmail.com, •••• 5678). */
  recipient: z.string(),
  subject: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** When the last attempt failed. */
  failed_at: z.string(),
  created_at: z.string(),
})
export type FailedMessage = z.infer<typeof failedMessageSchema>

export const operationsSchema = z.object({
  checks: z.array(healthCheckSchema),
  outbox: z.object({
    pending: z.number(),
    /** Age of the oldest pending message in seconds (0 when none). */
    oldest_pending_seconds: z.number(),
    failed: z.number(),
  }),
  /** The most recent messages given up (at most 50), newest first. */
  failed_messages: z.array(failedMessageSchema),
  /** Every periodic job's state, as «Tareas programadas» shows it. */
  jobs: z.array(scheduledJobSchema),
  /** The newest archive in BACKUP_DIR of the process that answers; null: none yet. */
  last_backup: z.object({ file: z.string(), bytes: z.number(), created_at: z.string() }).nullable(),
  /** The daily backup runs here (the embedded SQLite with BACKUP_DAILY); otherwise it is made elsewhere. */
  daily_backup: z.boolean(),
})
export type Operations = z.infer<typeof operationsSchema>
