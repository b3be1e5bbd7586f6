import type { Handler } from 'hono'
import { CLIENT_IP_HEADER, fromWebTier } from '#services/platform/client-ip'
import type { Config } from '#services/platform/config'
import { clientIp } from './client-address'
import type { ServerEnv } from './env'

/** The services as this process calls them: the services app's fetch, or the same wrapped in trace spans. */
export interface ServicesApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>
}

interface Forwarding {
  /** The services' own path: the request's without /api. */
  pathname: string
  /** The visitor's address as this process sees it (client-address.ts). */
  ip: string
  requestId: string
  internalSecret: string | undefined
}

/**
 * Re-issue a request to the services with the client's real address (never a header it sent).
 * A services-only process of a split deployment believes the address our web tier forwards,
 * and only when the call carries INTERNAL_SECRET.
 */
export function forward(request: Request, to: Forwarding): Request {
  const url = new URL(request.url)
  url.pathname = to.pathname
  const headers = new Headers(request.headers)
  const forwarded = request.headers.get(CLIENT_IP_HEADER)
  headers.set(CLIENT_IP_HEADER, forwarded && fromWebTier(request.headers, to.internalSecret) ? forwarded : to.ip)
  headers.delete('x-fleeters-internal')
  headers.set('x-request-id', to.requestId)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const init = { method: request.method, headers, body: hasBody ? request.body : null, duplex: 'half' }
  return new Request(url, init as RequestInit)
}

type ForwardingConfig = Pick<Config, 'TRUST_PROXY' | 'INTERNAL_SECRET'>

/** `/api/*`: the services this process runs, at their spec §7 paths (without the prefix). */
export function forwardToServices(services: ServicesApp, config: ForwardingConfig): Handler<ServerEnv> {
  return (c) => {
    const forwarded = forward(c.req.raw, {
      pathname: c.req.path.slice('/api'.length) || '/',
      ip: clientIp(c, config.TRUST_PROXY),
      requestId: c.get('requestId'),
      internalSecret: config.INTERNAL_SECRET,
    })
    return services.fetch(forwarded)
  }
}
