import fs from 'node:fs'
import http from 'node:http'
import type net from 'node:net'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines, openTestDatabase } from '#services/testing/database'
import { freePort, startSmtp } from '#services/testing/smtp'
import { CLAIM_LEASE_MS, createDeliveryWorker, messageIdFor } from './delivery'
import { enqueueEmail, enqueueWhatsApp } from './outbox'
import { createTransports, SEND_DEADLINE_MS } from './transports'

type Handle = Awaited<ReturnType<typeof openTestDatabase>>

describe.each(engines)('outbox delivery on %s', (engine) => {
  let h: Handle
  let clock: Date
  const now = () => clock
  beforeEach(async () => {
    h = await openTestDatabase(engine)
    clock = new Date()
  })
  afterEach(async () => h.destroy())

  const row = async (id?: number) =>
    h.db
      .selectFrom('outbox')
      .selectAll()
      .$if(id !== undefined, (q) => q.where('id', '=', id!))
      .orderBy('id')
      .execute()

  it('writes an .eml file per message when no SMTP server is configured', async () => {
    await enqueueEmail(
      h.db,
      { to: 'ana@example.cl', subject: 'Tu código de verificación', text: 'Tu código de verificación es 123456' },
      clock,
    )
    const worker = createDeliveryWorker({
      db: h.db,
      transports: createTransports({ mailFrom: 'Fleeters <no-responder@fleeters.cl>', dataDir: h.dataDir }),
      now,
    })
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 })
    const files = fs.readdirSync(path.join(h.dataDir, 'mail'))
    expect(files).toHaveLength(1)
    const eml = fs.readFileSync(path.join(h.dataDir, 'mail', files[0]!), 'utf8')
    expect(eml).toContain('ana@example.cl')
    expect(eml).toMatch(/Subject: .*c=C3=B3digo|Subject: =\?UTF-8\?/)
    expect((await row())[0]!.status).toBe('sent')
  })

  it('sends through a real SMTP server given by SMTP_URL', async () => {
    const port = await freePort()
    const smtp = await startSmtp(port)
    try {
      await enqueueEmail(
        h.db,
        { to: 'ana@example.cl', subject: 'Código', text: 'Tu código de verificación es 654321' },
        clock,
      )
      const transports = createTransports({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'no-responder@fleeters.cl',
        dataDir: h.dataDir,
        smtpTimeoutMs: 3000,
      })
      const worker = createDeliveryWorker({ db: h.db, transports, now })
      expect((await worker.runOnce()).sent).toBe(1)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]!.to).toEqual(['ana@example.cl'])
      expect(smtp.received[0]!.raw).toContain('654321')
    } finally {
      await smtp.close()
    }
  })

  it('keeps the message while SMTP is down and delivers it once it is back', async () => {
    const port = await freePort()
    await enqueueEmail(
      h.db,
      { to: 'ana@example.cl', subject: 'Código', text: 'Tu código de verificación es 111222' },
      clock,
    )
    const transports = createTransports({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'no-responder@fleeters.cl',
      dataDir: h.dataDir,
      smtpTimeoutMs: 2000,
    })
    const worker = createDeliveryWorker({ db: h.db, transports, now })
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 })
    const [pending] = await row()
    expect(pending!.status).toBe('pending')
    expect(pending!.attempts).toBe(1)
    expect(pending!.last_error).toBeTruthy()
    expect(pending!.next_attempt_at > clock.toISOString()).toBe(true)
    // Not due yet: nothing happens.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 })

    const smtp = await startSmtp(port)
    try {
      clock = new Date(clock.getTime() + 60_000)
      expect((await worker.runOnce()).sent).toBe(1)
      expect(smtp.received[0]!.raw).toContain('111222')
      expect((await row())[0]!.status).toBe('sent')
    } finally {
      await smtp.close()
    }
  })

  it('gives up after the maximum number of attempts', async () => {
    await enqueueEmail(h.db, { to: 'ana@example.cl', subject: 'x', text: 'y' }, clock)
    const failing = {
      email: async () => Promise.reject(new Error('down')),
      whatsapp: async () => {},
      describe: () => 'failing',
    }
    const worker = createDeliveryWorker({ db: h.db, transports: failing, now, maxAttempts: 3 })
    for (let i = 0; i < 3; i++) {
      await worker.runOnce()
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000)
    }
    const [r] = await row()
    expect(r!.status).toBe('failed')
    expect(r!.attempts).toBe(3)
  })

  it('sends each message exactly once with two workers at the same time', async () => {
    for (let i = 0; i < 10; i++) await enqueueEmail(h.db, { to: `u${i}@example.cl`, subject: 's', text: 't' }, clock)
    const sent: string[] = []
    const transports = {
      email: async (m: { to: string }) => void sent.push(m.to),
      whatsapp: async () => {},
      describe: () => 'memory',
    }
    const a = createDeliveryWorker({ db: h.db, transports, now })
    const b = createDeliveryWorker({ db: h.db, transports, now })
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()])
    expect(ra.sent + rb.sent).toBe(10)
    expect(new Set(sent).size).toBe(10)
    expect(sent).toHaveLength(10)
  })

  it('writes WhatsApp messages to files without a token and posts them to the Cloud API with one', async () => {
    await enqueueWhatsApp(h.db, { to: '56912345678', text: 'Hola, revisa el poder simple' }, clock)
    const worker = createDeliveryWorker({
      db: h.db,
      transports: createTransports({ mailFrom: 'x@fleeters.cl', dataDir: h.dataDir }),
      now,
    })
    expect((await worker.runOnce()).sent).toBe(1)
    const files = fs.readdirSync(path.join(h.dataDir, 'whatsapp'))
    expect(JSON.parse(fs.readFileSync(path.join(h.dataDir, 'whatsapp', files[0]!), 'utf8'))).toEqual({
      to: '56912345678',
      text: 'Hola, revisa el poder simple',
    })

    const calls: Array<{ url: string; auth: string; body: unknown }> = []
    const api = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        calls.push({ url: req.url!, auth: req.headers.authorization ?? '', body: JSON.parse(body) })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"messages":[{"id":"x"}]}')
      })
    })
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
    try {
      const { port } = api.address() as net.AddressInfo
      await enqueueWhatsApp(h.db, { to: '56987654321', text: 'Segundo' }, clock)
      const transports = createTransports({
        mailFrom: 'x@fleeters.cl',
        dataDir: h.dataDir,
        whatsappToken: 'tok',
        whatsappPhoneId: '123',
        whatsappApiBase: `http://127.0.0.1:${port}`,
      })
      expect((await createDeliveryWorker({ db: h.db, transports, now }).runOnce()).sent).toBe(1)
      expect(calls).toEqual([
        {
          url: '/123/messages',
          auth: 'Bearer tok',
          body: { messaging_product: 'whatsapp', to: '56987654321', type: 'text', text: { body: 'Segundo' } },
        },
      ])
    } finally {
      await new Promise((r) => api.close(r))
    }
  })

  describe('slow servers and dead workers', () => {
    const messageIds = (received: Array<{ raw: string }>) =>
      received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim())

    it('a server slower than the timeout: each message keeps one Message-ID across its copies', async () => {
      const port = await freePort()
      const delay = { ms: 800 }
      const smtp = await startSmtp(port, delay)
      try {
        for (let i = 0; i < 3; i++)
          await enqueueEmail(h.db, { to: `u${i}@example.cl`, subject: 'Código', text: `Tu código es 12345${i}` }, clock)
        const transports = createTransports({
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailFrom: 'Fleeters <no-responder@fleeters.cl>',
          dataDir: h.dataDir,
          smtpTimeoutMs: 300,
        })
        const worker = createDeliveryWorker({
          db: h.db,
          transports,
          now,
          mailFrom: 'Fleeters <no-responder@fleeters.cl>',
        })
        // The server takes each message but answers after our timeout: we retry, it gets copies.
        expect((await worker.runOnce()).retried).toBe(3)
        delay.ms = 0
        clock = new Date(clock.getTime() + 60_000)
        expect((await worker.runOnce()).sent).toBe(3)
        const ids = messageIds(smtp.received)
        expect(smtp.received.length).toBe(6)
        expect(new Set(ids).size).toBe(3)
        const rows = await row()
        expect(new Set(ids)).toEqual(new Set(rows.map((r) => messageIdFor(r, 'Fleeters <no-responder@fleeters.cl>'))))
        expect(ids[0]).toMatch(/^<outbox-\d+-[0-9a-f]{16}@fleeters\.cl>$/)
      } finally {
        await smtp.close()
      }
    })

    it('gives up a send at the deadline, whatever the socket timeouts', async () => {
      const port = await freePort()
      const smtp = await startSmtp(port, { ms: 5000 })
      try {
        const transports = createTransports({
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailFrom: 'no-responder@fleeters.cl',
          dataDir: h.dataDir,
          smtpTimeoutMs: 10_000,
          sendDeadlineMs: 400,
        })
        const started = Date.now()
        await expect(transports.email({ id: 1, to: 'ana@example.cl', subject: 's', text: 't' })).rejects.toThrow()
        expect(Date.now() - started).toBeLessThan(3000)
      } finally {
        await smtp.close()
      }
    })

    it('the lease outlasts a send, and rows of a worker that died go out after it (not 5 minutes)', async () => {
      expect(CLAIM_LEASE_MS).toBeGreaterThan(SEND_DEADLINE_MS)
      expect(CLAIM_LEASE_MS).toBeLessThanOrEqual(2 * 60_000)
      await enqueueEmail(h.db, { to: 'ana@example.cl', subject: 's', text: 't' }, clock)
      // Worker A claims the row and never finishes (its process died mid-send).
      const stuck = { email: () => new Promise<void>(() => {}), whatsapp: async () => {}, describe: () => 'stuck' }
      void createDeliveryWorker({ db: h.db, transports: stuck, now }).runOnce()
      await new Promise((r) => setTimeout(r, 200))
      const sent: string[] = []
      const b = createDeliveryWorker({
        db: h.db,
        transports: { email: async (m) => void sent.push(m.to), whatsapp: async () => {}, describe: () => 'memory' },
        now,
      })
      const started = clock
      clock = new Date(started.getTime() + CLAIM_LEASE_MS - 1000)
      expect((await b.runOnce()).sent).toBe(0)
      clock = new Date(started.getTime() + 61_000)
      expect((await b.runOnce()).sent).toBe(1)
      expect(sent).toEqual(['ana@example.cl'])
    })
  })
})
