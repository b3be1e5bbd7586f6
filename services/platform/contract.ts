/**
 * One API contract: each service route is declared once — method, spec §7 path,
 * request schemas (domain/validation/) and response schemas (domain/contract/) — and from that
 * declaration come its input validation, the types `c.req.valid()` hands the handler, and its
 * entry in the OpenAPI 3.1 document (/api/openapi.json, /api/docs).
 *
 * Validation answers exactly as the hand-written `validate(schema, await readJson(c))` did: the
 * body is read by readJson (an empty body is `{}`, malformed JSON is a 400), the schema's Spanish
 * messages come back as `{ message }` (one string, or the list), and a malformed id in the path is
 * a 404. Multipart bodies are declared for the document only: their routes parse them themselves.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, Env, Handler, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { messageSchema } from '#domain/contract/common'
import { MAX_ID } from '#domain/ids'
import { ROLE_HEADER } from './auth'
import type { Role } from './db/schema'
import { ApiError, MESSAGES, readJson, validate } from './http'
import { checkedBodyOf, secondCheck, sharedSchemaName } from './in-process'

export { OpenAPIHono }

type BodyOptions = {
  /** Reshapes the raw body before validation (e.g. the `data` wrapper some screens send). */
  prepare?: (body: unknown) => unknown
  description?: string
}

const preparers = new WeakMap<object, (body: unknown) => unknown>()

/** A JSON request body validated by `schema` (a domain/validation schema). */
export function jsonBody<S extends z.ZodType>(schema: S, options: BodyOptions = {}) {
  const body = { required: true, description: options.description, content: { 'application/json': { schema } } }
  if (options.prepare) preparers.set(body, options.prepare)
  return body
}

/**
 * A multipart body, declared for the document; the route reads and checks it itself. `schema`
 * lists its fields (files as `binary` strings).
 */
export function multipartBody<S extends z.ZodType>(schema: S, description?: string) {
  return { required: true, description, content: { 'multipart/form-data': { schema } } }
}

/** A form file field in the document. */
export const fileField = () => z.string().meta({ format: 'binary' })

/** A path id (domain/ids.ts positiveId: a plain decimal, 1..MAX_ID); anything else is a 404. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .refine((id) => id <= MAX_ID)
    .meta({ example: '1' }),
})

/** A JSON response body. */
export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** A file answered as raw bytes. */
export function fileResponse(description: string, mediaType = 'application/octet-stream') {
  return { description, content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } } }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Datos inválidos: message trae el mensaje (o la lista de mensajes) en español.',
  401: 'Sin sesión o con una sesión vencida o revocada.',
  403: 'La sesión es de otro rol, o el recurso no es de quien llama.',
  404: 'Recurso no encontrado (también un id mal formado).',
  409: 'Conflicto con datos existentes.',
  410: 'El enlace ya se usó o venció.',
  413: 'La solicitud es demasiado grande.',
  429: 'Demasiadas solicitudes.',
}

/** The error answers a route may give, each `{ message }` (string or list). */
export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, jsonResponse(messageSchema, ERROR_DESCRIPTIONS[s] ?? 'Error.')]))
}

const SCHEME_DESCRIPTIONS: Record<Role, string> = {
  User: 'Sesión de conductor: el token (JWT) que entrega POST /auth/login.',
  business:
    'Sesión de empresa: el token (JWT) que entrega POST /auth/login. Si la cuenta activó la verificación ' +
    'en dos pasos, la sesión abre las demás rutas una vez pasado ese paso (/auth/second-factor/business).',
  admin:
    'Sesión de la consola: el token (JWT) que entrega POST /auth/login. Abre la consola una vez pasada la ' +
    'verificación en dos pasos, obligatoria (/auth/second-factor/admin), y se cierra tras 12 horas sin uso.',
}

/**
 * The session headers as OpenAPI security schemes, one per role, named by their header: each
 * carries the session's token (a JWT) as is, not as `Authorization: Bearer`.
 */
export const SECURITY_SCHEMES = Object.fromEntries(
  (Object.keys(ROLE_HEADER) as Role[]).map((role) => [
    ROLE_HEADER[role],
    { type: 'apiKey' as const, in: 'header' as const, name: ROLE_HEADER[role], description: SCHEME_DESCRIPTIONS[role] },
  ]),
)

/** The security requirement of a route that requireRole(p, role) guards. */
export function security(role: Role) {
  return [{ [ROLE_HEADER[role]]: [] as string[] }]
}

/**
 * An operationId from its words, camelCase: operationName('logout', 'business') is 'logoutBusiness'.
 * Routes declared once per role (or per list) name each operation with its role this way.
 */
export function operationName(first: string, ...rest: string[]) {
  return first + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
}

/**
 * What defineRoute takes: a route of @hono/zod-openapi whose operationId (the method name a
 * generated client gets) is never left out. Its security in the document is what its role checks
 * require (openApiDocument reads the requireRole middleware the app runs for it, whether in
 * `middleware` or an `app.use`); a declaration that also states it (`security(role)`, or `[]` for
 * a public route) must state the same, or the document is not built.
 */
export type ServiceRoute = RouteConfig & { operationId: string }

type Empty = Record<never, never>
type RequestOf<R> = R extends { request: infer Q } ? Q : Empty
type ParamOut<Q> = Q extends { params: infer S extends z.ZodType } ? { param: z.output<S> } : Empty
type QueryOut<Q> = Q extends { query: infer S extends z.ZodType } ? { query: z.output<S> } : Empty
type JsonOut<Q> = Q extends { body: { content: { 'application/json': { schema: infer S extends z.ZodType } } } }
  ? { json: z.output<S> }
  : Empty
/** What `c.req.valid()` hands a route's handler. */
export type RouteInput<R> = { in: Empty; out: ParamOut<RequestOf<R>> & QueryOut<RequestOf<R>> & JsonOut<RequestOf<R>> }

/**
 * Validation as the services always answered it (see the module comment); a body the page already
 * checked with the route's own schema, in this process, is used as it is (in-process.ts).
 */
function inputValidator(route: RouteConfig): MiddlewareHandler {
  const { params, query, body } = route.request ?? {}
  const jsonSchema = (body?.content['application/json'] as { schema?: z.ZodType } | undefined)?.schema
  const multipart = Boolean(body?.content['multipart/form-data'])
  const prepare = body ? preparers.get(body) : undefined
  const jsonName = jsonSchema && sharedSchemaName(jsonSchema)
  return async (c, next) => {
    if (params) {
      const parsed = (params as z.ZodType).safeParse(c.req.param())
      if (!parsed.success) throw new ApiError(404, MESSAGES.notFound)
      c.req.addValidatedData('param', parsed.data as Record<string, unknown>)
    }
    if (query) c.req.addValidatedData('query', validate(query as z.ZodType, c.req.query()) as Record<string, unknown>)
    if (jsonSchema && !(multipart && (c.req.header('content-type') ?? '').startsWith('multipart/form-data'))) {
      const fromJson = (raw: unknown) => validate(jsonSchema, prepare ? prepare(raw) : raw) as Record<string, unknown>
      const checked = checkedBodyOf(c.env)
      if (checked && checked.schema === jsonName) {
        secondCheck(checked, fromJson, `${route.method.toUpperCase()} ${route.path}`)
        c.req.addValidatedData('json', checked.value as Record<string, unknown>)
      } else {
        c.req.addValidatedData('json', fromJson(await readJson(c)))
      }
    }
    await next()
  }
}

/**
 * Under Vitest every answer is checked against the declared response schema of its status (and a
 * success status must be declared), so the contract cannot drift from what the handlers send.
 */
const CHECK_RESPONSES = Boolean(process.env.VITEST)

async function checkResponse(route: RouteConfig, c: Context) {
  const status = c.res.status
  const declared = route.responses[String(status)] as { content?: Record<string, { schema?: unknown }> } | undefined
  if (!declared) {
    if (status < 300)
      throw new Error(
        `Contract: ${route.method.toUpperCase()} ${route.path} answered ${status}, which it does not declare`,
      )
    return
  }
  const schema = declared.content?.['application/json']?.schema as z.ZodType | undefined
  if (!schema || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return
  const body = await c.res.clone().json()
  const result = schema.safeParse(body)
  if (!result.success) {
    throw new Error(
      `Contract: ${route.method.toUpperCase()} ${route.path} ${status} does not match ` +
        `its schema: ${JSON.stringify(result.error.issues.slice(0, 5))}`,
    )
  }
}

/**
 * Declares a route on `app`: it joins the app's OpenAPI registry and answers at its path with
 * `route.middleware` (roles, rate limits), then validation, then `handler`.
 */
export function defineRoute<E extends Env, const R extends ServiceRoute>(
  app: OpenAPIHono<E>,
  route: R,
  handler: Handler<E, string, RouteInput<R>>,
) {
  const { middleware, hide, ...doc } = route
  if (!hide) app.openAPIRegistry.registerPath(doc as RouteConfig)
  const chain: MiddlewareHandler[] = []
  if (CHECK_RESPONSES) {
    chain.push(async (c, next) => {
      await next()
      await checkResponse(route, c)
    })
  }
  if (middleware) chain.push(...((Array.isArray(middleware) ? middleware : [middleware]) as MiddlewareHandler[]))
  chain.push(inputValidator(route))
  const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1')
  ;(app as unknown as OpenAPIHono).on([route.method.toUpperCase()], [path], ...chain, handler as unknown as Handler)
}
