import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { countDeliveryFailure } from '#services/platform/metrics'
import { SEND_DEADLINE_MS, type Transports } from './transports'

/** What the lease adds to the longest possible send. */
export const LEASE_MARGIN_MS = 15_000
/**
 * How long a claimed row stays invisible to other workers: longer than one send can take
 * (SEND_DEADLINE_MS + margin), so a slow send is never picked up twice; and the delay after which
 * rows claimed by a process that died are delivered by another (was 5 minutes).
 */
export const CLAIM_LEASE_MS = SEND_DEADLINE_MS + LEASE_MARGIN_MS

/**
 * The Message-ID of an outbox row: the same on every attempt, so a receiver that got a copy from
 * an attempt we saw as failed (a server slower than our deadline) can drop the second one; the
 * hash of the row's creation time and recipient keeps it unique across databases.
 */
export function messageIdFor(row: { id: number; created_at: string; recipient: string }, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'fleeters.cl'
  const hash = createHash('sha256').update(`${row.id}|${row.created_at}|${row.recipient}`).digest('hex').slice(0, 16)
  return `<outbox-${row.id}-${hash}@${domain}>`
}

export interface DeliveryOptions {
  db: Kysely<Database>
  transports: Transports
  now?: () => Date
  batchSize?: number
  maxAttempts?: number
  /** A claimed row is invisible to other workers for this long (CLAIM_LEASE_MS). */
  leaseMs?: number
  /** The sender's address, for the domain of the Message-ID. */
  mailFrom?: string
  log?: (line: string) => void
}

export interface RunResult {
  sent: number
  failed: number
  retried: number
}

export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

/**
 * Delivers the outbox. Each due row is claimed by moving its next_attempt_at forward only if
 * nobody else moved it (compare-and-set), so two workers never send the same message; a
 * failure is recorded and retried with exponential backoff until maxAttempts.
 */
export function createDeliveryWorker(opts: DeliveryOptions) {
  const now = opts.now ?? (() => new Date())
  const batchSize = opts.batchSize ?? 20
  const maxAttempts = opts.maxAttempts ?? 8
  const leaseMs = opts.leaseMs ?? CLAIM_LEASE_MS
  const mailFrom = opts.mailFrom ?? 'no-responder@fleeters.cl'
  const log = opts.log ?? (() => {})
  let timer: NodeJS.Timeout | undefined
  let running: Promise<RunResult> | undefined
  let again = false
  let stopped = false

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, retried: 0 }
    const t = now()
    const due = await opts.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', t.toISOString())
      .orderBy('id')
      .limit(batchSize)
      .execute()
    for (const row of due) {
      const claimed = await opts.db
        .updateTable('outbox')
        // The lease starts now, not when the batch started: earlier sends may have taken long.
        .set({ next_attempt_at: new Date(now().getTime() + leaseMs).toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue
      try {
        if (row.channel === 'email') {
          await opts.transports.email({
            id: row.id,
            messageId: messageIdFor(row, mailFrom),
            to: row.recipient,
            subject: row.subject ?? '',
            text: row.body_text,
            html: row.body_html,
            replyTo: row.reply_to,
          })
        } else {
          await opts.transports.whatsapp({ id: row.id, to: row.recipient, text: row.body_text })
        }
        await opts.db
          .updateTable('outbox')
          .set({ status: 'sent', attempts: row.attempts + 1, sent_at: now().toISOString(), last_error: null })
          .where('id', '=', row.id)
          .execute()
        // Delivered: its held email fallback is not needed (decision 98).
        if (row.channel === 'whatsapp') {
          await opts.db.deleteFrom('outbox').where('held_for', '=', row.id).where('status', '=', 'held').execute()
        }
        result.sent++
      } catch (error) {
        const attempts = row.attempts + 1
        const giveUp = attempts >= maxAttempts
        await inTransaction(opts.db, async (trx) => {
          await trx
            .updateTable('outbox')
            .set({
              status: giveUp ? 'failed' : 'pending',
              attempts,
              last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
              next_attempt_at: new Date(now().getTime() + backoffMs(attempts)).toISOString(),
            })
            .where('id', '=', row.id)
            .execute()
          // A WhatsApp message given up: its held email goes out instead, once (decision 98).
          if (giveUp && row.channel === 'whatsapp') {
            await trx
              .updateTable('outbox')
              .set({ status: 'pending', next_attempt_at: now().toISOString() })
              .where('held_for', '=', row.id)
              .where('status', '=', 'held')
              .execute()
          }
        })
        if (giveUp && row.channel === 'whatsapp') again = true
        if (giveUp) result.failed++
        else result.retried++
        countDeliveryFailure(row.channel, giveUp)
        log(
          `${row.channel} #${row.id} to ${row.recipient} failed (attempt ` +
            `${attempts}${giveUp ? ', giving up' : ''}): ${String(error)}`,
        )
      }
    }
    return result
  }

  async function tick() {
    if (running) {
      again = true
      return
    }
    do {
      again = false
      running = runOnce().catch((error) => {
        log(`delivery run failed: ${String(error)}`)
        return { sent: 0, failed: 0, retried: 0 }
      })
      await running
      running = undefined
    } while (again && !stopped)
  }

  return {
    runOnce,
    start(intervalMs: number) {
      stopped = false
      timer = setInterval(() => void tick(), intervalMs)
      timer.unref()
      void tick()
    },
    wake() {
      if (!stopped) setTimeout(() => void tick(), 10).unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      if (running) await running
    },
  }
}
