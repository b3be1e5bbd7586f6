import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { pageBodyLimit } from '#app/.server/body-limit'
import type { Config } from '#services/platform/config'
import type { InvalidationBus } from '#services/platform/invalidation'
import type { createMetrics } from '#services/platform/metrics'
import type { Platform } from '#services/platform/platform'
import { pageSecurityHeaders } from '#services/platform/security-headers'
import { traceRequests } from '#services/platform/tracing'
import { forwardToServices, type ServicesApp } from './api'
import type { ServerEnv, ServerState } from './env'
import { liveness, readiness } from './health'
import { ownPagesOnly } from './own-pages-only'
import { pages, type PagesOptions } from './pages'
import { requestLog, unhandledError } from './request-log'
import { IMMUTABLE, ONE_HOUR, publicFilePatterns, staticFiles } from './static-files'

export interface AppParts {
  config: Config
  platform: Platform
  bus: InvalidationBus
  state: ServerState
  services: ServicesApp
  /** Counts the public-content writes of every process (countPublicWrites, services/platform/invalidation.ts). */
  writeGeneration: () => number
  /** Prometheus series of every request, and /metrics (closed without METRICS_TOKEN). */
  metrics: Pick<ReturnType<typeof createMetrics>, 'middleware' | 'handler'>
  /** The client build's folder, relative to the working folder, when this process serves it. */
  clientDir?: string
  /** The pages, when this process serves them (not a services-only process). */
  pages?: Pick<PagesOptions, 'build' | 'dev'> & {
    /** In development, Vite answers what it serves (sources, its client, public/) before the pages. */
    vite?: MiddlewareHandler
  }
  /** Each request is the root span of its trace (OTEL_EXPORTER_OTLP_ENDPOINT). */
  tracing?: boolean
}

/**
 * The HTTP pipeline, in the order a request meets it. Each line is one piece; a new middleware
 * goes where it must see the request (above the static files to see every request, below
 * compress() to have its answer compressed, …).
 */
export function createApp(parts: AppParts): Hono<ServerEnv> {
  const { config, state, writeGeneration } = parts
  const app = new Hono<ServerEnv>()
  // First, so it times all the rest.
  app.use('*', parts.metrics.middleware)
  app.use('*', requestLog(state))
  if (parts.tracing) app.use('*', traceRequests())
  app.onError(unhandledError)

  app.get('/healthz', liveness)
  app.get('/metrics', parts.metrics.handler)
  app.get('/readyz', readiness(parts))

  // Static files before compression: each is sent as built, pre-compressed (static-files.ts).
  if (parts.clientDir) {
    app.use('/assets/*', staticFiles(parts.clientDir, IMMUTABLE))
    const publicFiles = staticFiles(parts.clientDir, ONE_HOUR)
    for (const pattern of publicFilePatterns(parts.clientDir)) app.use(pattern, publicFiles)
  }
  app.use('*', compress())

  app.all('/api/*', forwardToServices(parts.services, config))

  if (parts.pages) {
    if (parts.pages.vite) app.use('*', parts.pages.vite)
    // Page actions get bounded bodies, like /api (services/app.ts): 64 KB forms, 12 MB uploads,
    // refused from Content-Length or while streaming, never read whole into memory.
    app.use('*', pageBodyLimit())
    // Security headers on every answer below, the document policy (with its nonce) on pages.
    app.use('*', pageSecurityHeaders({ production: config.NODE_ENV === 'production' }))
    app.use('*', ownPagesOnly())
    app.all('*', pages({ ...parts.pages, services: parts.services, writeGeneration, config }))
  }
  return app
}
