import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { accountSessionsSchema, closedSessionsSchema } from '#domain/contract/users'
import { changePasswordPayloadSchema } from '#domain/validation/auth'
import { rateLimit, requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { changePassword, closeOtherSessions, closeSession, listSessions } from './security-operations'

/** Drivers and companies (spec §6 roles), each through its own header and path, like logout. */
const ROLES: Array<[string, Role]> = [
  ['user', 'User'],
  ['business', 'business'],
]

/**
 * Account security, under the users service's /auth: change the password, list the account's open
 * sessions, close one of them or all but this one. Each handler reads the session and the
 * validated input, and answers what one operation of security-operations.ts returns.
 */
export function securityRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Seguridad de la cuenta']
  const limit = p.config.RATE_LIMIT_FACTOR

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
      async (c) => c.json(await changePassword(p, c.get('auth'), c.req.valid('json'))),
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
      async (c) => c.json(await listSessions(p, c.get('auth'))),
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
      async (c) => c.json(await closeOtherSessions(p, c.get('auth'))),
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
      async (c) => c.json(await closeSession(p, c.get('auth'), c.req.valid('param'))),
    )
  }

  return app
}
