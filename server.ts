/**
 * The server: one Node process serving hashed assets, the three services under /api and the
 * React Router app for everything else. `npm start` builds the app, then runs this; `npm run dev`
 * runs it with `--dev`: the app straight from the sources through Vite (hot reload), no build.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'
import type { SecureHeadersVariables } from 'hono/secure-headers'
import { sql } from 'kysely'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { pageBodyLimit } from './app/.server/body-limit'
import { cachedResponse, createPageCache } from './app/.server/page-cache'
import { createServicesApp, type ServiceName } from './services/app'
import { startJobs } from './services/jobs'
import { inProcessCaller } from './services/platform/auth'
import { CLIENT_IP_HEADER, clientAddress, fromWebTier } from './services/platform/client-ip'
import { loadConfig } from './services/platform/config'
import { MigrationError } from './services/platform/db/connect'
import { localInvalidationBus, redisInvalidationBus } from './services/platform/invalidation'
import { acceptedRequestId, log } from './services/platform/log'
import { createDeliveryWorker } from './services/platform/messaging/delivery'
import { createTransports } from './services/platform/messaging/transports'
import { createMetrics } from './services/platform/metrics'
import { createPlatform } from './services/platform/platform'
import { exitOnUnsupportedNode, keepDataPrivate } from './services/platform/runtime'
import { pageNonce, pageSecurityHeaders } from './services/platform/security-headers'
import { seedAll } from './services/platform/seed'

const here = path.dirname(fileURLToPath(import.meta.url))
const dev = process.argv.includes('--dev')
/** Compiled (`node build/server.js`, scripts/build-server.ts), this file sits in the build itself. */
const buildDir = import.meta.url.endsWith('.js') ? here : path.resolve(here, process.env.BUILD_DIR ?? 'build')
exitOnUnsupportedNode()
const config = loadConfig()
keepDataPrivate(config.dataDir)
const platform = await createPlatform(config).catch(startFailed)
const seeded = await seedAll(platform)

/** A start that cannot go on (a half-migrated database, …) ends with its message, not a trace. */
function startFailed(error: unknown): never {
  if (error instanceof MigrationError) {
    log.fatal(error.message)
    console.error(`\n${error.message}\n`)
    process.exit(1)
  }
  throw error
}

const transports = createTransports({
  smtpUrl: config.SMTP_URL,
  mailFrom: config.MAIL_FROM,
  dataDir: config.dataDir,
  whatsappToken: config.WHATSAPP_TOKEN,
  whatsappPhoneId: config.WHATSAPP_PHONE_ID,
})
const worker = createDeliveryWorker({ db: platform.db, transports, mailFrom: config.MAIL_FROM, log: (line: string) => log.info({ component: 'outbox' }, line) })
platform.wakeOutbox = () => worker.wake()
worker.start(config.MAIL_WORKER_INTERVAL_MS)

/** SERVICES=users,business,general: a services-only process. Unset or empty: pages and services. */
const listed = (process.env.SERVICES ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean) as ServiceName[]
const only = listed.length ? listed : undefined
const services = createServicesApp(platform, only)

// The background jobs (services/jobs.ts) this process runs.
const jobs = startJobs(platform, only, (component, line) => log.info({ component }, line))

/** The visitor's address: the socket's, or X-Forwarded-For through TRUST_PROXY trusted hops. */
function clientIp(c: Context): string {
  let socket = 'unknown'
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown'
  } catch {}
  return clientAddress(socket, c.req.header('x-forwarded-for'), config.TRUST_PROXY)
}

function withoutHeader(headers: Headers, name: string): Headers {
  const copy = new Headers(headers)
  copy.delete(name)
  return copy
}

/**
 * Re-issue a request to the services with the client's real address (never a header it sent).
 * A services-only process of a split deployment believes the address our web tier forwards,
 * and only when the call carries INTERNAL_SECRET.
 */
function forward(request: Request, pathname: string, ip: string, requestId: string): Request {
  const url = new URL(request.url)
  url.pathname = pathname
  const headers = new Headers(request.headers)
  const forwarded = request.headers.get(CLIENT_IP_HEADER)
  headers.set(CLIENT_IP_HEADER, forwarded && fromWebTier(request.headers, config.INTERNAL_SECRET) ? forwarded : ip)
  headers.delete('x-fleeters-internal')
  headers.set('x-request-id', requestId)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, { method: request.method, headers, body: hasBody ? request.body : null, duplex: 'half' } as RequestInit)
}

/**
 * Forms are only accepted from our own pages (hono/csrf): a form post (urlencoded, multipart or
 * text) is refused unless the browser says it is same-origin (Sec-Fetch-Site) or its Origin is
 * our host, whatever the scheme (a TLS proxy in front makes the request's own URL http:), or
 * `null` (a privacy setting or a redirect hides it). A request with neither header does not come
 * from a browser, so it cannot be a forged one: it goes on. The refusal is 403 with a Spanish text.
 */
function ownPagesOnly(): MiddlewareHandler {
  const check = csrf({ origin: (origin, c) => origin === 'null' || URL.parse(origin)?.host === new URL(c.req.url).host })
  return async (c, next) => {
    if (c.req.header('origin') === undefined && c.req.header('sec-fetch-site') === undefined) return next()
    try {
      await check(c, async () => {})
    } catch (error) {
      if (error instanceof HTTPException && error.status === 403) return c.text('Origen no permitido', 403)
      throw error
    }
    return next()
  }
}

/**
 * The page request as the browser addressed it. Behind a TLS proxy our URL is http: while the
 * browser's Origin is https: on the same host (ownPagesOnly has checked the host): React Router
 * refuses an action whose Origin does not match the request's URL ("Aborting the action"), so
 * every form would fail with 400 in production. The scheme follows the Origin then; nothing else
 * changes, and a GET or a request without Origin is passed on as it is.
 */
function asAddressed(request: Request): Request {
  const origin = URL.parse(request.headers.get('origin') ?? '')
  const url = new URL(request.url)
  if (!origin || origin.host !== url.host || origin.protocol === url.protocol) return request
  url.protocol = origin.protocol
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, { method: request.method, headers: request.headers, body: hasBody ? request.body : null, duplex: 'half', signal: request.signal } as RequestInit)
}

/** Anonymous views of the public content pages, reused for 10 s (app/.server/page-cache.ts). */
const pageCache = createPageCache({ paths: ['/', '/preguntas-frecuentes', '/terminos-condiciones'], ttlMs: 10_000 })

/**
 * A write that changes public content, committed by a service on any process, empties every
 * process's caches (Redis pub/sub with REDIS_URL): the services call platform.publicContentChanged.
 */
const bus = config.REDIS_URL ? await redisInvalidationBus(config.REDIS_URL) : localInvalidationBus()
bus.onInvalidate(() => pageCache.invalidate())
platform.publicContentChanged = () => bus.publish()

/** Requests being handled (logged at shutdown). */
let inFlight = 0
let closing = false

type Env = { Variables: { requestId: string } & SecureHeadersVariables }
const app = new Hono<Env>()
// Prometheus series by route pattern, served at /metrics (services/platform/metrics.ts, docs/operations.md).
const metrics = createMetrics({
  token: config.METRICS_TOKEN,
  port: config.METRICS_PORT,
  services,
  db: platform.db,
  now: platform.now,
  pageCacheStats: only ? undefined : pageCache.stats,
})
app.use('*', metrics.middleware)
// One JSON line per request, with its id (X-Request-Id, accepted from a proxy or generated).
app.use('*', async (c, next) => {
  const requestId = acceptedRequestId(c.req.header('x-request-id')) ?? randomUUID()
  c.set('requestId', requestId)
  const started = performance.now()
  inFlight++
  try {
    await next()
  } finally {
    inFlight--
    const status = c.res.status
    const line = { reqId: requestId, method: c.req.method, path: c.req.path, status, ms: Math.round((performance.now() - started) * 10) / 10 }
    if (status >= 500) log.error(line, 'request')
    else log.info(line, 'request')
  }
  try {
    c.res.headers.set('X-Request-Id', requestId)
    if (closing) c.res.headers.set('Connection', 'close')
  } catch {
    // Immutable headers (a fetched response): copy it once.
    c.res = new Response(c.res.body, c.res)
    c.res.headers.set('X-Request-Id', requestId)
    if (closing) c.res.headers.set('Connection', 'close')
  }
})
app.onError((error, c) => {
  log.error({ reqId: c.get('requestId'), err: error }, 'unhandled error')
  return c.text('Ocurrió un error inesperado. Intenta nuevamente.', 500)
})

// Liveness: the process answers. Readiness: what it needs answers too (and it is not stopping).
app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }))
app.get('/metrics', metrics.handler)
app.get('/readyz', async (c) => {
  const within = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())])
  const checks: Record<string, Promise<unknown>> = {
    database: within(sql`select 1`.execute(platform.db)),
    storage: within(platform.files.ping()),
    ...(bus.shared ? { redis: within(bus.ping()) } : {}),
  }
  const failed: string[] = []
  await Promise.all(Object.entries(checks).map(([name, check]) => check.catch(() => failed.push(name))))
  if (closing) failed.push('shutting-down')
  const body = { status: failed.length ? 'unavailable' : 'ready', failed: failed.sort() }
  return c.json(body, failed.length ? 503 : 200, { 'Cache-Control': 'no-store' })
})

// Static files of the build, before compression: each is sent as built, in the best of its
// .br / .gz copies (made once by scripts/build-server.ts) the client accepts; nothing static is
// compressed per request. Hashed /assets/* never change; the rest (favicon…) is kept an hour.
if (!dev && !only) {
  const clientDir = path.relative(process.cwd(), path.join(buildDir, 'client'))
  const staticFiles = (cacheControl: string) =>
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (file, c) => {
        c.header('Cache-Control', cacheControl)
        if (fs.existsSync(`${file}.gz`) || fs.existsSync(`${file}.br`)) c.header('Vary', 'Accept-Encoding')
      },
    })
  app.use('/assets/*', staticFiles('public, max-age=31536000, immutable'))
  app.use('*', staticFiles('public, max-age=3600'))
}
app.use('*', compress())

// The page cache's counters, for the bench (scripts/bench/page-cache.ts): only with INTERNAL_SECRET.
app.get('/internal/page-cache', (c) => {
  if (!fromWebTier(c.req.raw.headers, config.INTERNAL_SECRET)) return c.notFound()
  return c.json(pageCache.stats(), 200, { 'Cache-Control': 'no-store' })
})

app.all('/api/*', (c) => services.fetch(forward(c.req.raw, c.req.path.slice('/api'.length) || '/', clientIp(c), c.get('requestId'))))

/** Vite in middleware mode (`--dev`): set once the HTTP server exists, since HMR shares its port. */
let vite: ViteDevServer | undefined
let viteReady: Promise<void> = Promise.resolve()
if (!only) {
  let build: ServerBuild | (() => Promise<ServerBuild>)
  if (dev) {
    build = async () => (await vite!.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    // Vite serves the sources, its client and public/; whatever it does not answer goes on.
    app.use('*', async (c, next) => {
      await viteReady
      const { incoming, outgoing } = c.env as { incoming: IncomingMessage; outgoing: ServerResponse }
      const handled = await new Promise<boolean>((resolve) => {
        outgoing.once('finish', () => resolve(true))
        vite!.middlewares(incoming, outgoing, () => resolve(false))
      })
      if (handled || outgoing.headersSent) return RESPONSE_ALREADY_SENT
      await next()
    })
  } else {
    const serverBuildPath = path.join(buildDir, 'server', 'index.js')
    if (!fs.existsSync(serverBuildPath)) {
      log.fatal('No build found. Run `npm run build` (npm start does it for you).')
      process.exit(1)
    }
    build = (await import(serverBuildPath)) as ServerBuild
  }
  metrics.pageRoutes(build)
  const handler = createRequestHandler(build, dev ? 'development' : config.NODE_ENV === 'production' ? 'production' : 'development')

  // Page actions get bounded bodies, like /api (services/app.ts): 64 KB forms, 12 MB uploads,
  // refused from Content-Length or while streaming, never read whole into memory.
  app.use('*', pageBodyLimit())

  // Security headers on every answer below, the document policy (with its nonce) on pages.
  app.use('*', pageSecurityHeaders({ production: config.NODE_ENV === 'production' }))
  app.use('*', ownPagesOnly())

  app.all('*', async (c) => {
    const request = asAddressed(c.req.raw)
    const nonce = pageNonce(c)
    const acceptEncoding = request.headers.get('accept-encoding')
    // While developing, every page is rendered from the current sources.
    const cacheable = !dev && pageCache.eligible(request)
    if (cacheable) {
      const hit = pageCache.get(request)
      if (hit) return cachedResponse(hit, nonce, acceptEncoding)
    }
    const ip = clientIp(c)
    const requestId = c.get('requestId')
    // The page's reads share one verification of the session's token (services/platform/auth.ts).
    const callServices = inProcessCaller((req, env) => services.fetch(req, env))
    const render = (rendered: Request) =>
      handler(rendered, {
        nonce,
        clientIp: ip,
        requestId,
        writeGeneration: pageCache.generation,
        services: {
          fetch: async (req: Request) => {
            const headers = new Headers(req.headers)
            headers.set(CLIENT_IP_HEADER, ip)
            headers.set('x-request-id', requestId)
            return callServices(new Request(req, { headers }))
          },
        },
      })
    if (!cacheable) return render(request)
    // A cacheable document is rendered once for concurrent misses, uncompressed, kept, then
    // compressed for each client with its own nonce.
    const page = await pageCache.fill(request, nonce, () => render(new Request(request, { headers: withoutHeader(request.headers, 'accept-encoding') })))
    return page instanceof Response ? page : cachedResponse(page, nonce, acceptEncoding)
  })
}

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  log.info(
    { port: info.port, dev, storage: platform.files.kind, database: platform.dialect, sharedCaches: bus.shared },
    `Fleeters ${dev ? '(development, hot reload) ' : ''}listening on http://localhost:${info.port}`,
  )
  // The demo accounts are for a person at a terminal: plain lines.
  if (seeded.demoLogins.length) {
    console.log('Demo logins (password for all: %s):', seeded.demoPassword)
    for (const login of seeded.demoLogins) console.log(`  ${login.role.padEnd(8)} ${login.email}`)
    console.log('  (admin: the first login asks to enrol an authenticator app — scan the QR or type the secret)')
  }
})

if (dev && !only) {
  const { createServer } = await import('vite')
  viteReady = createServer({ server: { middlewareMode: true, hmr: { server: server as HttpServer } }, appType: 'custom' }).then((v) => {
    vite = v
  })
  await viteReady
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (at most
 * SHUTDOWN_TIMEOUT_MS; idle keep-alive connections are closed at once, busy ones after their
 * answer), let the outbox worker finish its current message, close the pools, exit 0.
 */
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  log.info({ signal, inFlight, pageCache: pageCache.stats() }, 'shutting down')
  const http = server as HttpServer
  await vite?.close()
  // Idle keep-alive connections close now; busy ones after their answer (Connection: close).
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  http.closeIdleConnections()
  const timedOut = await Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), config.SHUTDOWN_TIMEOUT_MS).unref())])
  if (timedOut) {
    log.warn({ inFlight }, 'shutdown: connections still open after the timeout; closing them')
    http.closeAllConnections()
    await closed
  }
  await jobs.stop()
  await worker.stop()
  await bus.close()
  await platform.close()
  log.info('stopped')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
