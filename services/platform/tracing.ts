/**
 * OpenTelemetry traces, only when asked for (OTEL_EXPORTER_OTLP_ENDPOINT). A request is one
 * trace: the page request (HTTP server) → its React Router loaders and actions → each in-process
 * call to the services → each SQL query, with the request id (X-Request-Id) on the request's span
 * and on every service call.
 *
 * This file imports nothing of the SDK at the top: only `@opentelemetry/api`, whose tracer is a
 * no-op until `startTracing()` registers a provider. The SDK, the exporter and the
 * instrumentations are loaded inside `startTracing()`, so a process without the variable never
 * loads them. The pieces below are mounted by the server composition only when tracing is on;
 * when it is off they are not in the request's path at all.
 */
import { createRequire } from 'node:module'
import { context, createContextKey, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { Attributes, Span } from '@opentelemetry/api'
import type { SpanExporter } from '@opentelemetry/sdk-trace'
import type { MiddlewareHandler } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'
import type { KyselyPlugin, RootOperationNode } from 'kysely'
import type { ServerBuild } from 'react-router'

/** The one tracer of our own spans; the instrumentations have theirs. */
const tracer = () => trace.getTracer('fleeters')

/** The attribute that carries X-Request-Id, the id of the process's log lines (services/platform/log.ts). */
export const REQUEST_ID_ATTRIBUTE = 'fleeters.request_id'

/** Tracing is asked for: an OTLP endpoint is configured (all of traces, or traces alone). */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
}

export interface TracingOptions {
  /** Where spans go: the OTLP HTTP exporter (endpoint from the OTEL_* variables) unless given (tests). */
  exporter?: SpanExporter
  /** `service.name` of the resource: OTEL_SERVICE_NAME, else `fleeters`. */
  serviceName?: string
  /** The HTTP, undici (fetch) and pg instrumentations; on unless false (tests of our own spans). */
  instrumentations?: boolean
}

export interface Tracing {
  /** Sends what is still buffered and stops tracing (at shutdown, before the process exits). */
  shutdown(): Promise<void>
  /** Sends what is buffered now. */
  flush(): Promise<void>
}

/** Paths whose requests are not worth a trace: probes and hashed static files. */
const UNTRACED_PATHS = /^\/(healthz|readyz|assets\/|favicon)/

/**
 * Registers the SDK: a tracer provider with a batching OTLP HTTP exporter (or the injected
 * exporter, sent span by span), the W3C trace-context propagator and async context, and the
 * instrumentations that see what our own spans cannot: incoming HTTP requests (the root span,
 * with the caller's traceparent), outgoing fetch (undici: a split deployment's calls to remote
 * services carry the trace on) and pg (pool waits and queries as the driver sees them).
 *
 * Run it before server.ts imports the rest: pg is loaded with `require` when the database opens
 * (services/platform/db/connect.ts), which the pg instrumentation's require hook sees; `node:http`
 * patches the shared `Server.prototype`, so the server created later is traced whoever imports
 * it; undici reports through diagnostics_channel, which needs no hook. The server build keeps
 * node_modules external (scripts/build-server.ts), so none of them is bundled out of reach.
 */
export async function startTracing(options: TracingOptions = {}): Promise<Tracing> {
  const { TracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace')
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks')
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core')
  const resources = await import('@opentelemetry/resources')
  const exporter = options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter()
  const serviceName = options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'fleeters'
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': serviceName }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
  // An injected exporter (tests) gets each span as it ends; the OTLP one gets batches.
  const processor = options.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })
  const provider = new TracerProvider({ resource, spanProcessors: [processor] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(provider)

  let disable = () => {}
  if (options.instrumentations !== false) {
    const { registerInstrumentations } = await import('@opentelemetry/instrumentation')
    const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http')
    const { UndiciInstrumentation } = await import('@opentelemetry/instrumentation-undici')
    const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg')
    disable = registerInstrumentations({
      tracerProvider: provider,
      instrumentations: [
        new HttpInstrumentation({
          ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
          // Outgoing node:http requests of the process itself (the exporter's, S3's) start no trace.
          requireParentforOutgoingSpans: true,
        }),
        new UndiciInstrumentation({ requireParentforSpans: true }),
        // A query outside any request (the outbox worker's polling, jobs) starts no trace.
        new PgInstrumentation({ requireParentSpan: true }),
      ],
    })
    // The require hook patches a module when it is required: requiring node:http and node:https
    // here patches them now (the instrumentation wraps the shared `Server.prototype.emit`), since
    // the server imports them as ES modules, which that hook does not see.
    const require = createRequire(import.meta.url)
    require('node:http')
    require('node:https')
  }
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      disable()
      await provider.shutdown()
      trace.disable()
      propagation.disable()
      context.disable()
    },
  }
}

/** Ends `span` with the answer's status: a 5xx is an error, anything else is the caller's business. */
function endWithStatus(span: Span, status: number) {
  span.setAttribute('http.response.status_code', status)
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
  span.end()
}

function endWithError(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: SpanStatusCode.ERROR })
  span.end()
}

/** The page request being traced, in its context: React Router's route pattern names it (routeSpans). */
interface TracedRequest {
  method: string
  pattern?: string
  /** The first service route the request called: names a request forwarded to the services (/api/*). */
  serviceRoute?: string
}
const TRACED_REQUEST = createContextKey('fleeters.traced_request')

/**
 * Hono middleware, mounted after the one that sets `requestId`: the request's root span. With the
 * HTTP instrumentation the span exists already (it also read the caller's traceparent): it gets the
 * request id and a name. Without it (a test, or a server the instrumentation could not patch) the
 * middleware starts it itself, as the child of the caller's W3C traceparent when one is sent.
 */
export function traceRequests(): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    // The HTTP instrumentation leaves probes and static files out; so does this.
    if (UNTRACED_PATHS.test(c.req.path)) return next()
    const method = c.req.method
    const attributes: Attributes = {
      [REQUEST_ID_ATTRIBUTE]: c.get('requestId'),
      'http.request.method': method,
      'url.path': c.req.path,
    }
    const seen: TracedRequest = { method }
    const active = trace.getActiveSpan()
    if (active?.isRecording()) {
      active.setAttributes(attributes)
      await context.with(context.active().setValue(TRACED_REQUEST, seen), next)
      nameRequestSpan(active, seen, c.req.routePath)
      return
    }
    const parent = propagation.extract(context.active(), c.req.raw.headers, headerGetter)
    const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes }, parent)
    try {
      await context.with(trace.setSpan(parent, span).setValue(TRACED_REQUEST, seen), next)
    } catch (error) {
      endWithError(span, error)
      throw error
    }
    nameRequestSpan(span, seen, c.req.routePath)
    endWithStatus(span, c.res.status)
  }
}

const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
}

/**
 * `GET /user/dashboard/home`: by the route pattern, never the raw path. React Router's for a page;
 * for a request forwarded whole to the services (`/api/*`), the mount and the service route
 * (`/api/openapi.json`); else Hono's own route.
 */
function nameRequestSpan(span: Span, seen: TracedRequest, honoRoute: string) {
  const mount = honoRoute.endsWith('/*') ? honoRoute.slice(0, -2) : undefined
  const forwarded = mount !== undefined && seen.serviceRoute ? `${mount}${seen.serviceRoute}` : undefined
  const route = seen.pattern ?? forwarded ?? (honoRoute.includes('*') ? undefined : honoRoute)
  if (route) {
    span.setAttribute('http.route', route)
    span.updateName(`${seen.method} ${route}`)
  }
}

interface ServicesApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>
  routes: { method: string; path: string }[]
}

/**
 * The services app's `fetch` wrapped in one span per call, named by the service route that
 * answers it (`GET /users/drivers/:id`; ids and tokens of the path never become the name), with
 * the request id the web tier sends along (x-request-id). The handler runs inside the span, so its
 * queries are its children.
 */
export function traceServiceCalls(app: ServicesApp): (request: Request, env?: unknown) => Promise<Response> {
  const router = new TrieRouter<string>()
  // Middleware (`use`, `ALL *`) would match every call: only the declared routes name a span.
  for (const route of app.routes) if (route.method !== 'ALL') router.add(route.method, route.path, route.path)
  const routeOf = (method: string, pathname: string) => {
    const [matches] = router.match(method === 'HEAD' ? 'GET' : method, pathname)
    return matches[0]?.[0]
  }
  return async (request, env) => {
    const pathname = new URL(request.url).pathname
    const route = routeOf(request.method, pathname)
    const seen = context.active().getValue(TRACED_REQUEST) as TracedRequest | undefined
    if (seen && route) seen.serviceRoute ??= route
    const attributes: Attributes = { 'http.request.method': request.method, 'http.route': route ?? 'desconocida' }
    const requestId = request.headers.get('x-request-id')
    if (requestId) attributes[REQUEST_ID_ATTRIBUTE] = requestId
    const name = `servicio ${request.method} ${route ?? '(sin ruta)'}`
    return tracer().startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
      try {
        const response = await app.fetch(request, env)
        endWithStatus(span, response.status)
        return response
      } catch (error) {
        endWithError(span, error)
        throw error
      }
    })
  }
}

/**
 * The server build with React Router's instrumentation API on its entry: one span per loader and
 * action (and route middleware), named by the route (`loader routes/user/home`), its URL pattern
 * as an attribute. The deepest route's pattern names the page request's span. React Router reports
 * a thrown response (a redirect, a 404) as a success and an exception as an error. Only the
 * composition calls it, and only when tracing is on: otherwise the build is used as it is. The
 * development server's build (a function of Vite's) is wrapped the same way.
 */
export function routeSpans<B extends ServerBuild | (() => Promise<ServerBuild>)>(build: B): B {
  if (typeof build === 'function') return (async () => routeSpans(await build())) as B
  type Outcome = { status: string; error?: unknown }
  type Info = { pattern: string; request: { method: string } }
  const handlerSpan = (kind: string, routeId: string) => async (handler: () => Promise<Outcome>, info: Info) => {
    // React Router's patterns are relative (`user/dashboard/home`); http.route is absolute.
    const pattern = info.pattern.startsWith('/') ? info.pattern : `/${info.pattern}`
    const seen = context.active().getValue(TRACED_REQUEST) as TracedRequest | undefined
    const deeper = !seen?.pattern || pattern.length >= seen.pattern.length
    if (seen && kind !== 'middleware' && deeper) seen.pattern = pattern
    const attributes = {
      'react_router.route.id': routeId,
      'react_router.route.pattern': pattern,
      'http.request.method': info.request.method,
    }
    await tracer().startActiveSpan(`${kind} ${routeId}`, { attributes }, async (span) => {
      const { status, error } = await handler()
      if (status === 'error') endWithError(span, error)
      else span.end()
    })
  }
  type Handlers = Record<'loader' | 'action' | 'middleware', ReturnType<typeof handlerSpan>>
  const instrumentation = {
    route: (route: { id: string; instrument(handlers: Handlers): void }) =>
      route.instrument({
        loader: handlerSpan('loader', route.id),
        action: handlerSpan('action', route.id),
        middleware: handlerSpan('middleware', route.id),
      }),
  }
  const entry = build.entry.module as ServerBuild['entry']['module'] & { instrumentations?: unknown[] }
  const instrumented = { ...entry, instrumentations: [...(entry.instrumentations ?? []), instrumentation] }
  return { ...build, entry: { ...build.entry, module: instrumented } } as B
}

/** What a query does and to which table, from Kysely's tree: never its SQL text or its values. */
export function describeQuery(node: RootOperationNode): { operation: string; table?: string } {
  type Named = { kind?: string; node?: Named; table?: { identifier?: { name?: string } } } | undefined
  const tableOf = (n: unknown): string | undefined => {
    const target = (n as Named)?.kind === 'AliasNode' ? (n as Named)?.node : (n as Named)
    return target?.kind === 'TableNode' ? target.table?.identifier?.name : undefined
  }
  switch (node.kind) {
    case 'SelectQueryNode':
      return { operation: 'SELECT', table: tableOf(node.from?.froms[0]) }
    case 'InsertQueryNode':
      return { operation: 'INSERT', table: tableOf(node.into) }
    case 'UpdateQueryNode':
      return { operation: 'UPDATE', table: tableOf(node.table) }
    case 'DeleteQueryNode':
      return { operation: 'DELETE', table: tableOf(node.from.froms[0]) }
    case 'MergeQueryNode':
      return { operation: 'MERGE', table: tableOf(node.into) }
    case 'RawNode': {
      // A `sql` template: its first keyword (WITH, SELECT, PRAGMA…); its text holds no values.
      const keyword = /^\s*([A-Za-z]+)/.exec(node.sqlFragments[0] ?? '')?.[1]
      return { operation: keyword ? keyword.toUpperCase() : 'SQL' }
    }
    default:
      // Schema changes (migrations): CreateTableNode → CREATE TABLE.
      return {
        operation: node.kind
          .replace(/Node$/, '')
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toUpperCase(),
      }
  }
}

/**
 * A Kysely plugin (`db.withPlugin(sqlSpans(dialect))`): one span per query, from its compilation to
 * its result, named `SELECT job_postings` with the operation and the table as attributes, never
 * the parameters. A query outside any trace (jobs, the outbox worker) opens no span. A query that
 * fails never reaches `transformResult`: its span is dropped unended (so not exported), and the
 * service call above it carries the error.
 */
export function sqlSpans(dialect: 'sqlite' | 'postgres'): KyselyPlugin {
  const open = new WeakMap<object, Span>()
  const system = dialect === 'postgres' ? 'postgresql' : 'sqlite'
  return {
    transformQuery({ node, queryId }) {
      if (!trace.getActiveSpan()) return node
      const { operation, table } = describeQuery(node)
      const attributes: Attributes = { 'db.system.name': system, 'db.operation.name': operation }
      if (table) attributes['db.collection.name'] = table
      const name = table ? `${operation} ${table}` : operation
      open.set(queryId, tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes }))
      return node
    },
    async transformResult({ result, queryId }) {
      const span = open.get(queryId)
      if (span) {
        open.delete(queryId)
        span.setAttribute('db.response.returned_rows', result.rows.length)
        span.end()
      }
      return result
    },
  }
}
