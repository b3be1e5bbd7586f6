import fs from 'node:fs'
import path from 'node:path'
import type { Handler } from 'hono'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { cachedResponse, type PageCache } from '#app/.server/page-cache'
import { inProcessCaller } from '#services/platform/auth'
import { CLIENT_IP_HEADER, fromWebTier } from '#services/platform/client-ip'
import type { Config } from '#services/platform/config'
import { pageNonce } from '#services/platform/security-headers'
import type { ServicesApp } from './api'
import { clientIp } from './client-address'
import type { ServerEnv } from './env'

/** A production start without `react-router build`'s output: the process cannot serve pages. */
export class NoBuildError extends Error {
  constructor() {
    super('No build found. Run `npm run build` (npm start does it for you).')
  }
}

/** React Router's server build of the pages (`buildDir`/server/index.js), compiled by `react-router build`. */
export async function loadPageBuild(buildDir: string): Promise<ServerBuild> {
  const serverBuildPath = path.join(buildDir, 'server', 'index.js')
  if (!fs.existsSync(serverBuildPath)) throw new NoBuildError()
  return (await import(serverBuildPath)) as ServerBuild
}

/**
 * The page request as the browser addressed it. Behind a TLS proxy our URL is http: while the
 * browser's Origin is https: on the same host (ownPagesOnly has checked the host): React Router
 * refuses an action whose Origin does not match the request's URL ("Aborting the action"), so
 * every form would fail with 400 in production. The scheme follows the Origin then; nothing else
 * changes, and a GET or a request without Origin is passed on as it is.
 */
export function asAddressed(request: Request): Request {
  const origin = URL.parse(request.headers.get('origin') ?? '')
  const url = new URL(request.url)
  if (!origin || origin.host !== url.host || origin.protocol === url.protocol) return request
  url.protocol = origin.protocol
  const { method, headers, signal } = request
  const body = method !== 'GET' && method !== 'HEAD' ? request.body : null
  return new Request(url, { method, headers, body, duplex: 'half', signal } as RequestInit)
}

function withoutHeader(headers: Headers, name: string): Headers {
  const copy = new Headers(headers)
  copy.delete(name)
  return copy
}

export interface PagesOptions {
  /** The compiled build, or (in development) a function that loads the current sources' build. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** While developing every page is rendered from the current sources: no page cache. */
  dev: boolean
  services: ServicesApp
  pageCache: PageCache
  config: Pick<Config, 'NODE_ENV' | 'TRUST_PROXY'>
}

/**
 * Everything that is not /api, /healthz, /readyz or a static file: React Router renders it with
 * an `AppLoadContext` (app/context.ts) holding the CSP nonce, the visitor's address, the request
 * id and the services called in-process. Anonymous views of the public content pages come from
 * the page cache (app/.server/page-cache.ts).
 */
export function pages({ build, dev, services, pageCache, config }: PagesOptions): Handler<ServerEnv> {
  const mode = !dev && config.NODE_ENV === 'production' ? 'production' : 'development'
  const handler = createRequestHandler(build, mode)
  return async (c) => {
    const request = asAddressed(c.req.raw)
    const nonce = pageNonce(c)
    const acceptEncoding = request.headers.get('accept-encoding')
    const cacheable = !dev && pageCache.eligible(request)
    if (cacheable) {
      const hit = pageCache.get(request)
      if (hit) return cachedResponse(hit, nonce, acceptEncoding)
    }
    const ip = clientIp(c, config.TRUST_PROXY)
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
    const identity = withoutHeader(request.headers, 'accept-encoding')
    const uncompressed = () => render(new Request(request, { headers: identity }))
    const page = await pageCache.fill(request, nonce, uncompressed)
    return page instanceof Response ? page : cachedResponse(page, nonce, acceptEncoding)
  }
}

/** The page cache's counters, for the bench (scripts/bench/page-cache.ts): only with INTERNAL_SECRET. */
export function pageCacheStats(pageCache: PageCache, internalSecret: string | undefined): Handler<ServerEnv> {
  return (c) => {
    if (!fromWebTier(c.req.raw.headers, internalSecret)) return c.notFound()
    return c.json(pageCache.stats(), 200, { 'Cache-Control': 'no-store' })
  }
}
