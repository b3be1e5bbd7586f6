import type { MiddlewareHandler } from 'hono'
import { CLIENT_IP_HEADER } from './client-ip'
import type { Role } from './db/schema'
import { ApiError, MESSAGES } from './http'
import { log } from './log'
import type { Platform } from './platform'
import { verifySessionToken } from './tokens'

export interface AuthContext {
  userId: number
  role: Role
  sessionId: string
  token: string
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
  const session = await p.db.selectFrom('sessions').select(['user_id', 'role', 'expires_at', 'revoked_at', 'last_seen_at']).where('id', '=', claims.sid).executeTakeFirst()
  if (!session || session.revoked_at || session.expires_at <= now.toISOString()) return null
  if (String(session.user_id) !== claims.sub || session.role !== claims.role) return null
  await touchSession(p, claims.sid, session.last_seen_at, now)
  return { userId: session.user_id, role: session.role, sessionId: claims.sid, token }
}

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
 * Only callers holding a live session of `role`, sent in that role's header, get through.
 * No credentials: 401. A valid session of another role (in any role header): 403.
 */
export function requireRole(p: Platform, role: Role): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const own = c.req.header(ROLE_HEADER[role])
    if (own) {
      const auth = await authenticate(p, own)
      if (!auth) throw new ApiError(401, MESSAGES.unauthorized)
      if (auth.role !== role) throw new ApiError(403, MESSAGES.forbidden)
      c.set('auth', auth)
      return next()
    }
    for (const other of Object.keys(ROLE_HEADER) as Role[]) {
      const token = other === role ? undefined : c.req.header(ROLE_HEADER[other])
      if (token && (await authenticate(p, token))) throw new ApiError(403, MESSAGES.forbidden)
    }
    throw new ApiError(401, MESSAGES.unauthorized)
  }
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
