import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServicesApp } from '#services/app'
import { openDatabase } from '#services/platform/db/connect'
import { MESSAGES } from '#services/platform/http'
import { pgAdmin } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { startServer, type ServerProcess } from './server-process'

/**
 * A dropped PostgreSQL connection must not end the process. Other suites share
 * the server, so only this server's own connections are terminated: it runs with an
 * application_name of its own (PGAPPNAME) on a database of its own (created and dropped here;
 * a schema of the shared `test` database is not enough for server.ts, whose migrator would see
 * the other suites' bookkeeping tables).
 */
const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('a PostgreSQL outage (server process)', () => {
  const database = `fleeters_outage_${randomBytes(6).toString('hex')}`
  const appName = `fleeters-outage-${randomBytes(4).toString('hex')}`
  let server: ServerProcess

  beforeAll(async () => {
    await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
    const own = new URL(url!)
    own.pathname = `/${database}`
    server = await startServer({ DATABASE_URL: own.toString(), PGAPPNAME: appName })
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
  })

  const terminate = () =>
    pgAdmin(
      async (c) =>
        (await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [appName]))
          .rowCount ?? 0,
    )

  const call = async () => {
    try {
      const res = await fetch(`${server.url}/api/general-data/get-filtered-communes/13000`)
      return { status: res.status, body: (await res.json()) as unknown }
    } catch (error) {
      return { status: 0, body: String(error) }
    }
  }

  it('survives its connections being terminated during a burst, then answers 2xx again', async () => {
    expect((await call()).status).toBe(200)
    const results: Array<{ status: number; body: unknown }> = []
    let stop = false
    const workers = Array.from({ length: 8 }, async () => {
      while (!stop) results.push(await call())
    })
    await new Promise((r) => setTimeout(r, 500))
    const killed = [await terminate()]
    await new Promise((r) => setTimeout(r, 300))
    killed.push(await terminate())
    await new Promise((r) => setTimeout(r, 500))
    stop = true
    await Promise.all(workers)

    expect(killed.reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    expect(server.alive()).toBe(true)
    // Every answer is a success or the Spanish 503; never a 500 nor a dropped connection.
    const statuses = new Set(results.map((r) => r.status))
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([])
    for (const r of results.filter((x) => x.status === 503)) expect(r.body).toEqual({ message: MESSAGES.unavailable })
    console.info(
      `[outage] burst: ${results.length} requests, ${results.filter((r) => r.status === 503).length} ` +
        `× 503, backends terminated: ${killed.join('+')}`,
    )

    expect((await call()).status).toBe(200)
    expect(server.output()).toMatch(/\[db\] postgres connection lost/)
  })

  it('survives its idle connections being terminated', async () => {
    await Promise.all(Array.from({ length: 4 }, call))
    await new Promise((r) => setTimeout(r, 200))
    expect(await terminate()).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 500))
    expect(server.alive()).toBe(true)
    expect((await call()).status).toBe(200)
  })
})

describe('a database that does not answer', () => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await createTestPlatform('sqlite')
  })
  afterAll(async () => p.destroy())

  it('gets 503 with the Spanish message, not 500', async () => {
    // Port 1 on loopback: nothing listens, every connection is refused at once.
    const down = openDatabase({ url: 'postgres://postgres@127.0.0.1:1/test', log: () => {} })
    const app = createServicesApp({ ...p, db: down.db, dialect: 'postgres' })
    const res = await app.request('/general-data/get-filtered-communes/13000')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBeTruthy()
    expect(await res.json()).toEqual({ message: MESSAGES.unavailable })
    await down.destroy()
  })
})
