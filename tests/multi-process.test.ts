import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#services/platform/crypto'
import { openDatabase, type DatabaseHandle } from '#services/platform/db/connect'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { loadKeys } from '#services/platform/secrets'
import { recordConsents } from '#services/shared/consents'
import { pgAdmin } from '#services/testing/database'
import { freePort, startSmtp } from '#services/testing/smtp'
import { documentForm, fileOf, samplePng } from '#services/users/driver-area/test-helpers'
import { startSession } from '#services/users/session-object'
import { ROOT, startServer, type ServerProcess } from './server-process'

/**
 * Two identical web processes, A and B, on one PostgreSQL database, one Redis,
 * one S3 bucket (the run's s3rver) and one SMTP server, as they would run behind a load
 * balancer (TRUST_PROXY=1: the test plays the balancer and sets X-Forwarded-For). Nothing is
 * shared through a process's memory or disk, so whatever one process does the other must see.
 */
const databaseUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const hasBuild = fs.existsSync(path.join(ROOT, 'build', 'server', 'index.js'))
const missing = [
  !databaseUrl && 'TEST_DATABASE_URL',
  !redisUrl && 'TEST_REDIS_URL',
  !hasBuild && 'the web build (npm test builds it first)',
].filter(Boolean)
if (missing.length) console.warn(`[multi-process] skipped: needs ${missing.join(', ')}`)

describe.skipIf(missing.length > 0)('two processes behind a load balancer', () => {
  const database = `fleeters_two_${randomBytes(6).toString('hex')}`
  const secret = randomBytes(36).toString('base64url')
  /** A visitor address of this run only, so no other suite shares its rate-limit buckets. */
  const visitor = `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`
  let ownUrl: string
  let handle: DatabaseHandle
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let a: ServerProcess
  let b: ServerProcess
  let platform: Platform

  beforeAll(async () => {
    await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
    const own = new URL(databaseUrl!)
    own.pathname = `/${database}`
    ownUrl = own.toString()
    const smtpPort = await freePort()
    smtp = await startSmtp(smtpPort)
    const env = {
      SERVICES: undefined,
      NODE_ENV: 'production',
      DATABASE_URL: ownUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: secret,
      S3_BUCKET: process.env.TEST_S3_BUCKET,
      S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      DATA_ENCRYPTION_KEY: secret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_WORKER_INTERVAL_MS: '200',
      TRUST_PROXY: '1',
      MIGRATE_ON_START: 'false',
      SHUTDOWN_TIMEOUT_MS: '10000',
    }
    // Migrations run once per deploy, then both processes start on the migrated database.
    const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: ownUrl },
      encoding: 'utf8',
    })
    expect(migrate.status, migrate.stderr).toBe(0)
    a = await startServer(env)
    b = await startServer(env)
    handle = openDatabase({ url: ownUrl, poolSize: 2 })
    platform = {
      db: handle.db,
      keys: loadKeys({ secret, dataDir: a.dataDir }),
      now: () => new Date(),
    } as unknown as Platform
  }, 180_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await handle?.destroy()
    await smtp?.close()
    await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
  })

  const lb = (extra: Record<string, string> = {}) => ({ 'x-forwarded-for': visitor, ...extra })

  /** A person written straight to the shared database, with a password and a live session. */
  async function person(role: 'User' | 'admin', password = 'Clave-segura-2026') {
    const now = new Date().toISOString()
    const user = await handle.db
      .insertInto('users')
      .values({
        role,
        email: `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.cl`,
        password_hash: await hashPassword(password),
        firstname: 'Camila',
        lastname: 'Pérez',
        rut: null,
        phone: null,
        address: 'Av. Siempre Viva 742',
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: now,
        created_at: now,
        updated_at: now,
        staff_role: role === 'admin' ? 'administrador' : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    // Registered people accepted the terms and the policy in force (the console is not asked).
    if (role !== 'admin') await recordConsents(handle.db, user.id, now, null)
    const token = await startSession(platform, user)
    // A console session is opened once its second factor is passed (decision 77): as if it were.
    if (role === 'admin')
      await handle.db
        .updateTable('sessions')
        .set({ factor_pending: 0, reauth_at: now })
        .where('user_id', '=', user.id)
        .execute()
    return { user, password, token }
  }

  it('a document uploaded through A is approved through B, shown approved by A and downloaded through B', async () => {
    const driver = await person('User')
    const console_ = await person('admin')
    const png = await samplePng(64, 48)
    const upload = await fetch(`${a.url}/api/users/upload-files-user`, {
      method: 'POST',
      headers: lb({ 'auth-user': driver.token }),
      body: documentForm({ cedula_identidad_frontal: fileOf(png, 'cedula.png', 'image/png') }),
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const [doc] = (await (
      await fetch(`${a.url}/api/users/obtain-all-documents-user`, { headers: lb({ 'auth-user': driver.token }) })
    ).json()) as {
      id_file: number
      url_file: string
    }[]
    // The file is in the bucket, on neither process's disk.
    const row = await handle.db
      .selectFrom('user_files')
      .select('storage_key')
      .where('id', '=', doc!.id_file)
      .executeTakeFirstOrThrow()
    for (const p of [a, b]) expect(fs.existsSync(path.join(p.dataDir, 'uploads', row.storage_key))).toBe(false)

    const review = await fetch(`${b.url}/api/admin/documents/${doc!.id_file}/review`, {
      method: 'POST',
      headers: lb({ 'auth-admin': console_.token, 'content-type': 'application/json' }),
      body: JSON.stringify({ decision: 'ACCEPTED' }),
    })
    expect(review.status, await review.clone().text()).toBe(200)

    // The driver logs in on A's page (no JS) and sees the document approved there.
    const login = await fetch(`${a.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: lb({ 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ email: driver.user.email, password: driver.password }),
    })
    expect(login.status).toBe(302)
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const page = await fetch(`${a.url}/user/dashboard/home`, { headers: lb({ cookie }) })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/data-chip="approved"[^>]*>Aprobado</)

    const file = await fetch(`${b.url}/api${doc!.url_file}`, { headers: lb({ 'auth-user': driver.token }) })
    expect(file.status).toBe(200)
    const bytes = new Uint8Array(await file.arrayBuffer())
    expect(bytes.byteLength).toBeGreaterThan(0)
    expect(file.headers.get('content-type')).toMatch(/^image\//)
    console.info(
      `[two processes] upload on A → approved on B → «Aprobado» on A → ${bytes.byteLength} ` +
        `bytes downloaded from the bucket through B`,
    )
  })

  it('failed logins on A and on B count against one limit for the visitor', async () => {
    const driver = await person('User')
    const statuses: number[] = []
    // 10 a minute per visitor (services/users/auth-routes.ts); alternate the processes.
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${(i % 2 ? b : a).url}/api/auth/login`, {
        method: 'POST',
        headers: lb({ 'content-type': 'application/json', 'x-forwarded-for': `${visitor.replace(/\.\d+$/, '.251')}` }),
        body: JSON.stringify({ email: driver.user.email, password: 'equivocada-123' }),
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    console.info(`[two processes] 12 failed logins alternating A/B for one visitor: ${statuses.join(' ')}`)
    // Another visitor behind the same balancer has a bucket of its own. (Another account: after 10
    // failures this one asks for the mailed code, whoever tries it; decision 73.)
    const someoneElse = await person('User')
    const other = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email: someoneElse.user.email, password: 'equivocada-123' }),
    })
    expect(other.status).toBe(401)
  })

  it("a content edit through B shows on A's home within 1 s", async () => {
    const console_ = await person('admin')
    const faq = await handle.db
      .selectFrom('faqs')
      .select(['id', 'question'])
      .orderBy('position')
      .executeTakeFirstOrThrow()
    // A has the home page (and its content) cached.
    for (let i = 0; i < 2; i++)
      expect(await (await fetch(`${a.url}/`, { headers: lb() })).text()).toContain(faq.question.slice(0, 20))
    const question = `¿Pregunta editada ${randomBytes(3).toString('hex')}?`
    const edit = await fetch(`${b.url}/api/admin/content/faqs/${faq.id}`, {
      method: 'PUT',
      headers: lb({ 'auth-admin': console_.token, 'content-type': 'application/json' }),
      body: JSON.stringify({ question, answers: ['Una respuesta.'] }),
    })
    expect(edit.status, await edit.clone().text()).toBe(200)
    const editedAt = Date.now()
    let seenAfter = Infinity
    while (Date.now() - editedAt < 1000) {
      if ((await (await fetch(`${a.url}/`, { headers: lb() })).text()).includes(question)) {
        seenAfter = Date.now() - editedAt
        break
      }
    }
    expect(seenAfter).toBeLessThan(1000)
    console.info(`[two processes] B's content edit on A's home after ${seenAfter} ms`)
  })

  it('with both outbox workers running, 50 queued mails are delivered exactly once', async () => {
    const before = smtp.received.length
    const tag = randomBytes(3).toString('hex')
    const recipients = Array.from({ length: 50 }, (_, i) => `destino-${tag}-${i}@example.cl`)
    await Promise.all(
      recipients.map((to) => enqueueEmail(handle.db, { to, subject: `Prueba ${tag}`, text: 'Hola' }, new Date())),
    )
    await expect
      .poll(() => smtp.received.length - before, { timeout: 30_000, interval: 200 })
      .toBeGreaterThanOrEqual(50)
    // Time for a duplicate to show up if a message were taken by both workers.
    await new Promise((r) => setTimeout(r, 1500))
    const mine = smtp.received.slice(before).filter((m) => m.to.some((t) => t.includes(tag)))
    expect(mine).toHaveLength(50)
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(50)
    const sent = await handle.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('recipient', 'like', `%${tag}%`)
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow()
    expect(Number(sent.n)).toBe(50)
    const duplicates = mine.length - new Set(mine.map((m) => m.to[0])).size
    console.info(`[two processes] 50 queued mails, two workers: ${mine.length} delivered, ${duplicates} duplicates`)
  })

  it('SIGTERM to A during a burst: every write that got a 2xx is stored, and B keeps answering', async () => {
    const console_ = await person('admin')
    const acknowledged: string[] = []
    const failures: string[] = []
    let stop = false
    let n = 0
    const writer = async () => {
      while (!stop) {
        const question = `¿Ráfaga ${n++} ${randomBytes(3).toString('hex')}?`
        try {
          const res = await fetch(`${a.url}/api/admin/content/faqs`, {
            method: 'POST',
            headers: lb({ 'auth-admin': console_.token, 'content-type': 'application/json' }),
            body: JSON.stringify({ question, answers: ['Respuesta.'] }),
          })
          if (res.status === 201) acknowledged.push(question)
          else failures.push(`${res.status}`)
        } catch {
          // Refused once A stopped listening: what a balancer retries on B.
          await new Promise((r) => setTimeout(r, 20))
        }
      }
    }
    // B is read all along: it must keep answering while A goes away.
    const bAnswers: number[] = []
    const reader = async () => {
      while (!stop) bAnswers.push((await fetch(`${b.url}/api/general-data/get-faqs`, { headers: lb() })).status)
    }
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)))
    const writers = [...Array.from({ length: 6 }, writer), reader()]
    await new Promise((r) => setTimeout(r, 700))
    a.child.kill('SIGTERM')
    const code = await exited
    stop = true
    await Promise.all(writers)
    expect(code).toBe(0)
    expect(acknowledged.length).toBeGreaterThan(5)
    expect(failures.filter((s) => s.startsWith('5'))).toEqual([])
    const stored = await handle.db.selectFrom('faqs').select('question').where('question', 'in', acknowledged).execute()
    expect(stored).toHaveLength(acknowledged.length)
    expect(bAnswers.length).toBeGreaterThan(0)
    expect(bAnswers.filter((st) => st !== 200)).toEqual([])
    const refused5xx = failures.filter((st) => st.startsWith('5')).length
    console.info(
      `[two processes] SIGTERM to A mid-burst: exit ${code}, ${acknowledged.length} ` +
        `writes acknowledged, ${stored.length} stored, ${failures.length} refused (${refused5xx} ` +
        `× 5xx); B answered ${bAnswers.length} reads, all 200`,
    )
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${b.url}/api/general-data/get-faqs`, { headers: lb() })).status).toBe(200)
  })
})
