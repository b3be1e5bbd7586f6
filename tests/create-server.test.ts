import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type FleetersServer } from '#server/create-server'
import { publicFilePatterns } from '#server/static-files'
import { loadConfig } from '#services/platform/config'
import { pgAdmin } from '#services/testing/database'
import { ROOT } from './server-process'

/**
 * The composition (server/create-server.ts) started inside the test's own process: the same
 * platform, worker, jobs and pipeline as `node build/server.js`, on a temporary SQLite database
 * (and PostgreSQL with Redis when the run has them) and a free port, and stopped by the graceful
 * shutdown without leaving a server or a connection open.
 */
const buildDir = path.join(ROOT, process.env.BUILD_DIR ?? 'build')
const hasBuild = fs.existsSync(path.join(buildDir, 'server', 'index.js'))
const pgUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/**
 * The listening servers and the connections of this process, counted by kind (its timers are not
 * compared: Vitest's own come and go while the test runs).
 */
function openHandles(): Record<string, number> {
  const kinds = ['TCPServerWrap', 'TCPSocketWrap']
  const counts: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]))
  for (const kind of process.getActiveResourcesInfo()) if (kind in counts) counts[kind]!++
  return counts
}

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function testConfig(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-compose-'))
  dirs.push(dataDir)
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'never',
    // Far longer than the test: a mail sent within it was sent because the platform woke the worker.
    MAIL_WORKER_INTERVAL_MS: '600000',
    ...env,
  })
  return { config, dataDir }
}

async function started(server: FleetersServer) {
  const { port } = await server.start()
  expect(port).toBeGreaterThan(0)
  return `http://127.0.0.1:${port}`
}

/**
 * A services-only process as a split deployment runs it: /healthz, /readyz and /api answer, the
 * outbox worker is woken through the platform's hook, and shutdown closes the server, the
 * database's and Redis's connections.
 */
async function servicesProcess(env: Record<string, string>) {
  const before = openHandles()
  const { config, dataDir } = testConfig(env)
  const server = await createServer(config, { buildDir, services: ['users', 'business', 'general'] })
  const url = await started(server)

  const health = await fetch(`${url}/healthz`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  const ready = await fetch(`${url}/readyz`)
  expect(ready.status).toBe(200)
  expect(await ready.json()).toEqual({ status: 'ready', failed: [] })
  expect(ready.headers.get('cache-control')).toBe('no-store')

  const faqs = await fetch(`${url}/api/general-data/get-faqs`, { headers: { 'X-Request-Id': 'compose-1' } })
  expect(faqs.status).toBe(200)
  expect(faqs.headers.get('x-request-id')).toBe('compose-1')
  expect((await faqs.json()).length).toBeGreaterThan(0)
  const json = { 'content-type': 'application/json' }
  const post = (path: string, body: string) => fetch(`${url}${path}`, { method: 'POST', headers: json, body })
  const bad = await post('/api/contact/send-email-contact', '{}')
  expect(bad.status).toBe(400)
  expect(await bad.json()).toHaveProperty('message')

  // A services-only process serves no pages.
  expect((await fetch(`${url}/`, { headers: { accept: 'text/html' } })).status).toBe(404)

  // The platform's wakeOutbox, given at its creation, reaches the worker: the team's mail is
  // written at once, not at the worker's next round ten minutes away.
  const contact = {
    firstName: 'Ana',
    lastName: 'Soto',
    email: 'ana@gmail.com',
    phone: '987654321',
    message: 'Hola, quiero saber más de Fleeters.',
  }
  const sent = await post('/api/contact/send-email-contact', JSON.stringify(contact))
  expect(sent.status).toBe(201)
  const mailDir = path.join(dataDir, 'mail')
  const mails = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length : 0)
  await expect.poll(mails, { timeout: 5000 }).toBe(1)

  await server.shutdown('test')
  // A second call is the same stop, already over.
  await server.shutdown('test')
  await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  await expect.poll(() => openHandles(), { timeout: 5000 }).toEqual(before)
}

describe('createServer in-process', () => {
  it('answers /healthz, /readyz and /api, wakes its outbox worker, and shuts down leaving nothing open', async () => {
    await servicesProcess({})
  })

  // The shared engines: a database of its own on PostgreSQL (the migrator must not see other
  // suites' schemas), and the caches' bus and rate limits on Redis, whose clients shutdown closes.
  it.skipIf(!pgUrl || !redisUrl)(
    'does the same on PostgreSQL and Redis',
    async () => {
      const database = `fleeters_compose_${randomBytes(6).toString('hex')}`
      await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
      try {
        const own = new URL(pgUrl!)
        own.pathname = `/${database}`
        await servicesProcess({ DATABASE_URL: own.toString(), REDIS_URL: redisUrl! })
      } finally {
        await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
      }
    },
    60_000,
  )

  it.skipIf(!hasBuild)('serves the built pages with their security headers (with a build)', async () => {
    const before = openHandles()
    const { config } = testConfig()
    const server = await createServer(config, { buildDir })
    const url = await started(server)
    const home = await fetch(`${url}/`, { headers: { accept: 'text/html' } })
    expect(home.status).toBe(200)
    expect(home.headers.get('content-security-policy')).toMatch(/nonce-/)
    expect(await home.text()).toContain('Fleeters')
    const favicon = await fetch(`${url}/favicon.svg`)
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600')
    await favicon.arrayBuffer()
    // The specimen drawings a driver sees as «Ejemplo»: an hour in caches, sent compressed as built.
    const specimen = await fetch(`${url}/specimens/soap_frontal.svg`, { headers: { 'accept-encoding': 'br' } })
    expect(specimen.status).toBe(200)
    expect(specimen.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(specimen.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(specimen.headers.get('content-encoding')).toBe('br')
    await specimen.arrayBuffer()
    // A form posted from another site is refused before any page code runs.
    const forged = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { origin: 'https://otro.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a',
    })
    expect(forged.status).toBe(403)
    await forged.text()
    await server.shutdown('test')
    await expect.poll(() => openHandles(), { timeout: 5000 }).toEqual(before)
  })

  it('refuses to start pages without a build, before it opens the database', async () => {
    const { config, dataDir } = testConfig()
    await expect(createServer(config, { buildDir: path.join(dataDir, 'no-build') })).rejects.toThrow(/No build found/)
    expect(fs.existsSync(path.join(dataDir, 'fleeters.db'))).toBe(false)
  })

  it("looks up on disk only the addresses of the client build's own files", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-client-'))
    for (const dir of ['assets', 'images/partners', 'specimens'])
      fs.mkdirSync(path.join(root, dir), { recursive: true })
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>')
    try {
      expect(publicFilePatterns(root).sort()).toEqual(['/favicon.svg', '/images/*', '/specimens/*'])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
