import fs from 'node:fs'
import path from 'node:path'
import type { Handler } from 'hono'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { inProcessCaller } from '#services/platform/auth'
import { CLIENT_IP_HEADER } from '#services/platform/client-ip'
import type { Config } from '#services/platform/config'
import type { CheckedBody } from '#services/platform/in-process'
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

export interface PagesOptions {
  /** The compiled build, or (in development) a function that loads the current sources' build. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** While developing every page is rendered from the current sources. */
  dev: boolean
  services: ServicesApp
  /** Counts the public-content writes of every process (countPublicWrites, services/platform/invalidation.ts). */
  writeGeneration: () => number
  config: Pick<Config, 'NODE_ENV' | 'TRUST_PROXY'>
}

/**
 * Everything that is not /api, /healthz, /readyz or a static file: React Router renders it with
 * an `AppLoadContext` (app/context.ts) holding the CSP nonce, the visitor's address, the request
 * id and the services called in-process. Every page is rendered for its request: the public content
 * a page reads is kept by the backend client (app/.server/backend/client.ts) until a public write.
 */
export function pages({ build, dev, services, writeGeneration, config }: PagesOptions): Handler<ServerEnv> {
  const mode = !dev && config.NODE_ENV === 'production' ? 'production' : 'development'
  const handler = createRequestHandler(build, mode)
  return async (c) => {
    const request = asAddressed(c.req.raw)
    const nonce = pageNonce(c)
    const ip = clientIp(c, config.TRUST_PROXY)
    const requestId = c.get('requestId')
    // The page's reads share one verification of the session's token (services/platform/auth.ts).
    const callServices = inProcessCaller((req, env) => services.fetch(req, env))
    return handler(request, {
      nonce,
      clientIp: ip,
      requestId,
      writeGeneration,
      services: {
        // The backend client builds each call's Request for this call alone: its headers are ours to set.
        fetch: (req: Request, checked?: CheckedBody) => {
          req.headers.set(CLIENT_IP_HEADER, ip)
          req.headers.set('x-request-id', requestId)
          return callServices(req, checked)
        },
      },
    })
  }
}
