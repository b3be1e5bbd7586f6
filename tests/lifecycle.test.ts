import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, type ServerProcess } from './server-process'
import { startS3Server } from './setup/s3'

/**
 * Health and readiness, graceful SIGTERM, migrations once per deploy,
 * and one JSON log line per request with no secret in it. Each case runs server.ts as its own
 * process (services only: no web build needed).
 */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

const exited = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode)
    else server.child.once('exit', (code) => resolve(code))
  })

describe('health, request ids and logs', () => {
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({})
  }, 90_000)
  afterAll(() => server?.stop())

  it('/healthz says the process is alive and /readyz that its database and storage answer', async () => {
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', failed: [] })
    expect(ready.headers.get('cache-control')).toBe('no-store')
  })

  it('returns the X-Request-Id it was given, or a new one, and logs one JSON line per request', async () => {
    const given = await fetch(`${server.url}/api/general-data/get-faqs`, { headers: { 'X-Request-Id': 'lb-7f3a.42' } })
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42')
    const generated = await fetch(`${server.url}/api/general-data/get-faqs`, {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    })
    const id = generated.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    await server.waitForOutput(new RegExp(`"reqId":"${id}"`))
    const lines = logLines(server).filter((l) => l.msg === 'request')
    const mine = lines.filter((l) => l.reqId === 'lb-7f3a.42' || l.reqId === id)
    expect(mine).toHaveLength(2)
    for (const line of mine) {
      expect(line).toMatchObject({ method: 'GET', path: '/api/general-data/get-faqs', status: 200, level: 30 })
      expect(typeof line.ms).toBe('number')
    }
  })

  it('writes no password, token, cookie or query string into the log', async () => {
    const secrets = ['Sup3rSecreta-pw', 'tok_9f8e7d6c5b4a', 'cookie-value-55aa', 'query-token-77bb', 'Bearer-abc-999']
    await fetch(`${server.url}/api/auth/login?token=${secrets[3]}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `__session=${secrets[2]}`,
        'auth-user': secrets[1],
        authorization: secrets[4],
      },
      body: JSON.stringify({ email: 'nadie@example.cl', password: secrets[0] }),
    })
    // A failing call logs too (401 here); and an error response from a malformed body.
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"password":"${secrets[0]}"`,
    })
    // Wait for the second call's request line (a line may reach the pipe after the answer).
    await server.waitForOutput(/^(?=.*"path":"\/api\/auth\/login")(?=.*"status":400).*$/m)
    const output = server.output()
    expect(output).toContain('"path":"/api/auth/login"')
    for (const secret of secrets) expect(output).not.toContain(secret)
  })
})

describe('readiness when a dependency is away', () => {
  it('answers 503 naming the storage when the S3 store stops answering, and stays alive', async () => {
    const s3 = await startS3Server()
    const server = await startServer({
      S3_BUCKET: 'fleeters-test',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      DATA_ENCRYPTION_KEY: 'test-data-encryption-key-0123456789',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    })
    try {
      expect(server.output()).toContain('"storage":"s3"')
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      await s3.close()
      const down = await fetch(`${server.url}/readyz`)
      expect(down.status).toBe(503)
      expect(await down.json()).toEqual({ status: 'unavailable', failed: ['storage'] })
      // Alive all the same: a load balancer keeps the process, it just sends it no traffic.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    } finally {
      await server.stop()
      await s3.close().catch(() => {})
    }
  }, 90_000)
})

describe('SIGTERM', () => {
  it('stops taking connections, finishes the request in flight, and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '10000' })
    const { port } = new URL(server.url)
    // A request whose body arrives slowly: still in flight when the signal comes.
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode!, body }))
        },
      )
      req.on('error', reject)
      req.write('{"email":"nadie@example.cl",')
      setTimeout(() => req.end('"password":"clave12345"}'), 1500)
    })
    await new Promise((r) => setTimeout(r, 300))
    const exit = exited(server)
    server.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    // New connections are refused while the old request is still being answered.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    expect(server.alive()).toBe(true)
    const answer = await slow
    const answeredAt = Date.now()
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body)).toHaveProperty('message')
    expect(await exit).toBe(0)
    // Not held until SHUTDOWN_TIMEOUT_MS: the answered connection closes and the process goes.
    expect(Date.now() - answeredAt).toBeLessThan(5000)
    expect(server.output()).toContain('"msg":"stopped"')
    await server.stop()
  }, 90_000)
})

describe('migrations once per deploy', () => {
  it('MIGRATE_ON_START=false refuses an unmigrated database, and starts after `npm run migrate`', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-migrate-'))
    try {
      await expect(startServer({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' })).rejects.toThrow(/npm run migrate/)
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      })
      expect(run.status).toBe(0)
      expect(run.stdout).toContain('Migraciones aplicadas')
      const server = await startServer({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' })
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      await server.stop()
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
