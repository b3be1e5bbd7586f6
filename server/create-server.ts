/**
 * The product's process, composed: the platform (database, files, keys) with its hooks, the
 * outbox worker and the background jobs, the HTTP pipeline (app.ts) and, while developing,
 * Vite. server.ts reads the configuration and calls this; a test can call it in-process.
 */
import type { Server as HttpServer } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { createServicesApp, type ServiceName } from '#services/app'
import { startJobs } from '#services/jobs'
import type { Config } from '#services/platform/config'
import { MigrationError } from '#services/platform/db/connect'
import { countPublicWrites, localInvalidationBus, redisInvalidationBus } from '#services/platform/invalidation'
import { log } from '#services/platform/log'
import { createDeliveryWorker } from '#services/platform/messaging/delivery'
import { createTransports } from '#services/platform/messaging/transports'
import { createMetrics } from '#services/platform/metrics'
import { createPlatform } from '#services/platform/platform'
import { seedAll } from '#services/platform/seed'
import { routeSpans, sqlSpans, traceServiceCalls, type Tracing } from '#services/platform/tracing'
import { createApp } from './app'
import type { ServerEnv, ServerState } from './env'
import { loadPageBuild, NoBuildError } from './pages'

export interface ServerOptions {
  /** `npm run dev`: the pages from the sources through Vite (hot reload), no build. */
  dev?: boolean
  /** Where `react-router build` wrote the client files and the pages' server build. */
  buildDir: string
  /** The only services this process serves (a split deployment); undefined: pages and every service. */
  services?: ServiceName[]
  /** Started by server.ts before this module loaded (OTEL_EXPORTER_OTLP_ENDPOINT): spans are added. */
  tracing?: Tracing
}

export interface FleetersServer {
  app: Hono<ServerEnv>
  /** Listens on config.PORT (0: a free port) and HOST; resolves with the port once it does. */
  start(): Promise<{ port: number }>
  /**
   * The graceful stop: no new connections, the requests in flight answered (at most
   * SHUTDOWN_TIMEOUT_MS), then the jobs, the outbox worker, the caches' bus and the database
   * closed. Called again while stopping, it returns the same stop.
   */
  shutdown(signal: string): Promise<void>
}

/** SERVICES=users,business,general: a services-only process. Unset or empty: pages and services. */
export function servicesOnly(value: string | undefined): ServiceName[] | undefined {
  const listed = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as ServiceName[]
  return listed.length ? listed : undefined
}

/** A start that cannot go on (a half-migrated database, no build) ends with its message, not a trace. */
export function startFailed(error: unknown): never {
  if (error instanceof MigrationError) {
    log.fatal(error.message)
    console.error(`\n${error.message}\n`)
    process.exit(1)
  }
  if (error instanceof NoBuildError) {
    log.fatal(error.message)
    process.exit(1)
  }
  throw error
}

export async function createServer(config: Config, options: ServerOptions): Promise<FleetersServer> {
  const dev = options.dev ?? false
  const only = options.services
  const servesPages = !only
  // The pages' code first: a production start without a build stops before it opens anything.
  const tracing = options.tracing
  const vite = servesPages && dev ? (await import('./vite-dev')).viteDev() : undefined
  const loaded = servesPages && !dev ? await loadPageBuild(options.buildDir) : undefined
  // With tracing, each loader and action is a span of the page's request.
  const build = loaded && tracing ? routeSpans(loaded) : loaded
  const devBuild = vite && tracing ? routeSpans(vite.build) : vite?.build

  /**
   * A write that changes public content, committed by a service on any process, empties every
   * process's caches (Redis pub/sub with REDIS_URL): the services call platform.publicContentChanged.
   */
  const bus = config.REDIS_URL ? await redisInvalidationBus(config.REDIS_URL) : localInvalidationBus()
  // The worker is made once the database is seeded: what the seed queues waits for its first run.
  const outbox: { worker?: ReturnType<typeof createDeliveryWorker> } = {}
  const hooks = { wakeOutbox: () => outbox.worker?.wake(), publicContentChanged: () => bus.publish() }
  const platform = await createPlatform(config, { hooks }).catch(async (error: unknown) => {
    await bus.close()
    throw error
  })
  if (tracing) platform.db = platform.db.withPlugin(sqlSpans(platform.dialect))
  const seeded = await seedAll(platform)

  const transports = createTransports({
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    dataDir: config.dataDir,
    whatsappToken: config.WHATSAPP_TOKEN,
    whatsappPhoneId: config.WHATSAPP_PHONE_ID,
  })
  const outboxLog = (line: string) => log.info({ component: 'outbox' }, line)
  const worker = createDeliveryWorker({ db: platform.db, transports, mailFrom: config.MAIL_FROM, log: outboxLog })
  outbox.worker = worker
  worker.start(config.MAIL_WORKER_INTERVAL_MS)

  const servicesApp = createServicesApp(platform, only)
  const services = tracing ? { fetch: traceServiceCalls(servicesApp) } : servicesApp
  // The background jobs (services/jobs.ts) of the services this process runs.
  const jobs = startJobs(platform, only, (component, line) => log.info({ component }, line))

  /** The backend client's public content from before a public write is stale (app/.server/backend/client.ts). */
  const writeGeneration = countPublicWrites(bus)

  // Prometheus series by route pattern, at /metrics (services/platform/metrics.ts, docs/operations.md).
  const metrics = createMetrics({
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    services: servicesApp,
    db: platform.db,
    now: platform.now,
  })
  if (build) metrics.pageRoutes(build)

  const state: ServerState = { inFlight: 0, closing: false }
  const app = createApp({
    config,
    platform,
    bus,
    state,
    services,
    writeGeneration,
    metrics,
    // Vite serves the files while developing; a services-only process serves none.
    clientDir: build ? path.relative(process.cwd(), path.join(options.buildDir, 'client')) : undefined,
    pages: vite && devBuild ? { build: devBuild, dev, vite: vite.middleware } : build ? { build, dev } : undefined,
    tracing: tracing !== undefined,
  })

  let server: HttpServer | undefined

  async function start(): Promise<{ port: number }> {
    const port = await new Promise<number>((resolve, reject) => {
      const address = { fetch: app.fetch, port: config.PORT, hostname: config.HOST }
      // A port that cannot be had rejects the start; an error after listening is not the start's.
      const listening = serve(address, (info) => {
        listening.off('error', reject)
        resolve(info.port)
      }) as HttpServer
      listening.once('error', reject)
      server = listening
    })
    log.info(
      { port, dev, storage: platform.files.kind, database: platform.dialect, sharedCaches: bus.shared },
      `Fleeters ${dev ? '(development, hot reload) ' : ''}listening on http://localhost:${port}`,
    )
    // The demo accounts are for a person at a terminal: plain lines.
    if (seeded.demoLogins.length) {
      console.log('Demo logins (password for all: %s):', seeded.demoPassword)
      for (const login of seeded.demoLogins) console.log(`  ${login.role.padEnd(8)} ${login.email}`)
      console.log('  (admin: the first login asks to enrol an authenticator app — scan the QR or type the secret)')
    }
    // Vite's hot reload shares the HTTP server's port, so it starts once the server exists.
    if (vite && server) await vite.attach(server)
    return { port }
  }

  async function stop(signal: string): Promise<void> {
    state.closing = true
    log.info({ signal, inFlight: state.inFlight }, 'shutting down')
    await vite?.close()
    const http = server
    if (http) {
      // Idle keep-alive connections close now; busy ones after their answer (Connection: close).
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeIdleConnections()
      let timer: NodeJS.Timeout | undefined
      const waited = config.SHUTDOWN_TIMEOUT_MS
      const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), waited)))
      const timedOut = await Promise.race([closed.then(() => false), timeout])
      clearTimeout(timer)
      if (timedOut) {
        log.warn({ inFlight: state.inFlight }, 'shutdown: connections still open after the timeout; closing them')
        http.closeAllConnections()
        await closed
      }
    }
    await jobs.stop()
    await metrics.close()
    await worker.stop()
    await bus.close()
    await platform.close()
    log.info('stopped')
  }

  let stopping: Promise<void> | undefined
  return {
    app,
    start,
    shutdown: (signal) => (stopping ??= stop(signal)),
  }
}
