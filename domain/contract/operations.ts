/** Response shapes of the console's «Operación» page: health, the outbox's backlog, failed messages. */
import { z } from 'zod'

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
})
export type Operations = z.infer<typeof operationsSchema>
