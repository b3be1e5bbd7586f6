import type { AppLoadContext } from 'react-router'
import { checkedSchemaOf } from '#app/.server/checked-forms'
import { env } from '#app/.server/env'
import { CLIENT_IP_HEADER, INTERNAL_SECRET_HEADER } from '#services/platform/client-ip'
import type { CheckedBody } from '#services/platform/in-process'
import { log } from '#services/platform/log'
import type { paths as BusinessPaths } from './api/business'
import type { paths as GeneralPaths } from './api/general'
import type { paths as UsersPaths } from './api/users'

export type Service = 'users' | 'business' | 'general'
export type AuthRole = 'User' | 'business' | 'admin'

export type BackendResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false
      status: number
      message: string | string[]
      /** The whole error answer ({ message, … }), for calls that say more than a message. */ body?: unknown
    }

const AUTH_HEADER: Record<AuthRole, string> = { User: 'auth-user', business: 'auth-business', admin: 'auth-admin' }

function baseUrl(service: Service): string | undefined {
  const { config } = env()
  return { users: config.USERS_API_URL, business: config.BUSINESS_API_URL, general: config.GENERAL_API_URL }[service]
}

/**
 * Public content the services mark `Cache-Control: public, max-age=N` (the home page's FAQ,
 * statistics, testimonials, logos and latest postings) is kept here for N seconds, so a busy
 * home page does not query the same rows on every view. Any write made through this client
 * (any non-GET call, e.g. a posting published or content edited in the console) empties it, and
 * so does any public-content write a service commits (`context.writeGeneration`, e.g. through /api),
 * so this instance shows changes at once; other instances as soon as the invalidation bus reaches
 * them (services/platform/invalidation.ts), within N seconds without it.
 */
const publicCache = new Map<string, { expires: number; generation: number; status: number; data: unknown }>()
const PUBLIC_CACHE_MAX_ENTRIES = 200

function publicMaxAge(response: Response): number {
  const header = response.headers.get('cache-control') ?? ''
  if (!/\bpublic\b/.test(header)) return 0
  const age = /max-age=(\d+)/.exec(header)
  return age ? Number(age[1]) : 0
}

/** Shared between requests, so nobody may change it in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** How many writes each page request has sent: a write may change what the request's earlier reads answered. */
const writesByRequest = new WeakMap<AppLoadContext, number>()

export function writesSent(context: AppLoadContext): number {
  return writesByRequest.get(context) ?? 0
}

/** For tests that write to the database directly (every write through the server empties it already). */
export function clearPublicCache() {
  publicCache.clear()
}

/**
 * Sends a request to a service: in-process through `context.services`, or over HTTP when `remote`
 * (split deployment). Remote calls carry the visitor's address and the request id, with the
 * INTERNAL_SECRET that makes the services believe the address.
 */
export function sendToService(
  context: AppLoadContext,
  request: Request,
  remote: boolean,
  checked?: CheckedBody,
): Promise<Response> {
  if (!remote) return context.services.fetch(request, checked)
  const { config } = env()
  if (context.requestId) request.headers.set('x-request-id', context.requestId)
  if (config.INTERNAL_SECRET) {
    request.headers.set(CLIENT_IP_HEADER, context.clientIp)
    request.headers.set(INTERNAL_SECRET_HEADER, config.INTERNAL_SECRET)
  }
  return fetch(request)
}

/**
 * The services' operations as `npm run typegen:api` writes them (app/.server/backend/api/, not
 * committed) from the same route declarations /openapi.json is built from: path, method, params,
 * body and answers of each. A service that drops a field from an answer breaks the typecheck of
 * every screen that reads it.
 */
interface Paths {
  users: UsersPaths
  business: BusinessPaths
  general: GeneralPaths
}
export type Method = 'get' | 'post' | 'put' | 'delete'
type Defined<T> = Exclude<T, undefined>
/** The paths of `service` that answer `method`. */
export type PathOf<S extends Service, M extends Method> = {
  [P in keyof Paths[S]]: [Defined<Paths[S][P][M & keyof Paths[S][P]]>] extends [never] ? never : P
}[keyof Paths[S]] &
  string
type Operation<S extends Service, M extends Method, P extends PathOf<S, M>> = Defined<
  Paths[S][P][M & keyof Paths[S][P]]
>
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never
type SuccessStatus = 200 | 201 | 202 | 204
type Answers<O> = O extends { responses: infer R } ? R : never
/** What an operation answers on success (the JSON of its 2xx answers). */
export type Success<O> = { [C in keyof Answers<O> & SuccessStatus]: Json<Answers<O>[C]> }[keyof Answers<O> &
  SuccessStatus]
/**
 * A JSON body: the declared fields, each of any value. The form schemas (domain/validation) take
 * a form's strings, numbers and 'Si'/'No' through `z.preprocess`, which JSON Schema describes by
 * the inner type only, so the values are typed where the body is built (the backend functions'
 * parameters, from those same schemas) and the service validates them; the names are checked here.
 */
type Sent<T> = T extends object ? { [K in keyof T]?: unknown } : T
type NoBody = { json?: never; form?: never }
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? | ('application/json' extends keyof C ? { json: Sent<C['application/json']>; form?: never } : never)
    | ('multipart/form-data' extends keyof C ? { form: FormData; json?: never } : never)
  : O extends { requestBody?: { content: infer C } }
    ? 'application/json' extends keyof C
      ? { json?: Sent<C['application/json']>; form?: never }
      : NoBody
    : NoBody
/** A query some routes read without declaring it (their handlers check it). */
type Undeclared = Record<string, string | number | null | undefined>
type Parameters<O> = O extends { parameters: infer Q } ? Q : never
type PathParams<O> =
  Parameters<O> extends { path: infer A extends object }
    ? { params: { [K in keyof A]: string | number } }
    : { params?: never }
type QueryParams<O> =
  Parameters<O> extends { query?: infer Q }
    ? [Defined<Q>] extends [never]
      ? { query?: Undeclared }
      : { query?: { [K in keyof Defined<Q>]?: Defined<Q>[K] | number | undefined } }
    : { query?: Undeclared }
/** What a call of the operation takes: its path params, query, body, and the session it needs. */
export type Input<O> = PathParams<O> &
  QueryParams<O> &
  BodyOf<O> & {
    auth?: { role: AuthRole; token: string }
    /** The visitor's User-Agent, for calls that open a session (its device label, domain/device.ts). */
    userAgent?: string | null
  }
/** What calling `method path` of `service` answers when it succeeds. */
export type Answer<S extends Service, M extends Method, P extends PathOf<S, M>> = Success<Operation<S, M, P>>

/** The concrete path: `{id}` filled in from `params`, then the query string. */
function concretePath(path: string, params?: Record<string, string | number>, query?: Record<string, unknown>) {
  let filled = path.replaceAll(/{(\w+)}/g, (_, name: string) => encodeURIComponent(String(params?.[name])))
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  if (text) filled += `?${text}`
  return filled
}

/**
 * One call to a service of spec §7, typed by its declaration: `call(ctx, 'users', 'put',
 * '/users/bank-details/update-bank-details/{id}', { params: { id }, json, auth })`. In one process
 * it goes to the services app's `fetch` (no socket); with USERS_API_URL / BUSINESS_API_URL /
 * GENERAL_API_URL it goes over HTTP. Errors come back as `{ message }` (a string or a list) and
 * never throw.
 */
export function call<S extends Service, M extends Method, P extends PathOf<S, M>>(
  context: AppLoadContext,
  service: S,
  method: M,
  path: P,
  // The input may be left out when nothing in it is required.
  ...[input]: Partial<Input<Operation<S, M, P>>> extends Input<Operation<S, M, P>>
    ? [input?: Input<Operation<S, M, P>>]
    : [input: Input<Operation<S, M, P>>]
): Promise<BackendResult<Answer<S, M, P>>> {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, unknown>
    json?: unknown
    form?: FormData
    auth?: { role: AuthRole; token: string }
    userAgent?: string | null
  }
  return send<Answer<S, M, P>>(context, service, concretePath(path, given.params, given.query), {
    method: method.toUpperCase() as Uppercase<Method>,
    json: given.json,
    form: given.form,
    auth: given.auth,
    userAgent: given.userAgent,
  })
}

interface SendOptions {
  method: Uppercase<Method>
  json?: unknown
  form?: FormData
  auth?: { role: AuthRole; token: string }
  userAgent?: string | null
}

async function send<T>(
  context: AppLoadContext,
  service: Service,
  path: string,
  options: SendOptions,
): Promise<BackendResult<T>> {
  const headers = new Headers({ accept: 'application/json' })
  let body: BodyInit | undefined
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(options.json)
  } else if (options.form) {
    body = options.form
  }
  if (options.auth) headers.set(AUTH_HEADER[options.auth.role], options.auth.token)
  if (options.userAgent) headers.set('user-agent', options.userAgent)
  const method = options.method
  const cacheKey = method === 'GET' && !options.auth ? `${service} ${path}` : null
  if (cacheKey) {
    const hit = publicCache.get(cacheKey)
    if (hit && hit.expires > Date.now() && hit.generation === (context.writeGeneration?.() ?? 0))
      return { ok: true, status: hit.status, data: hit.data as T }
  } else if (method !== 'GET') {
    publicCache.clear()
    writesByRequest.set(context, writesSent(context) + 1)
  }
  const remote = baseUrl(service)
  const url = `${remote ?? 'http://services.internal'}${path}`
  const request = new Request(url, { method, headers, body })
  // A body the page checked with a shared schema goes along as is: in process, the route uses it unchecked.
  const checkedWith = checkedSchemaOf(options.json)
  const checked = checkedWith ? { value: options.json as object, schema: checkedWith } : undefined
  let response: Response
  try {
    response = await sendToService(context, request, Boolean(remote), checked)
  } catch (error) {
    log.error({ err: error }, `[backend] ${service} ${path} failed`)
    return { ok: false, status: 503, message: 'El servicio no está disponible. Intenta nuevamente.' }
  }
  let payload: unknown = null
  try {
    payload = await response.json()
  } catch {
    payload = null
  }
  if (response.ok) {
    const maxAge = cacheKey ? publicMaxAge(response) : 0
    if (cacheKey && maxAge > 0) {
      if (publicCache.size >= PUBLIC_CACHE_MAX_ENTRIES) publicCache.clear()
      publicCache.set(cacheKey, {
        expires: Date.now() + maxAge * 1000,
        generation: context.writeGeneration?.() ?? 0,
        status: response.status,
        data: deepFreeze(payload),
      })
    }
    return { ok: true, status: response.status, data: payload as T }
  }
  const message = (payload as { message?: string | string[] } | null)?.message
  return {
    ok: false,
    status: response.status,
    message: message ?? 'Ocurrió un error inesperado. Intenta nuevamente.',
    body: payload,
  }
}

/** Lists are shown joined with ', ' where the spec says so (contact, inquiries, simple power). */
export function joinMessage(message: string | string[]): string {
  return Array.isArray(message) ? message.join(', ') : message
}

export function messageList(message: string | string[]): string[] {
  return Array.isArray(message) ? message : [message]
}
