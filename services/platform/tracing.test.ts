import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { SpanKind } from '@opentelemetry/api'
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { commitSession } from '#app/.server/session'
import { createServicesApp } from '#services/app'
import { inProcessCaller } from '#services/platform/auth'
import { CLIENT_IP_HEADER } from '#services/platform/client-ip'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { startServer } from '#tests/server-process'
import { describeQuery, REQUEST_ID_ATTRIBUTE, routeSpans, sqlSpans, startTracing, traceRequests } from './tracing'
import { traceServiceCalls, type Tracing } from './tracing'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER_BUILD = path.join(ROOT, 'build/server/index.js')
/** The caller's trace: the page request continues it (W3C traceparent). */
const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c'
const CALLER_SPAN = 'b7ad6b7169203331'
const TRACEPARENT = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`
/** The two service calls of the driver home's own loader (app/routes/user/home.tsx). */
const DOCUMENTS = '/users/obtain-all-documents-user'
const FOR_YOU = '/users/job-postings-for-you'
function serviceRequest(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://services.internal${path}`, { headers })
}

const exporter = new InMemorySpanExporter()
let tracing: Tracing
beforeAll(async () => {
  tracing = await startTracing({ exporter })
})
afterAll(async () => tracing.shutdown())
afterEach(() => exporter.reset())

const ms = (s: ReadableSpan) => (s.duration[0] * 1e3 + s.duration[1] / 1e6).toFixed(2)
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId

/** The trace as an indented tree, with each span's duration, for the test's output. */
function printTree(title: string, spans: ReadableSpan[]) {
  const lines: string[] = [title]
  const walk = (parent: string | undefined, depth: number) => {
    const started = (s: ReadableSpan) => s.startTime[0] * 1e9 + s.startTime[1]
    for (const s of spans.filter((x) => parentOf(x) === parent).sort((a, b) => started(a) - started(b))) {
      lines.push(`${'  '.repeat(depth)}${s.name}  ${ms(s)} ms`)
      walk(s.spanContext().spanId, depth + 1)
    }
  }
  walk(CALLER_SPAN, 1)
  console.log(lines.join('\n'))
}

/** Every span in one trace, each hanging from a span of the trace (the root from the caller's). */
function expectOneConnectedTrace(spans: ReadableSpan[]) {
  const ids = new Set(spans.map((s) => s.spanContext().spanId))
  expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([CALLER_TRACE]))
  const roots = spans.filter((s) => parentOf(s) === CALLER_SPAN)
  expect(roots).toHaveLength(1)
  const orphans = spans.filter((s) => s !== roots[0] && !ids.has(parentOf(s)!)).map((s) => s.name)
  expect(orphans).toEqual([])
  return roots[0]!
}

function ancestors(spans: ReadableSpan[], span: ReadableSpan): string[] {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]))
  const names: string[] = []
  for (let p = byId.get(parentOf(span)!); p; p = byId.get(parentOf(p)!)) names.push(p.name)
  return names
}

/** The server's request id middleware, as server.ts has it: the id is set before the trace middleware. */
function withRequestId(app: Hono<{ Variables: { requestId: string } }>) {
  app.use('*', async (c, next) => {
    c.set('requestId', c.req.header('x-request-id') ?? 'generado')
    await next()
  })
  app.use('*', traceRequests())
  return app
}

describe('describeQuery names the operation and the table, never values', () => {
  it('reads Kysely trees and raw SQL', async () => {
    const p = await createTestPlatform('sqlite')
    try {
      const q = p.db.selectFrom('users as u').select('u.id').where('email', '=', 'secreto@example.cl')
      expect(describeQuery(q.toOperationNode())).toEqual({ operation: 'SELECT', table: 'users' })
      expect(
        describeQuery(
          p.db
            .insertInto('sessions')
            .values({} as never)
            .toOperationNode(),
        ),
      ).toEqual({ operation: 'INSERT', table: 'sessions' })
      const update = p.db.updateTable('users').set({ firstname: 'x' })
      expect(describeQuery(update.toOperationNode())).toEqual({ operation: 'UPDATE', table: 'users' })
      const remove = p.db.deleteFrom('sessions')
      expect(describeQuery(remove.toOperationNode())).toEqual({ operation: 'DELETE', table: 'sessions' })
      const raw = sql`  with x as (select 1) select * from x`
      expect(describeQuery(raw.toOperationNode())).toEqual({ operation: 'WITH' })
      expect(JSON.stringify(describeQuery(q.toOperationNode()))).not.toContain('secreto')
    } finally {
      await p.destroy()
    }
  })
})

describe.each(engines)('a traced request on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    p.db = p.db.withPlugin(sqlSpans(p.dialect))
  })
  afterEach(async () => p.destroy())

  it('is one trace: request → service call (by its route) → SQL, with the request id, no parameters', async () => {
    const driver = await userWithSession(p)
    exporter.reset()
    const services = createServicesApp(p)
    const callServices = inProcessCaller(traceServiceCalls(services))
    // The two service calls of the driver home's own loader (app/routes/user/home.tsx), side by side.
    const app = withRequestId(new Hono()).get('/user/dashboard/home', async (c) => {
      const headers = { ...driver.headers, 'x-request-id': c.get('requestId') }
      const call = (path: string) => callServices(serviceRequest(path, headers))
      const answers = await Promise.all([call(DOCUMENTS), call(FOR_YOU)])
      return c.json(answers.map((a) => a.status))
    })
    const headers = { traceparent: TRACEPARENT, 'x-request-id': 'req-123' }
    const res = await app.request('/user/dashboard/home', { headers })
    expect(res.status).toBe(200)
    const spans = exporter.getFinishedSpans()
    printTree(`Trace of the driver home's service calls (${engine}):`, spans)

    const root = expectOneConnectedTrace(spans)
    expect(root.name).toBe('GET /user/dashboard/home')
    expect(root.attributes[REQUEST_ID_ATTRIBUTE]).toBe('req-123')
    const calls = spans.filter((s) => s.name.startsWith('servicio '))
    expect(calls.map((s) => s.name).sort()).toEqual([`servicio GET ${FOR_YOU}`, `servicio GET ${DOCUMENTS}`])
    for (const call of calls) {
      expect(parentOf(call)).toBe(root.spanContext().spanId)
      expect(call.attributes[REQUEST_ID_ATTRIBUTE]).toBe('req-123')
      expect(call.attributes['http.response.status_code']).toBe(200)
    }
    const queries = spans.filter((s) => s.attributes['db.operation.name'])
    expect(queries.length).toBeGreaterThan(2)
    for (const q of queries) {
      expect(q.attributes['db.system.name']).toBe(engine === 'postgres' ? 'postgresql' : 'sqlite')
      expect(ancestors(spans, q).some((n) => n.startsWith('servicio '))).toBe(true)
    }
    expect(queries.map((q) => q.name)).toContain('SELECT sessions')
    // On PostgreSQL the pg instrumentation sees the same queries from the driver (pool waits too).
    const driverQueries = spans.filter((s) => s.name.startsWith('pg.query'))
    const underCall = (s: ReadableSpan) => ancestors(spans, s).some((n) => n.startsWith('servicio '))
    if (engine === 'postgres') expect(driverQueries.some(underCall)).toBe(true)
    // The token, the driver's id and e-mail are parameters: nothing of them is in any span.
    const everything = JSON.stringify(spans.map((s) => [s.name, s.attributes]))
    expect(everything).not.toContain(driver.token)
    expect(everything).not.toContain(driver.user.email)
  })

  it('through a real HTTP server the HTTP instrumentation makes the root span; the middleware names it', async () => {
    const driver = await userWithSession(p)
    const services = createServicesApp(p)
    const callServices = traceServiceCalls(services)
    const app = withRequestId(new Hono()).get('/user/dashboard/home', async (c) => {
      const headers = { ...driver.headers, 'x-request-id': c.get('requestId') }
      return c.json((await callServices(serviceRequest(DOCUMENTS, headers))).status)
    })
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      exporter.reset()
      const headers = { traceparent: TRACEPARENT, 'x-request-id': 'req-http' }
      const res = await fetch(`http://127.0.0.1:${port}/user/dashboard/home`, { headers })
      expect(await res.json()).toBe(200)
      // The server span ends once the answer is written, after the client has it.
      await expect.poll(() => exporter.getFinishedSpans().some((s) => s.kind === SpanKind.SERVER)).toBe(true)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    const spans = exporter.getFinishedSpans()
    printTree(`Trace through a real HTTP server (${engine}):`, spans)
    const root = expectOneConnectedTrace(spans)
    expect(root.instrumentationScope.name).toBe('@opentelemetry/instrumentation-http')
    expect(root.name).toBe('GET /user/dashboard/home')
    expect(root.attributes[REQUEST_ID_ATTRIBUTE]).toBe('req-http')
    const call = spans.find((s) => s.name === `servicio GET ${DOCUMENTS}`)!
    expect(parentOf(call)).toBe(root.spanContext().spanId)
  })

  it('a query outside any request opens no span; a 4xx service call is not an error, a thrown one is', async () => {
    await p.db.selectFrom('users').select('id').execute()
    expect(exporter.getFinishedSpans()).toEqual([])

    const services = createServicesApp(p)
    const app = withRequestId(new Hono())
    app.get('/x', async (c) => c.json((await traceServiceCalls(services)(serviceRequest(DOCUMENTS))).status))
    app.get('/boom', async () => {
      const broken = { routes: [], fetch: () => Promise.reject(new Error('caído')) }
      return traceServiceCalls(broken)(serviceRequest(DOCUMENTS))
    })
    app.get('/healthz', (c) => c.json({ status: 'ok' }))
    app.onError((_, c) => c.text('Ocurrió un error inesperado.', 500))
    // Probes are not traced, with or without the HTTP instrumentation.
    expect((await app.request('/healthz', { headers: { traceparent: TRACEPARENT } })).status).toBe(200)
    expect(exporter.getFinishedSpans()).toEqual([])
    expect(await (await app.request('/x', { headers: { traceparent: TRACEPARENT } })).json()).toBe(401)
    const refused = exporter.getFinishedSpans().find((s) => s.name === `servicio GET ${DOCUMENTS}`)!
    expect(refused.attributes['http.response.status_code']).toBe(401)
    expect(refused.status.code).toBe(0)
    exporter.reset()
    expect((await app.request('/boom')).status).toBe(500)
    const failed = exporter.getFinishedSpans().find((s) => s.name.startsWith('servicio '))!
    expect(failed.name).toBe('servicio GET (sin ruta)')
    expect(failed.status.code).toBe(2)
    expect(failed.events[0]?.name).toBe('exception')
  })
})

/**
 * The real page: the React Router build's handler, in this process, as server.ts mounts it, for
 * the driver home. Needs `npx react-router build` (like tests/multi-process, it runs with a build).
 */
describe.skipIf(!fs.existsSync(SERVER_BUILD)).each(engines)('the driver home from the build on %s', (engine) => {
  let p: TestPlatform
  beforeAll(() => {
    // The build's web tier reads the session key from the environment, as the source module here does.
    process.env.SESSION_SECRET ??= 'traza-de-prueba-con-un-secreto-de-32-caracteres'
  })
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    p.db = p.db.withPlugin(sqlSpans(p.dialect))
  })
  afterEach(async () => p.destroy())

  it('is one trace: request → loaders → service calls → SQL', async () => {
    const driver = await userWithSession(p)
    // The driver has accepted the documents in force (decision 74): the home is not the acceptance step.
    expect((await testClient(p).post('/auth/consents/user', { acceptTerms: true }, driver.headers)).status).toBe(200)
    const build = routeSpans((await import(/* @vite-ignore */ SERVER_BUILD)) as ServerBuild)
    const handler = createRequestHandler(build, 'production')
    const services = createServicesApp(p)
    const callServices = inProcessCaller(traceServiceCalls(services))
    const app = withRequestId(new Hono())
    app.all('*', (c) =>
      handler(c.req.raw, {
        nonce: 'n',
        clientIp: '127.0.0.1',
        requestId: c.get('requestId'),
        services: {
          fetch: (req: Request) => {
            const headers = new Headers(req.headers)
            headers.set(CLIENT_IP_HEADER, '127.0.0.1')
            headers.set('x-request-id', c.get('requestId'))
            return callServices(new Request(req, { headers }))
          },
        },
      }),
    )
    const url = 'http://localhost/user/dashboard/home'
    const user = { ...driver.user, role: 'User', email_verified: true } as never
    const cookie = (await commitSession(new Request(url), driver.token, user)).split(';')[0]!
    // Once to warm what a first request loads (route modules, statement cache); the second is measured.
    expect((await app.request(url, { headers: { cookie } })).status).toBe(200)
    exporter.reset()
    const res = await app.request(url, { headers: { cookie, traceparent: TRACEPARENT, 'x-request-id': 'req-home' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Panel del conductor')
    const spans = exporter.getFinishedSpans()
    printTree(`Trace of GET /user/dashboard/home through the build (${engine}):`, spans)

    const root = expectOneConnectedTrace(spans)
    expect(root.name).toBe('GET /user/dashboard/home')
    expect(root.attributes[REQUEST_ID_ATTRIBUTE]).toBe('req-home')
    const home = spans.find((s) => s.name === 'loader routes/user/home')!
    expect(home).toBeDefined()
    expect(parentOf(home)).toBe(root.spanContext().spanId)
    const calls = spans.filter((s) => parentOf(s) === home.spanContext().spanId).map((s) => s.name)
    expect(calls).toEqual(expect.arrayContaining([`servicio GET ${DOCUMENTS}`, `servicio GET ${FOR_YOU}`]))
    for (const call of spans.filter((s) => s.name.startsWith('servicio '))) {
      expect(call.attributes[REQUEST_ID_ATTRIBUTE]).toBe('req-home')
      expect(ancestors(spans, call)[0]).toMatch(/^(loader|action|middleware) /)
    }
    const queries = spans.filter((s) => s.attributes['db.operation.name'])
    expect(queries.length).toBeGreaterThan(2)
    for (const q of queries) expect(ancestors(spans, q).some((n) => n.startsWith('servicio '))).toBe(true)
  })
})

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  /**
   * A fresh process that loads what the server composition loads for tracing when the variable
   * is unset, and lists every module it resolved (module.registerHooks sees ES modules and
   * require alike).
   */
  function loadedModules(env: NodeJS.ProcessEnv): string[] {
    const script = `
      import { registerHooks } from 'node:module'
      const seen = []
      registerHooks({ resolve: (s, c, next) => { const r = next(s, c); seen.push(r.url); return r } })
      const { startTracing, tracingRequested } = await import('#services/platform/tracing')
      const tracing = tracingRequested() ? await startTracing() : undefined
      await import('#services/app')
      await tracing?.shutdown()
      console.log(JSON.stringify(seen))
    `
    const args = ['--import', 'tsx', '--input-type=module', '-e', script]
    const child = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' })
    expect(child.stderr).toBe('')
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as string[]
  }
  const sdk = (urls: string[]) => urls.filter((u) => /@opentelemetry\/(sdk-|exporter-|instrumentation)/.test(u))

  it('server.ts loads none of them; with the variable it sends its traces', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-otel-'))
    const hook = path.join(dir, 'hook.mjs')
    fs.writeFileSync(
      hook,
      `import fs from 'node:fs'
      import { registerHooks } from 'node:module'
      const seen = new Set()
      registerHooks({ resolve: (s, c, next) => { const r = next(s, c); seen.add(r.url); return r } })
      process.on('exit', () => fs.writeFileSync(process.env.MODULES_OUT, JSON.stringify([...seen])))`,
    )
    // A stand-in for the collector: the OTLP/HTTP JSON the exporter sends, kept.
    const received: { name: string; attributes: { key: string; value: { stringValue?: string } }[] }[] = []
    const collector = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        type Export = { resourceSpans: { scopeSpans: { spans: typeof received }[] }[] }
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Export
        for (const r of body.resourceSpans) for (const scope of r.scopeSpans) received.push(...scope.spans)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
    const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`
    const run = async (endpoint: string | undefined) => {
      const out = path.join(dir, `modules-${endpoint ? 'on' : 'off'}.json`)
      const server = await startServer({
        NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`,
        MODULES_OUT: out,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      })
      try {
        const headers = { 'x-request-id': 'req-proceso' }
        expect((await fetch(`${server.url}/api/openapi.json`, { headers })).status).toBe(200)
      } finally {
        await server.stop()
      }
      return JSON.parse(fs.readFileSync(out, 'utf8')) as string[]
    }
    try {
      const off = await run(undefined)
      expect(off.some((u) => u.endsWith('/server.ts'))).toBe(true)
      expect(sdk(off)).toEqual([])
      expect(received).toEqual([])
      const on = await run(collectorUrl)
      expect(sdk(on).some((u) => u.includes('@opentelemetry/instrumentation-http/'))).toBe(true)
      // Flushed at shutdown: the HTTP span and the service call, with the request id.
      const call = received.find((s) => s.name === 'servicio GET /openapi.json')
      expect(call?.attributes).toContainEqual({ key: REQUEST_ID_ATTRIBUTE, value: { stringValue: 'req-proceso' } })
      const routes = received.flatMap((s) => s.attributes.filter((a) => a.key === 'http.route'))
      expect(routes.map((a) => a.value.stringValue)).toContain('/openapi.json')
      // The HTTP span of a request forwarded to the services is named by the mount and the service route.
      expect(received.map((s) => s.name)).toContain('GET /api/openapi.json')
    } finally {
      collector.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('loads no module of the SDK, the exporter or the instrumentations; with it, it does', { timeout: 60_000 }, () => {
    const { OTEL_EXPORTER_OTLP_ENDPOINT: _a, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _b, ...unset } = process.env
    const off = loadedModules(unset)
    expect(off.some((u) => u.endsWith('services/platform/tracing.ts'))).toBe(true)
    expect(sdk(off)).toEqual([])
    // The same process with the variable loads them: the check above can see them.
    const on = loadedModules({ ...unset, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })
    expect(sdk(on).some((u) => u.includes('@opentelemetry/sdk-trace/'))).toBe(true)
    expect(sdk(on).some((u) => u.includes('@opentelemetry/instrumentation-pg/'))).toBe(true)
  })
})
