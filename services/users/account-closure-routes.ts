import { accountPrivacyChangeSchema, accountPrivacyStateSchema, deletionRequestedSchema } from '#domain/contract/users'
import { deleteAccountPayloadSchema, optOutPayloadSchema, pausePayloadSchema } from '#domain/validation/account-closure'
import { rateLimit, requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { readPrivacyState, requestAccountDeletion, setDriverPause, setEmailOptOut } from './account-closure-operations'

const ROLES: Array<[string, Role]> = [
  ['user', 'User'],
  ['business', 'business'],
]

/**
 * «Eliminar mi cuenta», «Pausar mi perfil» and the opt-out (Ley 21.719: supresión, bloqueo,
 * oposición; decision 76), under the users service's /auth like «Seguridad»: one path per role.
 * Each handler reads the session and the validated input, and answers what one operation of
 * account-closure-operations.ts returns.
 */
export function accountClosureRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Mis datos: eliminación, pausa y oposición']
  const limit = p.config.RATE_LIMIT_FACTOR

  for (const [path, role] of ROLES) {
    defineRoute(
      app,
      {
        method: 'get',
        path: `/privacy-state/${path}`,
        operationId: operationName('getPrivacyState', role),
        tags,
        summary:
          'Si la cuenta está pausada, si se opuso a los correos no esenciales y si tiene una eliminación pendiente',
        middleware: [requireRole(p, role)],
        responses: { 200: jsonResponse(accountPrivacyStateSchema, 'Estado de la cuenta'), ...errors(401, 403) },
      },
      async (c) => c.json(await readPrivacyState(p, c.get('auth'))),
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/delete-account/${path}`,
        operationId: operationName('requestAccountDeletion', role),
        tags,
        summary:
          'Pide eliminar la cuenta (con la contraseña): se cierra al instante y se elimina tras el plazo de gracia',
        middleware: [rateLimit(p, 'delete-account', 10 * limit, 60_000), requireRole(p, role)],
        request: { body: jsonBody(deleteAccountPayloadSchema) },
        responses: {
          200: jsonResponse(deletionRequestedSchema, 'Eliminación pedida'),
          ...errors(400, 401, 403, 409, 429),
        },
      },
      async (c) => {
        const auth = c.get('auth')
        const input = c.req.valid('json')
        // Per account too, like the password change: a stolen session cannot guess the password here.
        const perAccount = await p.limiter.hit(`delete-account-account:${auth.userId}`, 10 * limit, 15 * 60_000)
        if (!perAccount.allowed) {
          c.header('Retry-After', String(perAccount.retryAfterSeconds))
          throw new ApiError(429, MESSAGES.tooMany)
        }
        return c.json(await requestAccountDeletion(p, auth, input))
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/opt-out/${path}`,
        operationId: operationName('setEmailOptOut', role),
        tags,
        summary: 'Se opone (o deja de oponerse) a los correos no esenciales',
        middleware: [requireRole(p, role)],
        request: { body: jsonBody(optOutPayloadSchema) },
        responses: { 200: jsonResponse(accountPrivacyChangeSchema, 'Hecho'), ...errors(400, 401, 403) },
      },
      async (c) => c.json(await setEmailOptOut(p, c.get('auth'), c.req.valid('json'))),
    )
  }

  defineRoute(
    app,
    {
      method: 'post',
      path: '/pause/user',
      operationId: 'setDriverPause',
      tags,
      summary: 'Pausa (o reanuda) el perfil del conductor: las empresas dejan de verlo y no puede postular',
      middleware: [requireRole(p, 'User')],
      request: { body: jsonBody(pausePayloadSchema) },
      responses: { 200: jsonResponse(accountPrivacyChangeSchema, 'Hecho'), ...errors(400, 401, 403) },
    },
    async (c) => c.json(await setDriverPause(p, c.get('auth'), c.req.valid('json'))),
  )

  return app
}
