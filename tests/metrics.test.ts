import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, pgAdmin } from '#services/testing/database'
import { freePort } from '#services/testing/smtp'
import { ROOT, startServer, type ServerProcess } from './server-process'

/**
 * GET /metrics (services/platform/metrics.ts, docs/operations.md) on server.ts as its own
 * process with pages and services: the series an operator graphs carry route patterns, never a
 * URL with an id; a mail to a dead SMTP server is counted as a failed delivery; the endpoint is
 * refused without its token and absent when nothing configures it.
 */
const TOKEN = randomBytes(24).toString('base64url')
const hasBuild = fs.existsSync(path.join(ROOT, 'build', 'server', 'index.js'))

/** One sample line of the Prometheus text format: name, labels, value. */
interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

function parse(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!
    samples.push({ name: m[1]!, labels, value: Number(m[3]) })
  }
  return samples
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
type Labels = Record<string, string>
const valueIn = (samples: Sample[], name: string, labels: Labels = {}) => find(samples, name, labels)[0]?.value

describe.each(engines)('GET /metrics with pages and services on %s', (engine) => {
  const database = `fleeters_metrics_${randomBytes(6).toString('hex')}`
  let server: ServerProcess

  beforeAll(async () => {
    // The pages' route labels need the web build, as npm test makes it.
    if (!hasBuild) throw new Error('tests/metrics.test.ts needs the web build: run `npx react-router build` first')
    let databaseUrl = ''
    if (engine === 'postgres') {
      await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
      const own = new URL(process.env.TEST_DATABASE_URL!)
      own.pathname = `/${database}`
      databaseUrl = own.toString()
    }
    // Nothing listens on this port: every SMTP attempt is refused at once.
    const deadSmtp = await freePort()
    server = await startServer({
      SERVICES: undefined,
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${deadSmtp}`,
      MAIL_WORKER_INTERVAL_MS: '100',
    })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    if (engine === 'postgres') await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
  })

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    return parse(await res.text())
  }

  it('labels requests by route pattern, counts a failed mail, and names no raw URL', async () => {
    const html = { Accept: 'text/html' }
    // A public page twice.
    expect((await fetch(`${server.url}/`, { headers: html })).status).toBe(200)
    expect((await fetch(`${server.url}/`, { headers: html })).status).toBe(200)
    // Pages and service calls with ids in their URLs, and an unknown page.
    const driverPage = await fetch(`${server.url}/admin/conductores/48213`, { headers: html, redirect: 'manual' })
    expect(driverPage.status).toBe(302)
    expect((await fetch(`${server.url}/no-existe/77777`, { headers: html })).status).toBe(404)
    expect((await fetch(`${server.url}/api/admin/drivers/59341`)).status).toBe(401)
    expect((await fetch(`${server.url}/api/general-data/get-faqs`)).status).toBe(200)
    expect((await fetch(`${server.url}/api/nada/31337`)).status).toBe(404)
    // A contact message: its mail to the team goes to the dead SMTP server.
    const contact = await fetch(`${server.url}/api/contact/send-email-contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ana',
        lastName: 'Pérez',
        email: 'ana@gmail.com',
        phone: '987654321',
        message: 'Hola, quiero más información sobre Fleeters.',
      }),
    })
    expect(contact.status).toBe(201)
    // Password-reset requests over their limit (5 per 15 minutes per address).
    const resets = []
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'nadie@example.cl' }),
      })
      resets.push(res.status)
    }
    expect(resets.filter((s) => s === 429).length).toBeGreaterThan(0)

    // The worker tries the mail within its 100 ms interval and fails.
    let samples: Sample[] = []
    await expect
      .poll(
        async () => {
          samples = await scrape()
          const retried = { channel: 'email', outcome: 'retry' }
          return valueIn(samples, 'fleeters_outbox_delivery_failures_total', retried) ?? 0
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(1)

    const value = (name: string, labels: Record<string, string> = {}) => valueIn(samples, name, labels)
    const requests = (route: string, labels: Record<string, string> = {}) => {
      return find(samples, 'fleeters_http_requests_total', { route, ...labels })
    }
    expect(requests('/', { method: 'GET', status: '2xx' })[0]?.value).toBeGreaterThanOrEqual(2)
    expect(requests('/admin/conductores/:id', { method: 'GET', status: '3xx' })[0]?.value).toBe(1)
    expect(requests('/*', { method: 'GET', status: '4xx' })[0]?.value).toBe(1)
    expect(requests('/api/admin/drivers/:id', { method: 'GET', status: '4xx' })[0]?.value).toBe(1)
    expect(requests('/api/general-data/get-faqs', { method: 'GET', status: '2xx' })[0]?.value).toBe(1)
    expect(requests('/api/contact/send-email-contact', { method: 'POST', status: '2xx' })[0]?.value).toBe(1)
    expect(requests('other', { method: 'GET', status: '4xx' })[0]?.value).toBe(1)
    expect(value('fleeters_http_request_duration_seconds_count', { route: '/api/general-data/get-faqs' })).toBe(1)
    // A histogram as Prometheus reads it: cumulative buckets up to +Inf, which equals the count.
    const home = { route: '/', method: 'GET', status: '2xx' }
    const buckets = find(samples, 'fleeters_http_request_duration_seconds_bucket', home)
    const bounds = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']
    expect(buckets.map((b) => b.labels.le)).toEqual(bounds)
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value)
    expect(buckets.at(-1)!.value).toBe(requests('/', { method: 'GET', status: '2xx' })[0]!.value)
    expect(value('fleeters_http_request_duration_seconds_sum', home)).toBeGreaterThan(0)
    // The same calls seen by the services app, in-process from the pages or over /api.
    expect(value('fleeters_service_calls_total', { route: '/admin/drivers/:id', status: '4xx' })).toBe(1)
    expect(value('fleeters_service_calls_total', { route: '/contact/send-email-contact', method: 'POST' })).toBe(1)
    const faqCalls = value('fleeters_service_call_duration_seconds_count', { route: '/general-data/get-faqs' })
    expect(faqCalls).toBeGreaterThanOrEqual(1)

    const refused = resets.filter((s) => s === 429).length
    expect(value('fleeters_rate_limit_refusals_total', { limit: 'reset' })).toBe(refused)
    expect(find(samples, 'fleeters_db_query_duration_seconds_count', { outcome: 'ok' })[0]?.value).toBeGreaterThan(10)
    // The failed mail waits for its retry: the backlog has it, with its age.
    expect(find(samples, 'fleeters_outbox_pending')[0]?.value).toBeGreaterThanOrEqual(1)
    expect(find(samples, 'fleeters_outbox_oldest_pending_age_seconds')).toHaveLength(1)
    expect(find(samples, 'fleeters_outbox_failed')[0]?.value).toBe(0)
    // Each periodic job this process declared, by name (its row is written as the scheduler starts).
    const jobsOf = (all: Sample[]) =>
      find(all, 'fleeters_job_consecutive_failures')
        .map((s) => s.labels.job)
        .sort()
    const declared = ['account-closure', 'backup', 'exports', 'reminders', 'retention', 'team-summary']
    await expect.poll(async () => jobsOf(await scrape()), { timeout: 10_000 }).toEqual(declared)
    // Node's own, the event loop's lag among them.
    expect(find(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1)
    expect(find(samples, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0)
    // The pool only exists on PostgreSQL.
    const pool = find(samples, 'fleeters_db_pool_connections')
    if (engine === 'postgres') {
      expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting'])
      expect(find(pool, 'fleeters_db_pool_connections', { state: 'total' })[0]!.value).toBeGreaterThanOrEqual(1)
    } else expect(pool).toEqual([])

    // No label value is a URL with an id in it: only route patterns.
    const values = samples.flatMap((s) => Object.values(s.labels))
    for (const id of ['48213', '77777', '59341', '31337']) expect(values.filter((v) => v.includes(id))).toEqual([])
    const labelled = samples.filter((s) => /^fleeters_(http|service)_/.test(s.name))
    const routes = new Set(labelled.map((s) => s.labels.route!))
    for (const route of routes) expect(route).toMatch(/^(other|\/[\w\-/:.*]*)$/)
    console.info(`[metrics ${engine}] ${samples.length} samples; route labels: ${[...routes].sort().join(' ')}`)
  })

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    const none = await fetch(`${server.url}/metrics`)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toContain('Bearer')
    expect(await none.json()).toEqual({ message: 'Falta el token de métricas o no es válido.' })
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401)
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: TOKEN } })).status).toBe(401)
  })
})

describe('GET /metrics unconfigured, and on METRICS_PORT', () => {
  let plain: ServerProcess
  let local: ServerProcess
  let port: number
  beforeAll(async () => {
    port = await freePort()
    ;[plain, local] = await Promise.all([startServer({}), startServer({ METRICS_PORT: String(port) })])
  }, 120_000)
  afterAll(() => Promise.all([plain?.stop(), local?.stop()]))

  it('answers 404 without METRICS_TOKEN or METRICS_PORT, even to a bearer token', async () => {
    expect((await fetch(`${plain.url}/metrics`)).status).toBe(404)
    expect((await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })

  it('serves /metrics on 127.0.0.1:METRICS_PORT without a token; the product port says 404', async () => {
    expect((await fetch(`${local.url}/api/general-data/get-faqs`)).status).toBe(200)
    const res = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(res.status).toBe(200)
    const samples = parse(await res.text())
    const faqs = { route: '/api/general-data/get-faqs', method: 'GET', status: '2xx' }
    expect(valueIn(samples, 'fleeters_http_requests_total', faqs)).toBe(1)
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
    expect((await fetch(`${local.url}/metrics`)).status).toBe(404)
  })
})
