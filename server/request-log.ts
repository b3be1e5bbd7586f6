import { randomUUID } from 'node:crypto'
import type { ErrorHandler, MiddlewareHandler } from 'hono'
import { acceptedRequestId, log } from '#services/platform/log'
import type { ServerEnv, ServerState } from './env'

/**
 * One JSON line per request, with its id (X-Request-Id, accepted from a proxy or generated) and
 * returned in the answer; counts the requests in flight, and while the process stops each answer
 * says `Connection: close`, so a busy keep-alive connection ends after it.
 */
export function requestLog(state: ServerState): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const requestId = acceptedRequestId(c.req.header('x-request-id')) ?? randomUUID()
    c.set('requestId', requestId)
    const started = performance.now()
    state.inFlight++
    try {
      await next()
    } finally {
      state.inFlight--
      const status = c.res.status
      const ms = Math.round((performance.now() - started) * 10) / 10
      const line = { reqId: requestId, method: c.req.method, path: c.req.path, status, ms }
      if (status >= 500) log.error(line, 'request')
      else log.info(line, 'request')
    }
    try {
      c.res.headers.set('X-Request-Id', requestId)
      if (state.closing) c.res.headers.set('Connection', 'close')
    } catch {
      // Immutable headers (a fetched response): copy it once.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('X-Request-Id', requestId)
      if (state.closing) c.res.headers.set('Connection', 'close')
    }
  }
}

/** An error nothing below caught: logged with the request's id and its stack, a Spanish 500 to the visitor. */
export const unhandledError: ErrorHandler<ServerEnv> = (error, c) => {
  log.error({ reqId: c.get('requestId'), err: error }, 'unhandled error')
  return c.text('Ocurrió un error inesperado. Intenta nuevamente.', 500)
}
