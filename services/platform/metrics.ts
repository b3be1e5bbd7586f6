/**
 * What an operator graphs (docs/operations.md): Prometheus series of the process, read at
 * `GET /metrics` with METRICS_TOKEN, or on METRICS_PORT bound to 127.0.0.1.
 *
 * The request path only adds numbers: each label set's count, sum and bucket counts are found in
 * nested maps keyed by the bounded labels (route pattern, method, status class), so no label
 * object or key string is built per request once a combination has been seen. What costs a
 * query (the outbox backlog, the pool) is read when Prometheus scrapes.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Kysely, LogEvent } from 'kysely'
import { LRUCache } from 'lru-cache'
import type Pg from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { Database } from './db/schema'

export const metricsRegistry = new Registry()

/** Seconds: from a cached page (~1 ms) to a slow render or upload (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Seconds: an indexed read takes well under a millisecond on SQLite. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

/** The numbers of one label set: a count, a sum and a count per bucket (the last is +Inf). */
interface Slot {
  labels: Record<string, string>
  count: number
  sum: number
  buckets: Float64Array
}

/**
 * A histogram (and optionally the matching counter) kept as plain numbers: observing walks the
 * bucket bounds and adds, with nothing allocated; the registry reads the slots when scraped.
 * prom-client's own `observe`/`inc` build a key string from the labels on every call.
 */
interface Described {
  name: string
  help: string
}

function timings(opts: { histogram: Described; counter?: Described; buckets: number[] }) {
  const slots: Slot[] = []
  const bounds = opts.buckets
  const histogram = opts.histogram
  metricsRegistry.registerMetric({
    name: histogram.name,
    help: histogram.help,
    type: 'histogram',
    get: async () => ({
      name: histogram.name,
      help: histogram.help,
      type: 'histogram',
      aggregator: 'sum',
      values: slots.flatMap((slot) => {
        let cumulative = 0
        const lines = bounds.map((le, i) => {
          cumulative += slot.buckets[i]!
          return { metricName: `${histogram.name}_bucket`, labels: { ...slot.labels, le }, value: cumulative }
        })
        const inf = { ...slot.labels, le: '+Inf' as unknown as number }
        lines.push({ metricName: `${histogram.name}_bucket`, labels: inf, value: slot.count })
        return [
          ...lines,
          { metricName: `${histogram.name}_sum`, labels: slot.labels, value: slot.sum },
          { metricName: `${histogram.name}_count`, labels: slot.labels, value: slot.count },
        ]
      }),
    }),
  } as unknown as Metric)
  const counter = opts.counter
  if (counter) {
    metricsRegistry.registerMetric({
      name: counter.name,
      help: counter.help,
      type: 'counter',
      get: async () => ({
        name: counter.name,
        help: counter.help,
        type: 'counter',
        aggregator: 'sum',
        values: slots.map((s) => ({ labels: s.labels, value: s.count })),
      }),
    } as unknown as Metric)
  }
  return {
    slot(labels: Record<string, string>): Slot {
      const slot = { labels, count: 0, sum: 0, buckets: new Float64Array(bounds.length) }
      slots.push(slot)
      return slot
    },
    observe(slot: Slot, seconds: number) {
      slot.count++
      slot.sum += seconds
      for (let i = 0; i < bounds.length; i++) {
        if (seconds <= bounds[i]!) {
          slot.buckets[i]!++
          return
        }
      }
    },
  }
}

const httpTimings = timings({
  counter: {
    name: 'fleeters_http_requests_total',
    help: 'Requests answered, by route pattern, method and status class',
  },
  histogram: {
    name: 'fleeters_http_request_duration_seconds',
    help: 'Time to the response headers, by route pattern, method and status class',
  },
  buckets: LATENCY_BUCKETS,
})
const serviceTimings = timings({
  counter: {
    name: 'fleeters_service_calls_total',
    help: 'Service calls (from pages in this process or over HTTP), by service route pattern, method and status class',
  },
  histogram: {
    name: 'fleeters_service_call_duration_seconds',
    help: 'Duration of service calls, by service route pattern, method and status class',
  },
  buckets: LATENCY_BUCKETS,
})
const queryTimings = timings({
  histogram: {
    name: 'fleeters_db_query_duration_seconds',
    help: 'Duration of database queries, by outcome (ok or error)',
  },
  buckets: QUERY_BUCKETS,
})
const deliveryFailures = new Counter({
  name: 'fleeters_outbox_delivery_failures_total',
  help: 'Failed sends of outbox messages, by channel and outcome (retry: tried again later; failed: given up)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
})
const rateLimitRefusals = new Counter({
  name: 'fleeters_rate_limit_refusals_total',
  help: 'Hits over a rate limit, by limit name (the part of the key before its first colon)',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
})

const queryOk = queryTimings.slot({ outcome: 'ok' })
const queryError = queryTimings.slot({ outcome: 'error' })

/** Kysely's `log` option (both engines): every query's duration. */
export function observeQuery(event: LogEvent): void {
  queryTimings.observe(event.level === 'error' ? queryError : queryOk, event.queryDurationMillis / 1000)
}

/** The delivery worker's failed send (services/platform/messaging/delivery.ts). */
export function countDeliveryFailure(channel: string, givenUp: boolean): void {
  deliveryFailures.inc({ channel: channel === 'email' ? 'email' : 'whatsapp', outcome: givenUp ? 'failed' : 'retry' })
}

/** A rate limiter's hit over its limit (rate-limit.ts, rate-limit-redis.ts). */
export function countRateLimitRefusal(key: string): void {
  const colon = key.indexOf(':')
  rateLimitRefusals.inc({ limit: colon > 0 ? key.slice(0, colon) : key })
}

const pools = new Set<Pg.Pool>()

/** A PostgreSQL pool whose connections are reported while it is open (db/connect.ts). */
export function watchPool(pool: Pg.Pool): () => void {
  pools.add(pool)
  return () => pools.delete(pool)
}

new Gauge({
  name: 'fleeters_db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset()
    if (!pools.size) return
    let total = 0
    let idle = 0
    let waiting = 0
    for (const pool of pools) {
      total += pool.totalCount
      idle += pool.idleCount
      waiting += pool.waitingCount
    }
    this.set({ state: 'total' }, total)
    this.set({ state: 'idle' }, idle)
    this.set({ state: 'waiting' }, waiting)
  },
})

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * The slot of each route → method → status class, made the first time the combination is seen;
 * afterwards a request only walks maps and adds numbers.
 */
function byRequest(series: ReturnType<typeof timings>) {
  const byRoute = new Map<string, Map<string, Array<Slot | undefined>>>()
  return (route: string, rawMethod: string, status: number, seconds: number) => {
    const method = METHODS.has(rawMethod) ? rawMethod : 'OTHER'
    let byMethod = byRoute.get(route)
    if (!byMethod) byRoute.set(route, (byMethod = new Map()))
    let byClass = byMethod.get(method)
    if (!byClass) byMethod.set(method, (byClass = []))
    const index = Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1
    const slot = (byClass[index] ??= series.slot({ route, method, status: STATUS_CLASSES[index]! }))
    series.observe(slot, seconds)
  }
}

const recordServiceCall = byRequest(serviceTimings)
const recordRequest = byRequest(httpTimings)

/** The pattern of the route that answered a Hono request (the last non-middleware match). */
function answeredPattern(c: Context): string | undefined {
  const routes = matchedRoutes(c)
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path
  return undefined
}

/** The services app's outermost middleware (services/app.ts): each call by its route pattern. */
export function serviceCallMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      recordServiceCall(answeredPattern(c) ?? 'other', c.req.method, c.res.status, (performance.now() - started) / 1000)
    }
  }
}

/** Unmatched paths (scanners, typos) share one label, so the series stay bounded. */
const OTHER = 'other'
/** Paths server.ts answers itself, before the pages. */
const OWN_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

type RouterMatch = [Array<[[unknown, { method: string; path: string }], unknown]>, unknown]
/** Hono's router of the services app (`app.router`), as much of it as the label needs. */
export interface ServiceRouter {
  router: { match(method: string, path: string): unknown }
}

/** The page routes of a build as React Router's route objects (the build lists them flat). */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>()
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    const { id, path, index, caseSensitive } = route
    const object = { id, path, index, caseSensitive } as RouteObject
    const siblings = children.get(route.parentId) ?? []
    siblings.push(object)
    children.set(route.parentId, siblings)
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const own = children.get(route.id)
      return own && !route.index ? ({ ...route, children: attach(own) } as RouteObject) : route
    })
  return attach(children.get(undefined) ?? [])
}

export interface MetricsOptions {
  /** METRICS_TOKEN: `Authorization: Bearer <token>` opens /metrics on the product's port. */
  token?: string
  /** METRICS_PORT: /metrics without a token on 127.0.0.1:<port>. */
  port?: number
  services: ServiceRouter
  db: Kysely<Database>
  now(): Date
}

let defaultsStarted = false
const SCRAPED = [
  'fleeters_outbox_pending',
  'fleeters_outbox_oldest_pending_age_seconds',
  'fleeters_outbox_failed',
  'fleeters_job_consecutive_failures',
  'fleeters_job_seconds_since_success',
]

/**
 * The process's metrics: the request middleware (route pattern labels), the /metrics handler,
 * and, with METRICS_PORT, a listener of its own on 127.0.0.1. `pageRoutes(build)` names pages by
 * the React Router route their URL matched; before it (or in development) pages are `other`.
 */
export function createMetrics(opts: MetricsOptions) {
  if (!defaultsStarted) {
    defaultsStarted = true
    // Node's own: CPU, memory, handles, GC, and the event loop's lag (sampled every 10 ms).
    collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 })
  }
  // The scrape-time series read this process's sources; made again, they replace the earlier ones.
  for (const name of SCRAPED) metricsRegistry.removeSingleMetric(name)
  let pages: RouteObject[] | undefined
  // Page labels by path: a path seen before costs one lookup; the labels stay the route patterns.
  const pageLabels = new LRUCache<string, string>({ max: 5000 })

  function pageLabel(path: string): string {
    const cached = pageLabels.get(path)
    if (cached !== undefined) return cached
    if (!pages) return OTHER
    // React Router's data requests (single fetch) ask `<page>.data`: the same route, labelled apart.
    const data = path.endsWith('.data')
    const pagePath = data ? path.slice(0, -'.data'.length).replace(/\/_root$/, '/') || '/' : path
    const matches = matchRoutes(pages, pagePath)
    let label = OTHER
    if (matches?.length) {
      const segments = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p))
      label = `/${segments.join('/')}`.replace(/\/+/g, '/') + (data ? '.data' : '')
    }
    pageLabels.set(path, label)
    return label
  }

  function apiLabel(method: string, path: string): string {
    const sub = path.slice('/api'.length) || '/'
    const [matched] = opts.services.router.match(method === 'HEAD' ? 'GET' : method, sub) as RouterMatch
    for (let i = matched.length - 1; i >= 0; i--) {
      const route = matched[i]![0][1]
      if (route.method !== 'ALL') return `/api${route.path}`
    }
    return OTHER
  }

  function routeLabel(method: string, path: string): string {
    if (path === '/api' || path.startsWith('/api/')) return apiLabel(method, path)
    if (OWN_PATHS.has(path)) return path
    if (path.startsWith('/assets/')) return '/assets/*'
    return pageLabel(path)
  }

  const tokenHash = opts.token ? createHash('sha256').update(opts.token).digest() : undefined
  function tokenAccepted(authorization: string | undefined): boolean {
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
    if (!given || !tokenHash) return false
    return timingSafeEqual(createHash('sha256').update(given).digest(), tokenHash)
  }

  new Gauge({
    name: 'fleeters_outbox_pending',
    help: 'Outbox messages waiting to be sent (pending), at scrape time',
    registers: [metricsRegistry],
    async collect() {
      // A database that does not answer makes these three NaN (unknown) instead of failing the
      // scrape: the other series are what an operator needs most during an outage.
      const unknown = { pending: NaN, oldestAgeSeconds: NaN, failed: NaN }
      const backlog = await outboxBacklog(opts.db, opts.now()).catch(() => unknown)
      this.set(backlog.pending)
      oldest.set(backlog.oldestAgeSeconds)
      failed.set(backlog.failed)
    },
  })
  const oldest = new Gauge({
    name: 'fleeters_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending outbox message (0 when none), at scrape time',
    registers: [metricsRegistry],
  })
  const failed = new Gauge({
    name: 'fleeters_outbox_failed',
    help: 'Outbox messages given up after their last attempt, waiting for an operator («Reintentar»)',
    registers: [metricsRegistry],
  })
  // The periodic jobs (services/platform/scheduler.ts), from their rows: a job failing again and
  // again, or one whose last success is old, is what an alert watches (docs/operations.md).
  new Gauge({
    name: 'fleeters_job_consecutive_failures',
    help: 'Failed runs in a row of each periodic job (0 after a success), at scrape time',
    labelNames: ['job'],
    registers: [metricsRegistry],
    async collect() {
      const rows = await opts.db
        .selectFrom('scheduled_jobs')
        .select(['name', 'consecutive_failures', 'last_success_at'])
        .execute()
        .catch(() => [])
      this.reset()
      sinceSuccess.reset()
      const now = opts.now().getTime()
      for (const row of rows) {
        this.set({ job: row.name }, row.consecutive_failures)
        if (row.last_success_at) sinceSuccess.set({ job: row.name }, (now - Date.parse(row.last_success_at)) / 1000)
      }
    },
  })
  const sinceSuccess = new Gauge({
    name: 'fleeters_job_seconds_since_success',
    help: 'Seconds since each periodic job last ran without failing (absent before its first success)',
    labelNames: ['job'],
    registers: [metricsRegistry],
  })

  async function scrape(): Promise<Response> {
    const body = await metricsRegistry.metrics()
    return new Response(body, { headers: { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' } })
  }

  let portServer: Server | undefined
  if (opts.port !== undefined) {
    portServer = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end()
        return
      }
      const headers = { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' }
      metricsRegistry.metrics().then(
        (body) => res.writeHead(200, headers).end(body),
        () => res.writeHead(500).end(),
      )
    })
    // Only this machine (a Prometheus agent or a sidecar beside the process) reaches it.
    portServer.listen(opts.port, '127.0.0.1')
  }

  return {
    /** Counts and times every request by route pattern; mount it first, so it times the rest. */
    middleware: (async (c, next) => {
      const started = performance.now()
      try {
        await next()
      } finally {
        const seconds = (performance.now() - started) / 1000
        recordRequest(routeLabel(c.req.method, c.req.path), c.req.method, c.res.status, seconds)
      }
    }) as MiddlewareHandler,
    /** GET /metrics on the product's port: 404 without METRICS_TOKEN, 401 without the right bearer token. */
    handler: (async (c) => {
      if (!tokenHash) return c.notFound()
      if (!tokenAccepted(c.req.header('authorization'))) {
        const headers = { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' }
        return c.json({ message: 'Falta el token de métricas o no es válido.' }, 401, headers)
      }
      return scrape()
    }) as (c: Context) => Promise<Response>,
    pageRoutes(build: ServerBuild | (() => unknown)) {
      if (typeof build === 'function') return
      pages = routeTree(build)
      pageLabels.clear()
    },
    routeLabel,
    /** The port the metrics listener is bound to (METRICS_PORT 0 picks a free one). */
    port: () => {
      const address = portServer?.address()
      return address && typeof address === 'object' ? address.port : undefined
    },
    close: () => new Promise<void>((resolve) => (portServer ? portServer.close(() => resolve()) : resolve())),
  }
}

export interface OutboxBacklog {
  pending: number
  oldestAgeSeconds: number
  failed: number
}

/**
 * The outbox's backlog: pending messages and the age of the oldest, and the ones given up.
 * Both counts walk `outbox_status_created_idx` (status, created_at), not the sent rows.
 */
export async function outboxBacklog(db: Kysely<Database>, now: Date): Promise<OutboxBacklog> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute()
  const pending = rows.find((r) => r.status === 'pending')
  const failedRow = rows.find((r) => r.status === 'failed')
  const oldestAt = pending?.oldest ? Date.parse(String(pending.oldest)) : NaN
  return {
    pending: Number(pending?.n ?? 0),
    oldestAgeSeconds: Number.isNaN(oldestAt) ? 0 : Math.max(0, Math.round((now.getTime() - oldestAt) / 1000)),
    failed: Number(failedRow?.n ?? 0),
  }
}
