import { describeSchedule } from '#domain/schedule'
import { jobsState } from '#services/jobs'
import { backupDirOf, latestBackup } from '#services/platform/backup'
import { inTransaction } from '#services/platform/db/transaction'
import { healthChecks } from '#services/platform/health'
import { ApiError, MESSAGES } from '#services/platform/http'
import { backoffMs } from '#services/platform/messaging/delivery'
import { outboxBacklog } from '#services/platform/metrics'
import type { Platform } from '#services/platform/platform'
import { audit, type Actor } from './shared'

/**
 * «Operación» as operations `(platform, actor, input) → result`: the health of what the product
 * needs, the outbox's backlog and its failed messages, the jobs and the last backup; and a failed
 * message sent back to the queue, audited. The routes (operations.ts) read the admin and the
 * validated input and answer with the result; tests and scripts call the operations directly.
 */

export const OPERATIONS_MESSAGES = {
  retried: 'El mensaje volvió a la cola de envío.',
  notFailed: 'Ese mensaje ya no está fallido: se envió o ya está en la cola.',
} as const

/** How many failed messages the page lists (newest first); the count says how many there are. */
const FAILED_LISTED = 50

/** An address or phone with most of it hidden: enough to tell messages apart, not to read who. */
export function maskRecipient(channel: string, recipient: string): string {
  if (channel === 'whatsapp') return `•••• ${recipient.slice(-4)}`
  const at = recipient.lastIndexOf('@')
  if (at < 1) return '•••'
  return `${recipient.slice(0, Math.min(2, at))}•••${recipient.slice(at)}`
}

/** The page's state: the checks, the backlog, the newest failed messages (recipients masked), the jobs, the backup. */
export async function readOperations(p: Platform) {
  const [checks, backlog, failed, jobs, backup] = await Promise.all([
    healthChecks(p),
    outboxBacklog(p.db, p.now()),
    p.db
      .selectFrom('outbox')
      .select(['id', 'channel', 'recipient', 'subject', 'attempts', 'last_error', 'next_attempt_at', 'created_at'])
      .where('status', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(FAILED_LISTED)
      .execute(),
    jobsState(p),
    latestBackup(backupDirOf(p.config)),
  ])
  return {
    checks,
    outbox: {
      pending: backlog.pending,
      oldest_pending_seconds: backlog.oldestAgeSeconds,
      failed: backlog.failed,
    },
    failed_messages: failed.map((m) => ({
      id: m.id,
      channel: m.channel === 'whatsapp' ? ('whatsapp' as const) : ('email' as const),
      recipient: maskRecipient(m.channel, m.recipient),
      subject: m.subject,
      attempts: m.attempts,
      last_error: m.last_error,
      // The worker set the next attempt at the failure plus its backoff (delivery.ts).
      failed_at: new Date(Date.parse(m.next_attempt_at) - backoffMs(m.attempts)).toISOString(),
      created_at: m.created_at,
    })),
    jobs: jobs.map((job) => ({ ...job, schedule: describeSchedule(job.schedule) })),
    last_backup: backup && { file: backup.file, bytes: backup.bytes, created_at: backup.createdAt.toISOString() },
    daily_backup: p.dialect === 'sqlite' && p.config.BACKUP_DAILY,
  }
}

/**
 * Sends a failed message back to the queue with its attempts from zero, audited, and wakes the
 * worker; 404 for no such message, 409 for one that is not failed.
 */
export async function retryOutboxMessage(
  p: Pick<Platform, 'db' | 'now' | 'wakeOutbox'>,
  who: Actor,
  { id }: { id: number },
): Promise<{ message: string }> {
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    const message = trx.selectFrom('outbox').select(['status', 'attempts']).where('id', '=', id)
    const row = await message.executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    // Only a given-up message: a pending or claimed one is already the worker's.
    const moved = await trx
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, OPERATIONS_MESSAGES.notFailed)
    const before = { status: row.status, attempts: row.attempts }
    const after = { status: 'pending', attempts: 0 }
    await audit(trx, who, { action: 'outbox.retry', entityType: 'outbox', entityId: id, before, after }, now)
  })
  p.wakeOutbox()
  return { message: OPERATIONS_MESSAGES.retried }
}
