import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDeliveryWorker } from '#services/platform/messaging/delivery'
import { enqueueEmail, enqueueWhatsApp } from '#services/platform/messaging/outbox'
import type { Transports } from '#services/platform/messaging/transports'
import { redisRateLimiter } from '#services/platform/rate-limit-redis'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { maskRecipient, OPERATIONS_MESSAGES } from './operation-state'

/** A transport whose every send fails as a dead SMTP server makes it fail. */
const dead: Transports = {
  email: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:2525')
  },
  whatsapp: async () => {
    throw new Error('WhatsApp respondió 500')
  },
  describe: () => 'dead',
}

type Check = { name: string; ok: boolean; detail: string }

describe.each(engines)('«Operación» on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let woken = 0

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    woken = 0
    p.wakeOutbox = () => void woken++
  })
  afterEach(async () => p.destroy())

  const statusOf = async (id: number) => {
    const row = p.db.selectFrom('outbox').select('status').where('id', '=', id)
    return (await row.executeTakeFirstOrThrow()).status
  }

  /** Two messages the worker gives up on at their first failure (maxAttempts 1), one left pending. */
  async function outboxWithFailures() {
    const at = p.now()
    await enqueueEmail(p.db, { to: 'camila.perez@gmail.com', subject: 'Tu código', text: 'Código 123456' }, at)
    await enqueueWhatsApp(p.db, { to: '56987654321', text: 'Hola' }, at)
    const result = await createDeliveryWorker({ db: p.db, transports: dead, maxAttempts: 1, now: () => at }).runOnce()
    expect(result.failed).toBe(2)
    const earlier = new Date(at.getTime() - 90_000)
    await enqueueEmail(p.db, { to: 'otra@example.cl', subject: 'Aviso', text: 'Aviso' }, earlier)
    const rows = await p.db.selectFrom('outbox').select(['id', 'channel', 'status']).orderBy('id').execute()
    return { at, email: rows[0]!.id, whatsapp: rows[1]!.id, pending: rows[2]!.id }
  }

  it('shows an administrador the checks, the backlog and the failed messages, recipients masked', async () => {
    const { at } = await outboxWithFailures()
    const admin = await userWithSession(p, 'admin')
    const res = await api.get('/admin/operations', admin.headers)
    expect(res.status).toBe(200)
    const byName = Object.fromEntries((res.body.checks as Check[]).map((c) => [c.name, c]))
    // No REDIS_URL in tests: no Redis check.
    expect(Object.keys(byName).sort()).toEqual(['database', 'mail', 'storage'])
    const answers = engine === 'postgres' ? 'PostgreSQL responde' : 'SQLite responde'
    expect(byName.database).toMatchObject({ ok: true, detail: answers })
    expect(byName.storage).toMatchObject({ ok: true })
    // The last email attempt failed and none was sent since.
    expect(byName.mail!.ok).toBe(false)
    expect(byName.mail!.detail).toContain('ECONNREFUSED')
    expect(res.body.outbox).toMatchObject({ pending: 1, failed: 2 })
    // Enqueued 90 s before the failures, read a moment later.
    expect(res.body.outbox.oldest_pending_seconds).toBeGreaterThanOrEqual(90)
    expect(res.body.outbox.oldest_pending_seconds).toBeLessThan(120)
    const failed = res.body.failed_messages as Array<Record<string, unknown>>
    expect(failed.map((m) => [m.channel, m.recipient, m.attempts])).toEqual([
      ['whatsapp', '•••• 4321', 1],
      ['email', 'ca•••@gmail.com', 1],
    ])
    const lastError = 'connect ECONNREFUSED 127.0.0.1:2525'
    expect(failed[1]).toMatchObject({ subject: 'Tu código', last_error: lastError, failed_at: at.toISOString() })
    expect(JSON.stringify(res.body)).not.toContain('camila.perez')
    expect(JSON.stringify(res.body)).not.toContain('56987654321')
    // Every declared periodic job, in words; no backup in a fresh BACKUP_DIR.
    const jobs = res.body.jobs as Array<{ name: string; schedule: string }>
    expect(jobs.map((j) => j.name)).toEqual([
      'reminders',
      'exports',
      'account-closure',
      'retention',
      'backup',
      'team-summary',
    ])
    expect(jobs.find((j) => j.name === 'backup')?.schedule).toBe('todos los días a las 04:00')
    expect(res.body.last_backup).toBeNull()
    expect(res.body.daily_backup).toBe(engine === 'sqlite' && p.config.BACKUP_DAILY)
  })

  it('«Reintentar» queues a failed message again, attempts from zero, audited, the worker woken', async () => {
    const ids = await outboxWithFailures()
    const admin = await userWithSession(p, 'admin')
    const res = await api.post(`/admin/operations/outbox/${ids.email}/retry`, undefined, admin.headers)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: OPERATIONS_MESSAGES.retried })
    expect(woken).toBe(1)
    const row = await p.db.selectFrom('outbox').selectAll().where('id', '=', ids.email).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    // Due now: the worker takes it on its next run.
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() - 60_000)
    const retries = () => p.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'outbox.retry').execute()
    const [entry] = await retries()
    expect(entry).toMatchObject({ admin_user_id: admin.user.id, actor: admin.user.email, entity_id: ids.email })
    expect(entry!.entity_type).toBe('outbox')
    expect(JSON.parse(entry!.before_json!)).toEqual({ status: 'failed', attempts: 1 })
    // Once more: it is no longer failed (409), nothing else is written.
    const again = await api.post(`/admin/operations/outbox/${ids.email}/retry`, undefined, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: OPERATIONS_MESSAGES.notFailed })
    expect((await api.post(`/admin/operations/outbox/${ids.pending}/retry`, undefined, admin.headers)).status).toBe(409)
    expect((await api.post('/admin/operations/outbox/999999/retry', undefined, admin.headers)).status).toBe(404)
    const malformed = await api.post('/admin/operations/outbox/abc/retry', undefined, admin.headers)
    expect(malformed.body).toEqual({ message: expect.any(String) })
    expect(await retries()).toHaveLength(1)
    // The worker then delivers it with a transport that works.
    const sent: string[] = []
    const working: Transports = { ...dead, email: async (m) => void sent.push(m.to) }
    await createDeliveryWorker({ db: p.db, transports: working, now: () => p.now() }).runOnce()
    expect(sent).toContain('camila.perez@gmail.com')
    expect(await statusOf(ids.email)).toBe('sent')
  })

  it('refuses a revisor (403), other roles (403) and anonymous callers (401), and changes nothing', async () => {
    const ids = await outboxWithFailures()
    const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    const driver = await userWithSession(p, 'User')
    for (const headers of [revisor.headers, driver.headers, {}]) {
      const expected = Object.keys(headers).length ? 403 : 401
      const read = await api.get('/admin/operations', headers)
      expect(read.status).toBe(expected)
      expect(read.body).toEqual({ message: expect.any(String) })
      expect((await api.post(`/admin/operations/outbox/${ids.email}/retry`, undefined, headers)).status).toBe(expected)
    }
    expect(await statusOf(ids.email)).toBe('failed')
    expect(woken).toBe(0)
  })

  it('says the mail transport works once an email went out after the last failure', async () => {
    await outboxWithFailures()
    await p.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: new Date(p.now().getTime() + 1000).toISOString() })
      .where('recipient', '=', 'otra@example.cl')
      .execute()
    const admin = await userWithSession(p, 'admin')
    const checks = (await api.get('/admin/operations', admin.headers)).body.checks as Check[]
    const mail = checks.find((c) => c.name === 'mail')!
    expect(mail.ok).toBe(true)
    expect(mail.detail).toMatch(/^Archivos \.eml en DATA_DIR\/mail: último envío correcto el /)
    expect(mail.detail).toMatch(/ el \d\d-\d\d-\d{4} \d\d:\d\d$/)
  })
})

describe('maskRecipient', () => {
  it('keeps two letters and the domain of an address, the last four digits of a phone', () => {
    expect(maskRecipient('email', 'camila@example.cl')).toBe('ca•••@example.cl')
    expect(maskRecipient('email', 'a@example.cl')).toBe('a•••@example.cl')
    expect(maskRecipient('email', 'no-arroba')).toBe('•••')
    expect(maskRecipient('whatsapp', '56912345678')).toBe('•••• 5678')
  })
})

describe.skipIf(!process.env.TEST_REDIS_URL)('«Operación» with REDIS_URL', () => {
  it('checks Redis through the shared rate limiter: answers while connected, fails once it is gone', async () => {
    const url = process.env.TEST_REDIS_URL!
    const p = await createTestPlatform('sqlite', { REDIS_URL: url })
    const limiter = await redisRateLimiter(url, `fleeters:test-operations:${Date.now()}:`)
    p.limiter = limiter
    try {
      const admin = await userWithSession(p, 'admin')
      const redis = async () => {
        const checks = (await testClient(p).get('/admin/operations', admin.headers)).body.checks as Check[]
        return checks.find((c) => c.name === 'redis')
      }
      expect(await redis()).toEqual({ name: 'redis', ok: true, detail: 'Redis responde' })
      await limiter.close()
      expect((await redis())!.ok).toBe(false)
    } finally {
      await p.destroy()
    }
  })
})
