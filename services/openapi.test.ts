import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createServicesApp } from '#services/app'
import { openApiDocument } from '#services/platform/api-docs'
import { requireRole } from '#services/platform/auth'
import { defineRoute, jsonResponse, OpenAPIHono, security } from '#services/platform/contract'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'

/** Every call of spec §7 "The calls it makes", as method and path (OpenAPI's {param} style). */
const SPEC_7 = [
  'POST /contact/send-email-contact',
  'POST /contact/send-email-inquiries-complaints',
  'GET /general-data/get-filtered-regions/{id}',
  'GET /general-data/get-filtered-communes/{id}',
  'GET /general-data/get-jobpostings-home',
  'GET /general-data/get-all-datas-filters',
  'POST /users/register',
  'POST /users/validate-email-user',
  'POST /users/validate-rut-user',
  'POST /users/validate-phone-user',
  'POST /auth/login',
  'POST /auth/logout/user',
  'POST /auth/logout/business',
  'POST /auth/success-login',
  'POST /auth/reset-password',
  'POST /auth/reset-password-confirm',
  'POST /auth/validate-code-email-verification',
  'POST /business/register',
  'POST /business/contact-business',
  'GET /business/job-postings',
  'POST /business/create-job-posting',
  'DELETE /business/delete-job-posting/{id}',
  'GET /business/get-data-job-posting-to-update/{id}',
  'PUT /business/update-job-posting/{id}',
  'POST /business/send-email-to-user-jobpostulate',
  'POST /business/search-my-job-postings',
  'POST /users/create-power-simple',
  'GET /users/job-postings',
  'POST /users/postulate-job-posting',
  'POST /users/save-posting',
  'POST /users/filter-job-postings',
  'GET /users/filter-job-postings-by-id/{id}',
  'GET /users/get-all-postulate-job-posting',
  'GET /users/get-all-save-posting',
  'POST /users/search-job-postings',
  'GET /users/get-extra-data-user',
  'POST /users/update-data-user',
  'POST /users/update-profile-image',
  'GET /users/obtain-all-documents-user',
  'POST /users/upload-files-user',
  'GET /users/experience-work/get-experience-work',
  'POST /users/experience-work/add-experience-work',
  'DELETE /users/experience-work/delete-experience-work/{id}',
  'GET /users/experience-work/get-experience-work-for-update/{id}',
  'PUT /users/experience-work/update-experience-work/{id}',
  'GET /users/bank-details/get-banks-details',
  'POST /users/bank-details/add-bank-details',
  'PUT /users/bank-details/change-select-bank/{id}',
  'DELETE /users/bank-details/delete-bank-details/{id}',
  'PUT /users/bank-details/update-bank-details/{id}',
  'GET /users/bank-details/get-bank-details-for-update/{id}',
]

/**
 * The shape OpenAPI 3.1 requires (https://spec.openapis.org/oas/v3.1.0): the fields a document,
 * a path item, an operation, a parameter, a request body and a response must have, and the
 * allowed values where the specification lists them.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
const mediaTypes = z.record(
  z.string().regex(/^[\w.+-]+\/[\w.+*-]+$/),
  z.object({ schema: z.record(z.string(), z.unknown()).optional() }),
)
const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
})
const operation = z.object({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  operationId: z.string().optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z
    .object({ content: mediaTypes, required: z.boolean().optional(), description: z.string().optional() })
    .optional(),
  responses: z
    .record(
      z.string().regex(/^([1-5](\d\d|XX)|default)$/),
      z.object({ description: z.string(), content: mediaTypes.optional() }),
    )
    .refine((r) => Object.keys(r).length > 0),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
})
const pathItem = z.object(Object.fromEntries(METHODS.map((m) => [m, operation.optional()])))
const openApi31 = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string() })).optional(),
  paths: z.record(z.string().startsWith('/'), pathItem),
  components: z
    .object({
      schemas: z.record(z.string(), z.unknown()).optional(),
      securitySchemes: z.record(z.string(), z.object({ type: z.string() })).optional(),
    })
    .optional(),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
})

describe('the API contract', () => {
  let p: TestPlatform
  let app: ReturnType<typeof createServicesApp>
  beforeAll(async () => {
    p = await createTestPlatform('sqlite')
    app = createServicesApp(p)
  })
  afterAll(async () => p.destroy())

  it('serves an OpenAPI 3.1 document that covers every call of spec §7', async () => {
    const res = await app.request('/openapi.json')
    expect(res.status).toBe(200)
    const document = await res.json()
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    const parsed = openApi31.safeParse(document)
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([])
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(SPEC_7.filter((call) => !operations.includes(call))).toEqual([])
    // Each path parameter is declared, and each operation says what it answers on success.
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, z.infer<typeof operation>>>,
    )) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      for (const [method, op] of Object.entries(item)) {
        expect(op.parameters?.filter((x) => x.in === 'path').map((x) => x.name) ?? [], `${method} ${path}`).toEqual(
          names,
        )
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true)
      }
    }
  })

  it('names every operation once (operationId) and says which session header it needs', async () => {
    const document = await (await app.request('/openapi.json')).json()
    const schemes = Object.keys(document.components.securitySchemes).sort()
    expect(schemes).toEqual(['auth-admin', 'auth-business', 'auth-user'])
    for (const name of schemes)
      expect(document.components.securitySchemes[name]).toMatchObject({ type: 'apiKey', in: 'header', name })
    const ids: string[] = []
    const publicCalls: string[] = []
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, z.infer<typeof operation>>>,
    )) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z0-9]*$/)
        ids.push(op.operationId!)
        // Each operation declares its security: one of the three headers, or none at all (public).
        expect(op.security, `${method} ${path}`).toBeDefined()
        const headers = op.security!.flatMap((requirement) => Object.keys(requirement))
        expect(
          headers.every((h) => schemes.includes(h)),
          `${method} ${path}`,
        ).toBe(true)
        if (headers.length === 0) publicCalls.push(`${method.toUpperCase()} ${path}`)
      }
    }
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    // Names a generated client relies on stay put.
    expect(document.paths['/auth/login'].post.operationId).toBe('login')
    expect(document.paths['/auth/logout/business'].post.operationId).toBe('logoutBusiness')
    expect(document.paths['/users/bank-details/add-bank-details'].post.operationId).toBe('addBankDetail')
    expect(document.paths['/admin/content/faqs/{id}/move'].post.operationId).toBe('moveFaq')
    // The public calls are the sign-up, sign-in, power-of-attorney, contact and home calls.
    expect(publicCalls).toContain('POST /auth/login')
    expect(publicCalls).toContain('GET /general-data/get-jobpostings-home')
    expect(publicCalls).not.toContain('GET /users/get-extra-data-user')
    expect(document.paths['/users/get-extra-data-user'].get.security).toEqual([{ 'auth-user': [] }])
    expect(document.paths['/admin/summary'].get.security).toEqual([{ 'auth-admin': [] }])
  })

  it("takes each operation's security from the role checks the app runs for it", async () => {
    const ok = { 200: jsonResponse(z.object({}), 'Bien') }
    const service = new OpenAPIHono()
    // Mounted with its own error handler, each of its handlers reaches the parent wrapped.
    service.onError((_, c) => c.json({ message: 'Error.' }, 500))
    service.use('/area/*', requireRole(p, 'User'))
    defineRoute(service, { method: 'get', path: '/area/own', operationId: 'getOwn', responses: ok }, (c) => c.json({}))
    defineRoute(
      service,
      {
        method: 'post',
        path: '/step/{id}',
        operationId: 'takeStep',
        security: security('admin'),
        middleware: [requireRole(p, 'admin', { factorPending: true })],
        responses: ok,
      },
      (c) => c.json({}),
    )
    defineRoute(service, { method: 'get', path: '/open', operationId: 'getOpen', security: [], responses: ok }, (c) =>
      c.json({}),
    )
    const composed = new OpenAPIHono()
    composed.route('/service', service)
    const document = openApiDocument(composed) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>
    }
    expect(document.paths['/service/area/own']!.get!.security).toEqual([{ 'auth-user': [] }])
    expect(document.paths['/service/step/{id}']!.post!.security).toEqual([{ 'auth-admin': [] }])
    expect(document.paths['/service/step/{id}']!.post!['x-second-factor-pending']).toBe(true)
    expect(document.paths['/service/area/own']!.get!['x-second-factor-pending']).toBeUndefined()
    expect(document.paths['/service/open']!.get!.security).toEqual([])
    // A declaration that says one thing while the app checks another builds no document.
    const drifted = new OpenAPIHono()
    const claims = { security: security('User'), responses: ok }
    defineRoute(drifted, { ...claims, method: 'get', path: '/says-driver', operationId: 'saysDriver' }, (c) =>
      c.json({}),
    )
    defineRoute(
      drifted,
      {
        ...claims,
        method: 'get',
        path: '/says-public',
        operationId: 'saysPublic',
        security: [],
        middleware: [requireRole(p, 'business')],
      },
      (c) => c.json({}),
    )
    expect(() => openApiDocument(drifted)).toThrow(
      /GET \/says-driver declares \[\{"auth-user":\[\]\}\], checks \[\]\nGET \/says-public declares \[\], checks/,
    )
  })

  it('documents request bodies from the domain schemas and responses from domain/contract', async () => {
    const document = await (await app.request('/openapi.json')).json()
    const login = document.paths['/auth/login'].post
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password'])
    const documents =
      document.paths['/users/obtain-all-documents-user'].get.responses['200'].content['application/json'].schema
    // Spec §3's seven fields, the expiry date the dated kinds add (decision 54) and the mark of a
    // file the retention job removed (decision 79), both optional.
    expect(Object.keys(documents.items.properties).sort()).toEqual([
      'date_upload',
      'expires_on',
      'file_removed',
      'file_status',
      'id_file',
      'purpose_name',
      'rejection_reason',
      'type_name',
      'url_file',
    ])
    expect(documents.items.required).not.toContain('expires_on')
    expect(documents.items.required).not.toContain('file_removed')
    expect(Object.keys(document.paths['/users/register'].post.requestBody.content)).toEqual(['multipart/form-data'])
    expect(Object.keys(document.paths['/business/register'].post.requestBody.content).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ])
  })

  it('a split deployment documents only the services it serves', async () => {
    const business = await (await createServicesApp(p, ['business']).request('/openapi.json')).json()
    const paths = Object.keys(business.paths)
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.every((path) => path.startsWith('/business/'))).toBe(true)
  })

  it('renders a readable reference page with no script, under its own strict policy', async () => {
    const res = await app.request('/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('<h2 id="tag-0">Autenticación</h2>')
    expect(html).toContain('<code>POST /auth/login</code>')
    expect(html).toContain('<code>GET /users/bank-details/get-bank-details-for-update/{id}</code>')
  })
})
