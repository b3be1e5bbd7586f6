import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createDeliveryWorker } from '#services/platform/messaging/delivery'
import { createTransports } from '#services/platform/messaging/transports'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { freePort, startSmtp } from '#services/testing/smtp'

describe.each(engines)('verification code over real SMTP on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  it('mails the login code through SMTP_URL, and keeps it in the outbox while the server is down', async () => {
    const port = await freePort()
    const smtpUrl = `smtp://127.0.0.1:${port}`
    const worker = createDeliveryWorker({
      db: p.db,
      transports: createTransports({
        smtpUrl,
        mailFrom: p.config.MAIL_FROM,
        dataDir: p.config.dataDir,
        smtpTimeoutMs: 2000,
      }),
      now: p.now,
    })
    const api = testClient(p)
    const form = new FormData()
    form.set(
      'data',
      JSON.stringify({
        firstname: 'Ana',
        lastname: 'Soto',
        rut: '11111111-1',
        email: 'ana@example.cl',
        phone: '987654321',
        password: 'clave1234',
        acceptTerms: true,
      }),
    )
    expect((await api.call('POST', '/users/register', { form })).status).toBe(201)
    const step = await api.post('/auth/login', { email: 'ana@example.cl', password: 'clave1234' })

    // SMTP down: nothing is lost.
    expect((await worker.runOnce()).retried).toBe(2)
    const pending = await p.db.selectFrom('outbox').select(['status']).execute()
    expect(pending.every((r) => r.status === 'pending')).toBe(true)

    const smtp = await startSmtp(port)
    try {
      p.advance(60_000)
      expect((await worker.runOnce()).sent).toBe(2)
      const codeMail = smtp.received.find((m) => m.raw.includes('digo de verificaci'))!
      expect(codeMail.to).toEqual(['ana@example.cl'])
      const code = codeFrom(codeMail.raw.replace(/=\r?\n/g, '').replace(/Date:.*\n/g, ''))
      const session = await api.post('/auth/validate-code-email-verification', {
        code,
        token: step.body.email_one_time_token,
      })
      expect(session.status).toBe(200)
      expect(session.body.token_jwt).toBeTruthy()
    } finally {
      await smtp.close()
    }
  })
})
