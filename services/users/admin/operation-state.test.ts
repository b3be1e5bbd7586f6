import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JOBS } from '#services/jobs'
import { backoffMs } from '#services/platform/messaging/delivery'
import { enqueueEmail, enqueueWhatsApp } from '#services/platform/messaging/outbox'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { OPERATIONS_MESSAGES, readOperations, retryOutboxMessage } from './operation-state'
import type { Actor } from './shared'

/** The command line's actor: the operations take whoever acts, not a request. */
const cli: Actor = { userId: null, actor: 'cli' }

/** The console's «Operación» operations called as a script would call them, without a route in between. */
describe.each(engines)('console «Operación» operations on %s', (engine) => {
  let p: TestPlatform
  let woken: number
  let email: number
  let whatsapp: number
  let pending: number
  let failedAt: Date

  /** The worker's mark on a message it gave up on after `attempts` tries, the last at `failedAt`. */
  const giveUp = (id: number, attempts: number, error: string) =>
    p.db
      .updateTable('outbox')
      .set({
        status: 'failed',
        attempts,
        last_error: error,
        next_attempt_at: new Date(failedAt.getTime() + backoffMs(attempts)).toISOString(),
      })
      .where('id', '=', id)
      .execute()

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    woken = 0
    p.wakeOutbox = () => void woken++
    await enqueueEmail(p.db, { to: 'camila.perez@gmail.com', subject: 'Tu código', text: 'Código 123456' }, p.now())
    await enqueueWhatsApp(p.db, { to: '56987654321', text: 'Hola' }, p.now())
    await enqueueEmail(p.db, { to: 'otra@example.cl', subject: 'Aviso', text: 'Aviso' }, p.now())
    ;[email, whatsapp, pending] = (await p.db.selectFrom('outbox').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    )
    p.advance(60_000)
    failedAt = p.now()
    await giveUp(email!, 3, 'connect ECONNREFUSED 127.0.0.1:2525')
    await giveUp(whatsapp!, 1, 'WhatsApp respondió 500')
  })
  afterEach(async () => p.destroy())

  it('reads the backlog and the failed messages newest first, recipients masked, with the jobs', async () => {
    const state = await readOperations(p)
    expect(state.outbox).toMatchObject({ pending: 1, failed: 2 })
    // Enqueued a minute before the failures, read a moment later.
    expect(state.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(60)
    expect(state.outbox.oldest_pending_seconds).toBeLessThan(90)
    expect(state.failed_messages.map((m) => [m.id, m.channel, m.recipient, m.attempts, m.last_error])).toEqual([
      [whatsapp, 'whatsapp', '•••• 4321', 1, 'WhatsApp respondió 500'],
      [email, 'email', 'ca•••@gmail.com', 3, 'connect ECONNREFUSED 127.0.0.1:2525'],
    ])
    // When each failed, though the worker only kept the next attempt.
    expect(state.failed_messages.map((m) => m.failed_at)).toEqual([failedAt.toISOString(), failedAt.toISOString()])
    expect(state.checks.find((c) => c.name === 'database')).toMatchObject({ ok: true })
    expect(state.jobs.map((j) => j.name)).toEqual(JOBS.map((j) => j.name))
    expect(state.last_backup).toBeNull()
  })

  it('sends a failed message back to the queue once: attempts from zero, due now, audited, worker woken', async () => {
    p.advance(5_000)
    const before = p.now().getTime()
    expect(await retryOutboxMessage(p, cli, { id: email })).toEqual({ message: OPERATIONS_MESSAGES.retried })
    expect(woken).toBe(1)
    const row = await p.db.selectFrom('outbox').selectAll().where('id', '=', email).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    // Due now: the worker takes it on its next run.
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(p.now().getTime())
    expect((await readOperations(p)).outbox).toMatchObject({ pending: 2, failed: 1 })

    const refused = async (id: number) =>
      retryOutboxMessage(p, cli, { id }).then(
        () => null,
        (e: { status: number }) => e.status,
      )
    expect([await refused(email), await refused(pending), await refused(999_999)]).toEqual([409, 409, 404])
    expect(woken).toBe(1)
    const log = await p.db.selectFrom('admin_audit_log').selectAll().execute()
    expect(log.map((r) => [r.actor, r.action, r.entity_type, r.entity_id, r.before_json, r.after_json])).toEqual([
      ['cli', 'outbox.retry', 'outbox', email, '{"status":"failed","attempts":3}', '{"status":"pending","attempts":0}'],
    ])
  })
})
