import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { businessService } from './business'
import { generalDataService } from './general-data'
import { API_DOCS_CSP, openApiDocument, renderApiDocs } from './platform/api-docs'
import { ROLE_HEADER } from './platform/auth'
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from './platform/body-limits'
import { errorResponse, MESSAGES } from './platform/http'
import { serviceCallMetrics } from './platform/metrics'
import type { Platform } from './platform/platform'
import { usersService } from './users'

/** JSON bodies are small; multipart uploads get their own, per-route limits. */
export { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT }

export type ServiceName = 'users' | 'business' | 'general'

/**
 * The three services of spec §7 composed into one Hono app with the spec's exact paths.
 * `only` builds a single service (SERVICES=users …) for a split deployment.
 * GET /openapi.json and /docs (at /api/… on the product's port) describe the services it serves.
 */
export function createServicesApp(p: Platform, only?: ServiceName[]) {
  const app = new OpenAPIHono()
  // Every call, from a page in this process or over HTTP, by the route pattern that answered it.
  app.use('*', serviceCallMetrics())
  app.use('*', async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    const maxSize = type.startsWith('multipart/form-data') ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT
    return bodyLimit({ maxSize, onError: (cx) => cx.json({ message: MESSAGES.tooLarge }, 413) })(c, next)
  })
  // Answers to an authenticated call are the caller's own: no cache (browser, proxy) keeps them.
  app.use('*', async (c, next) => {
    await next()
    const authenticated = Object.values(ROLE_HEADER).some((h) => c.req.header(h) !== undefined)
    if (authenticated && !/no-store/.test(c.res.headers.get('cache-control') ?? ''))
      c.res.headers.set('Cache-Control', 'private, no-store')
  })
  const wants = (name: ServiceName) => !only || only.includes(name)
  if (wants('users')) app.route('/', usersService(p))
  if (wants('business')) app.route('/', businessService(p))
  if (wants('general')) app.route('/', generalDataService(p))
  // Built once, from the routes' own declarations (services/platform/contract.ts).
  let document: ReturnType<typeof openApiDocument> | undefined
  let docs: string | undefined
  const contract = () => (document ??= openApiDocument(app))
  app.get('/openapi.json', (c) => c.json(contract(), 200, { 'Cache-Control': 'no-cache' }))
  app.get('/docs', (c) =>
    c.html((docs ??= renderApiDocs(contract())), 200, {
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': API_DOCS_CSP,
    }),
  )
  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404))
  app.onError(errorResponse)
  return app
}
