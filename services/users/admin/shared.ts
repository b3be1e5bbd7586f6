import type { Context, MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import { REAUTH_REQUIRED_MESSAGE, REAUTH_WINDOW_MS, STAFF_ROLE_FORBIDDEN_MESSAGE } from '#domain/validation/staff'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import type { Database } from '#services/platform/db/schema'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'

/** Every console call: a live `admin` session in `auth-admin`; drivers and companies get 403. */
export const requireAdmin = (p: Platform) => requireRole(p, 'admin')

/**
 * Routes only an «administrador» may call (content, companies, the audit log, the team): a
 * «revisor» gets 403 {message} (decision 77). Runs after requireAdmin.
 */
export function requireAdministrador(p: Platform): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const row = await p.db
      .selectFrom('users')
      .select('staff_role')
      .where('id', '=', c.get('auth').userId)
      .executeTakeFirst()
    if (row?.staff_role !== 'administrador') throw new ApiError(403, STAFF_ROLE_FORBIDDEN_MESSAGE)
    await next()
  }
}

/** Sensitive actions (deletions, role changes): the session proved its owner again in the last 10 minutes. */
export function requireRecentAuth(p: Platform): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const at = c.get('auth').reauthAt
    if (!at || p.now().getTime() - Date.parse(at) > REAUTH_WINDOW_MS) throw new ApiError(403, REAUTH_REQUIRED_MESSAGE)
    await next()
  }
}

export interface Actor {
  userId: number | null
  /** The admin's email, or 'cli' for the command line. */
  actor: string
}

export async function actorOf(p: Platform, c: Context<AuthEnv>): Promise<Actor> {
  const userId = c.get('auth').userId
  const row = await p.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return { userId, actor: row?.email ?? `admin#${userId}` }
}

/**
 * One audit row (who, what, when, before, after), written in the caller's transaction so the log
 * holds exactly the changes that happened.
 */
export async function audit(
  db: Kysely<Database>,
  who: Actor,
  entry: { action: string; entityType: string; entityId: number | null; before?: unknown; after?: unknown },
  now: Date,
): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      admin_user_id: who.userId,
      actor: who.actor,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now.toISOString(),
    })
    .execute()
}

/** `lower(column) like lower(%term%)` on both engines (PostgreSQL's LIKE is case-sensitive). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}
