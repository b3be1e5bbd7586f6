/**
 * The server: one Node process serving hashed assets, the three services under /api and the
 * React Router app for everything else. `npm start` builds the app, then runs this; `npm run dev`
 * runs it with `--dev`: the app straight from the sources through Vite (hot reload), no build.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { serve } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { pageBodyLimit } from './app/.server/body-limit'
import { cachedResponse, createPageCache } from './app/.server/page-cache'
import { createServicesApp, type ServiceName } from './services/app'
import { CLIENT_IP_HEADER } from './services/platform/auth'
import { loadConfig } from './services/platform/config'
import { createDeliveryWorker } from './services/platform/messaging/delivery'
import { createTransports } from './services/platform/messaging/transports'
import { createPlatform } from './services/platform/platform'
import { seedAll } from './services/platform/seed'
import { securityHeaders } from './services/platform/security-headers'

const root = path.dirname(fileURLToPath(import.meta.url))
const dev = process.argv.includes('--dev')
const config = loadConfig()
const platform = await createPlatform(config)
const seeded = await seedAll(platform)

const transports = createTransports({
  smtpUrl: config.SMTP_URL,
  mailFrom: config.MAIL_FROM,
  dataDir: config.dataDir,
  whatsappToken: config.WHATSAPP_TOKEN,
  whatsappPhoneId: config.WHATSAPP_PHONE_ID,
})
const worker = createDeliveryWorker({ db: platform.db, transports, mailFrom: config.MAIL_FROM, log: (line: string) => console.log(`[outbox] ${line}`) })
platform.wakeOutbox = () => worker.wake()
worker.start(config.MAIL_WORKER_INTERVAL_MS)

const only = process.env.SERVICES?.split(',').map((s) => s.trim()).filter(Boolean) as ServiceName[] | undefined
const services = createServicesApp(platform, only)

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

function withoutHeader(headers: Headers, name: string): Headers {
  const copy = new Headers(headers)
  copy.delete(name)
  return copy
}

/** Re-issue a request to the services with the client's real address (never a header it sent). */
function forward(request: Request, pathname: string, ip: string): Request {
  const url = new URL(request.url)
  url.pathname = pathname
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP_HEADER, ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, { method: request.method, headers, body: hasBody ? request.body : null, duplex: 'half' } as RequestInit)
}

/** Anonymous views of the public content pages, reused for 10 s (app/.server/page-cache.ts). */
const pageCache = createPageCache({ paths: ['/', '/preguntas-frecuentes', '/terminos-condiciones'], ttlMs: 10_000 })

const app = new Hono()
app.use('*', compress())
// Any write may change what the cached pages and cached public content show.
app.use('*', async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') pageCache.invalidate()
  await next()
})

app.all('/api/*', (c) => services.fetch(forward(c.req.raw, c.req.path.slice('/api'.length) || '/', clientIp(c))))

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
/** Vite in middleware mode (`--dev`): set once the HTTP server exists, since HMR shares its port. */
let vite: import('vite').ViteDevServer | undefined
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
      console.error('No build found. Run `npm run build` (npm start does it for you).')
      process.exit(1)
    }
    build = (await import(serverBuildPath)) as ServerBuild
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), path.join(buildDir, 'client')),
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    app.use(
      '*',
      serveStatic({
        root: path.relative(process.cwd(), path.join(buildDir, 'client')),
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600'),
      }),
    )
  }
  const handler = createRequestHandler(build, dev ? 'development' : config.NODE_ENV === 'production' ? 'production' : 'development')

  // Page actions get bounded bodies, like /api (services/app.ts): 64 KB forms, 12 MB uploads,
  // refused from Content-Length or while streaming, never read whole into memory.
  app.use('*', pageBodyLimit())

  app.all('*', async (c) => {
    const request = c.req.raw
    // Forms are only accepted from our own pages.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const origin = request.headers.get('origin')
      if (origin && origin !== 'null' && new URL(origin).host !== new URL(request.url).host) {
        return c.text('Origen no permitido', 403)
      }
    }
    const nonce = randomBytes(16).toString('base64')
    const headerOpts = { nonce, production: config.NODE_ENV === 'production' }
    const acceptEncoding = request.headers.get('accept-encoding')
    // While developing, every page is rendered from the current sources.
    const cacheable = !dev && pageCache.eligible(request)
    if (cacheable) {
      const hit = pageCache.get(request)
      if (hit) return securityHeaders(await cachedResponse(hit, nonce, acceptEncoding), headerOpts)
    }
    const generation = pageCache.generation()
    // A cacheable document is rendered uncompressed, kept, then compressed for this client.
    const rendered = cacheable ? new Request(request, { headers: withoutHeader(request.headers, 'accept-encoding') }) : request
    const ip = clientIp(c)
    let response = await handler(rendered, {
      nonce,
      clientIp: ip,
      writeGeneration: pageCache.generation,
      services: {
        fetch: async (req: Request) => {
          const headers = new Headers(req.headers)
          headers.set(CLIENT_IP_HEADER, ip)
          return services.fetch(new Request(req, { headers }))
        },
      },
    })
    if (cacheable) {
      const captured = await pageCache.capture(request, response, nonce, generation)
      response = captured instanceof Response ? captured : await cachedResponse(captured, nonce, acceptEncoding)
    }
    return securityHeaders(response, headerOpts)
  })
}

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  console.log(`Fleeters ${dev ? '(development, hot reload) ' : ''}listening on http://localhost:${info.port}`)
  if (seeded.demoLogins.length) {
    console.log('Demo logins (password for all: %s):', seeded.demoPassword)
    for (const login of seeded.demoLogins) console.log(`  ${login.role.padEnd(8)} ${login.email}`)
  }
})

if (dev && !only) {
  const { createServer } = await import('vite')
  viteReady = createServer({ server: { middlewareMode: true, hmr: { server: server as import('node:http').Server } }, appType: 'custom' }).then((v) => {
    vite = v
  })
  await viteReady
}

let closing = false
async function shutdown() {
  if (closing) return
  closing = true
  server.close()
  await vite?.close()
  await worker.stop()
  await platform.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
