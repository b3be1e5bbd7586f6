import type { MiddlewareHandler } from 'hono'
import { CLIENT_IP_HEADER } from './client-ip'
import type { Role } from './db/schema'
import { ApiError, MESSAGES } from './http'
import { IN_PROCESS_BODY, type CheckedBody } from './in-process'
import { log } from './log'
import type { Platform } from './platform'
import { verifySessionToken } from './tokens'

export interface AuthContext {
  userId: number
  role: Role
  sessionId: string
  token: string
  /** The session still waits for its second factor (decision 77): only that step accepts it. */
  factorPending: boolean
  /** When the owner last proved it again (password or code), or null. */
  reauthAt: string | null
}

export type AuthEnv = { Variables: { auth: AuthContext } }

/** Spec §6: drivers send `auth-user`, companies `auth-business`; the console sends `auth-admin`. */
export const ROLE_HEADER: Record<Role, string> = {
  User: 'auth-user',
  business: 'auth-business',
  admin: 'auth-admin',
}

export async function authenticate(p: Platform, token: string): Promise<AuthContext | null> {
  const now = p.now()
  const claims = await verifySessionToken(p.keys.jwt, token, now)
  if (!claims) return null
  const session = await p.db
    .selectFrom('sessions')
    .select([
      'user_id',
      'role',
      'expires_at',
      'revoked_at',
      'last_seen_at',
      'created_at',
      'factor_pending',
      'reauth_at',
    ])
    .where('id', '=', claims.sid)
    .executeTakeFirst()
  if (!session || session.revoked_at || session.expires_at <= now.toISOString()) return null
  if (String(session.user_id) !== claims.sub || session.role !== claims.role) return null
  // A console session left alone for 12 hours is over, whatever its 7-day expiry says.
  if (
    session.role === 'admin' &&
    now.getTime() - Date.parse(session.last_seen_at ?? session.created_at) >= CONSOLE_IDLE_MS
  )
    return null
  await touchSession(p, claims.sid, session.last_seen_at, now)
  return {
    userId: session.user_id,
    role: session.role,
    sessionId: claims.sid,
    token,
    factorPending: session.factor_pending === 1,
    reauthAt: session.reauth_at,
  }
}

/** A console session ends after 12 hours without a request (decision 77). */
export const CONSOLE_IDLE_MS = 12 * 3600_000

/** What a session waiting for its second factor hears from every other route. */
export const FACTOR_PENDING_MESSAGE = 'Completa la verificación en dos pasos para continuar.'

/** «Última actividad» of the account's sessions moves at most once a minute: not a write per request. */
export const LAST_SEEN_EVERY_MS = 60_000

async function touchSession(p: Platform, sessionId: string, lastSeen: string | null, now: Date): Promise<void> {
  if (lastSeen && now.getTime() - Date.parse(lastSeen) < LAST_SEEN_EVERY_MS) return
  const threshold = new Date(now.getTime() - LAST_SEEN_EVERY_MS).toISOString()
  // Conditional, so simultaneous requests of one session write once. A failed write is not the
  // caller's problem: the request goes on (the next one tries again).
  try {
    await p.db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', threshold)]))
      .execute()
  } catch (err) {
    log.warn({ err }, '[auth] last_seen_at not written')
  }
}

/**
 * The calls one page request makes to the services in the same process (the area's session
 * check, the page's data, its action's write) carry the same token; the first verifies it (JWT
 * and the sessions row), the others of that page request reuse the answer. The memo travels in
 * the Hono `env` that server.ts passes to `services.fetch(request, env)` for its in-process
 * calls only: under a Symbol, so no header, body or URL can produce it. Calls from outside
 * (/api through forward(), a services-only process) have no such env and verify every time.
 *
 * An answer is believed only while this process has changed no session since it was given
 * (`sessionsChanged`): after a logout, a password change or a second factor passed, what the page
 * asks next is verified afresh and sees the change.
 */
export const IN_PROCESS_AUTH = Symbol('fleeters.in-process-auth')
export type InProcessEnv = {
  [IN_PROCESS_AUTH]: Map<string, Promise<AuthContext | null>>
  [IN_PROCESS_BODY]?: CheckedBody
}

/** A fresh memo for one page request's in-process service calls. */
export function inProcessEnv(): InProcessEnv {
  return { [IN_PROCESS_AUTH]: new Map() }
}

/**
 * The in-process caller of one page request (server/pages.ts): its calls share one memo, and a call
 * whose body the page checked carries it (in-process.ts).
 */
export function inProcessCaller(
  fetch: (request: Request, env?: InProcessEnv) => Response | Promise<Response>,
): (request: Request, checked?: CheckedBody) => Promise<Response> {
  const env = inProcessEnv()
  return async (request, checked) => fetch(request, checked ? { ...env, [IN_PROCESS_BODY]: checked } : env)
}

/** How many session changes each platform (a process, or a test) has made. */
const sessionChanges = new WeakMap<Platform, number>()

/**
 * A session was revoked, closed or changed (its second factor, its re-authentication): every
 * route that writes the sessions table says so once the write is done.
 */
export function sessionsChanged(p: Platform): void {
  sessionChanges.set(p, (sessionChanges.get(p) ?? 0) + 1)
}

/** The platform's count of session changes each memo's answers were given at. */
const memoChanges = new WeakMap<Map<string, Promise<AuthContext | null>>, number>()

function authenticateOnce(p: Platform, env: unknown, token: string): Promise<AuthContext | null> {
  const memo = env && typeof env === 'object' ? (env as Partial<InProcessEnv>)[IN_PROCESS_AUTH] : undefined
  if (!(memo instanceof Map)) return authenticate(p, token)
  const changes = sessionChanges.get(p) ?? 0
  if ((memoChanges.get(memo) ?? changes) !== changes) memo.clear()
  memoChanges.set(memo, changes)
  let answer = memo.get(token)
  if (!answer) memo.set(token, (answer = authenticate(p, token)))
  return answer
}

/** The session a role check requires, and whether it lets in one still waiting for its second factor. */
export interface SessionRequirement {
  role: Role
  factorPending: boolean
}

/**
 * Each requireRole middleware with what it checks: the OpenAPI document reads every operation's
 * security from the checks the app runs for it (api-docs.ts), so the two cannot disagree.
 */
const REQUIREMENTS = new WeakMap<object, SessionRequirement>()

/** What `handler` checks, if it is a requireRole middleware. */
export function sessionRequirement(handler: unknown): SessionRequirement | undefined {
  return typeof handler === 'function' ? REQUIREMENTS.get(handler) : undefined
}

/**
 * Only callers holding a live session of `role` (that passed its second factor, unless
 * `factorPending` says the route is part of that step), sent in that role's header, get through.
 * No credentials: 401. A valid session of another role (in any role header): 403.
 */
export function requireRole(
  p: Platform,
  role: Role,
  opts: { factorPending?: boolean } = {},
): MiddlewareHandler<AuthEnv> {
  const check: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const own = c.req.header(ROLE_HEADER[role])
    if (own) {
      const auth = await authenticateOnce(p, c.env, own)
      if (!auth) throw new ApiError(401, MESSAGES.unauthorized)
      if (auth.role !== role) throw new ApiError(403, MESSAGES.forbidden)
      // Until the second factor is passed, the session opens only the routes of that step.
      if (auth.factorPending && !opts.factorPending) throw new ApiError(401, FACTOR_PENDING_MESSAGE)
      c.set('auth', auth)
      return next()
    }
    for (const other of Object.keys(ROLE_HEADER) as Role[]) {
      const token = other === role ? undefined : c.req.header(ROLE_HEADER[other])
      if (token && (await authenticateOnce(p, c.env, token))) throw new ApiError(403, MESSAGES.forbidden)
    }
    throw new ApiError(401, MESSAGES.unauthorized)
  }
  REQUIREMENTS.set(check, { role, factorPending: opts.factorPending === true })
  return check
}

export { CLIENT_IP_HEADER }

export function rateLimit(p: Platform, name: string, limit: number, windowMs: number): MiddlewareHandler {
  return async (c, next) => {
    const ip = c.req.header(CLIENT_IP_HEADER) ?? 'local'
    const result = await p.limiter.hit(`${name}:${ip}`, limit, windowMs)
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds))
      throw new ApiError(429, MESSAGES.tooMany)
    }
    return next()
  }
}
