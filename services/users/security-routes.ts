import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { accountSessionsSchema, closedSessionsSchema, type AccountSession } from '#domain/contract/users'
import { deviceLabel } from '#domain/device'
import { changePasswordPayloadSchema } from '#domain/validation/auth'
import { rateLimit, requireRole, sessionsChanged, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import { hashPassword, verifyPassword } from '#services/platform/crypto'
import type { Role } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { passwordChangedMail } from './mails'

export const SECURITY_MESSAGES = {
  wrongPassword: 'La contraseña actual es incorrecta.',
  passwordChanged: 'Contraseña actualizada. Cerramos tu sesión en los demás dispositivos.',
  othersClosed: 'Cerramos tu sesión en los demás dispositivos.',
  noOthers: 'No tienes sesiones abiertas en otros dispositivos.',
  sessionClosed: 'Cerramos la sesión en ese dispositivo.',
  sessionNotFound: 'Esa sesión no existe o ya está cerrada.',
} as const

/** Drivers and companies (spec §6 roles), each through its own header and path, like logout. */
const ROLES: Array<[string, Role]> = [
  ['user', 'User'],
  ['business', 'business'],
]

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Account security, under the users service's /auth: change the password
 * (the current one required; every other session of the account ends), list the account's
 * open sessions, close one of them or all but this one.
 */
export function securityRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Seguridad de la cuenta']
  const limit = p.config.RATE_LIMIT_FACTOR

  /** The account's sessions still open (not closed, not expired). */
  const openSessions = (userId: number) =>
    p.db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', p.now().toISOString())

  const closeOthers = async (userId: number, currentId: string, now: string) => {
    const result = await p.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', currentId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    sessionsChanged(p)
    return result
  }

  /** Per account, so a stolen session cannot guess the current password from many addresses. */
  const perAccountLimit: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const perAccount = await p.limiter.hit(`change-password-account:${c.get('auth').userId}`, 10 * limit, 15 * 60_000)
    if (!perAccount.allowed) {
      c.header('Retry-After', String(perAccount.retryAfterSeconds))
      throw new ApiError(429, MESSAGES.tooMany)
    }
    await next()
  }

  for (const [path, role] of ROLES) {
    defineRoute(
      app,
      {
        method: 'post',
        path: `/change-password/${path}`,
        operationId: operationName('changePassword', role),
        tags,
        summary: 'Cambia la contraseña (con la actual) y cierra las demás sesiones de la cuenta',
        // Like the login: per address, then per account.
        middleware: [rateLimit(p, 'change-password', 10 * limit, 60_000), requireRole(p, role), perAccountLimit],
        request: { body: jsonBody(changePasswordPayloadSchema) },
        responses: { 200: jsonResponse(okMessageSchema, 'Contraseña cambiada'), ...errors(400, 401, 403, 429) },
      },
      async (c) => {
        const auth = c.get('auth')
        const input = c.req.valid('json')
        const user = await p.db
          .selectFrom('users')
          .select(['id', 'email', 'firstname', 'password_hash'])
          .where('id', '=', auth.userId)
          .executeTakeFirst()
        if (!user) throw new ApiError(401, MESSAGES.unauthorized)
        if (!(await verifyPassword(input.current_password, user.password_hash)))
          throw new ApiError(400, SECURITY_MESSAGES.wrongPassword)
        const passwordHash = await hashPassword(input.password)
        const now = p.now().toISOString()
        await inTransaction(p.db, async (trx) => {
          await trx
            .updateTable('users')
            .set({ password_hash: passwordHash, updated_at: now })
            .where('id', '=', user.id)
            .execute()
          // The session that changed it stays; every other one ends with the old password.
          await trx
            .updateTable('sessions')
            .set({ revoked_at: now })
            .where('user_id', '=', user.id)
            .where('id', '!=', auth.sessionId)
            .where('revoked_at', 'is', null)
            .execute()
          await enqueueEmail(
            trx,
            passwordChangedMail(user.email, user.firstname, `${p.publicUrl}/login/recuperar`),
            p.now(),
          )
        })
        sessionsChanged(p)
        p.wakeOutbox()
        return c.json({ message: SECURITY_MESSAGES.passwordChanged })
      },
    )

    defineRoute(
      app,
      {
        method: 'get',
        path: `/sessions/${path}`,
        operationId: operationName('listSessions', role),
        tags,
        summary: 'Las sesiones abiertas de la cuenta (dispositivo, última actividad, la actual)',
        middleware: [requireRole(p, role)],
        responses: { 200: jsonResponse(accountSessionsSchema, 'Sesiones abiertas'), ...errors(401, 403) },
      },
      async (c) => {
        const auth = c.get('auth')
        const rows = await openSessions(auth.userId).select(['id', 'device', 'created_at', 'last_seen_at']).execute()
        const sessions: AccountSession[] = rows
          .map((r) => ({
            id: r.id,
            device: r.device ?? deviceLabel(null),
            created_at: r.created_at,
            last_seen_at: r.last_seen_at ?? r.created_at,
            current: r.id === auth.sessionId,
          }))
          .sort(
            (a, b) =>
              Number(b.current) - Number(a.current) ||
              b.last_seen_at.localeCompare(a.last_seen_at) ||
              a.id.localeCompare(b.id),
          )
        return c.json({ sessions })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/close-other-sessions/${path}`,
        operationId: operationName('closeOtherSessions', role),
        tags,
        summary: 'Cierra la sesión en los demás dispositivos',
        middleware: [requireRole(p, role)],
        responses: { 200: jsonResponse(closedSessionsSchema, 'Sesiones cerradas'), ...errors(401, 403) },
      },
      async (c) => {
        const auth = c.get('auth')
        const result = await closeOthers(auth.userId, auth.sessionId, p.now().toISOString())
        const closed = Number(result.numUpdatedRows)
        return c.json({ message: closed ? SECURITY_MESSAGES.othersClosed : SECURITY_MESSAGES.noOthers, closed })
      },
    )

    defineRoute(
      app,
      {
        method: 'delete',
        path: `/sessions/${path}/{id}`,
        operationId: operationName('closeSession', role),
        tags,
        summary: 'Cierra una sesión de la cuenta',
        middleware: [requireRole(p, role)],
        request: { params: z.object({ id: z.string() }) },
        responses: { 200: jsonResponse(okMessageSchema, 'Sesión cerrada'), ...errors(401, 403, 404) },
      },
      async (c) => {
        const auth = c.get('auth')
        const { id } = c.req.valid('param')
        // Another account's session, a closed one or no session at all: the same 404.
        if (!SESSION_ID.test(id)) throw new ApiError(404, SECURITY_MESSAGES.sessionNotFound)
        const result = await p.db
          .updateTable('sessions')
          .set({ revoked_at: p.now().toISOString() })
          .where('id', '=', id)
          .where('user_id', '=', auth.userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', p.now().toISOString())
          .executeTakeFirst()
        sessionsChanged(p)
        if (Number(result.numUpdatedRows) !== 1) throw new ApiError(404, SECURITY_MESSAGES.sessionNotFound)
        return c.json({ message: SECURITY_MESSAGES.sessionClosed })
      },
    )
  }

  return app
}
