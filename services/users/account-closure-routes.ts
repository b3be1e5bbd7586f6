import {
  accountPrivacyChangeSchema,
  accountPrivacyStateSchema,
  deletionRequestedSchema,
  type AccountPrivacyState,
} from '#domain/contract/users'
import { deleteAccountPayloadSchema, optOutPayloadSchema, pausePayloadSchema } from '#domain/validation/account-closure'
import { rateLimit, requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import { verifyPassword } from '#services/platform/crypto'
import type { Role } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { openRequest } from '#services/shared/privacy-requests'
import { deletionDueFrom, scheduleDeletion } from './account-closure'

export const ACCOUNT_CLOSURE_SERVICE_MESSAGES = {
  wrongPassword: 'La contraseña es incorrecta.',
  deletionRequested:
    'Pediste eliminar tu cuenta. Cerramos tu sesión; si cambias de opinión, inicia sesión antes de la fecha indicada.',
  alreadyDue: 'Tu cuenta ya tiene una eliminación pendiente.',
  paused: 'Pausaste tu perfil: las empresas ya no lo ven.',
  resumed: 'Reanudaste tu perfil: las empresas vuelven a verlo.',
  optedOut: 'Listo: ya no te enviaremos correos no esenciales.',
  optedIn: 'Listo: volverás a recibir los correos no esenciales.',
  unchanged: 'No hubo cambios.',
} as const

const M = ACCOUNT_CLOSURE_SERVICE_MESSAGES

const ROLES: Array<[string, Role]> = [
  ['user', 'User'],
  ['business', 'business'],
]

/**
 * «Eliminar mi cuenta», «Pausar mi perfil» and the opt-out (Ley 21.719: supresión, bloqueo,
 * oposición; decision 76), under the users service's /auth like «Seguridad»: one path per role.
 * Every change logs a privacy request in the transaction that makes it.
 */
export function accountClosureRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Mis datos: eliminación, pausa y oposición']
  const limit = p.config.RATE_LIMIT_FACTOR

  async function state(userId: number): Promise<AccountPrivacyState> {
    const row = await p.db
      .selectFrom('users')
      .select(['paused_at', 'opted_out_at', 'deletion_due_at'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!row) throw new ApiError(401, MESSAGES.unauthorized)
    return row
  }

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
      async (c) => c.json(await state(c.get('auth').userId)),
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
        const { current_password } = c.req.valid('json')
        // Per account too, like the password change: a stolen session cannot guess the password here.
        const perAccount = await p.limiter.hit(`delete-account-account:${auth.userId}`, 10 * limit, 15 * 60_000)
        if (!perAccount.allowed) {
          c.header('Retry-After', String(perAccount.retryAfterSeconds))
          throw new ApiError(429, MESSAGES.tooMany)
        }
        const user = await p.db
          .selectFrom('users')
          .select(['id', 'role', 'email', 'firstname', 'password_hash', 'deletion_due_at'])
          .where('id', '=', auth.userId)
          .executeTakeFirst()
        if (!user) throw new ApiError(401, MESSAGES.unauthorized)
        if (!(await verifyPassword(current_password, user.password_hash))) throw new ApiError(400, M.wrongPassword)
        const now = p.now()
        const dueAt = deletionDueFrom(now)
        await inTransaction(p.db, async (trx) => {
          const fresh = await trx
            .selectFrom('users')
            .select('deletion_due_at')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
          if (fresh.deletion_due_at) throw new ApiError(409, M.alreadyDue)
          await scheduleDeletion(trx, p, user, now, { dueAt, mail: true })
        })
        p.wakeOutbox()
        return c.json({ message: M.deletionRequested, deletion_due_at: dueAt.toISOString() })
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
      async (c) => {
        const userId = c.get('auth').userId
        const { opted_out } = c.req.valid('json')
        const now = p.now()
        const changed = await inTransaction(p.db, async (trx) => {
          const res = await trx
            .updateTable('users')
            .set({ opted_out_at: opted_out ? now.toISOString() : null })
            .where('id', '=', userId)
            .where('opted_out_at', opted_out ? 'is' : 'is not', null)
            .executeTakeFirst()
          if (Number(res.numUpdatedRows) !== 1) return false
          const detail = opted_out
            ? 'Se opuso a los correos no esenciales.'
            : 'Volvió a aceptar los correos no esenciales.'
          await openRequest(trx, { userId, kind: 'opposition', now, status: 'done', detail })
          return true
        })
        const message = !changed ? M.unchanged : opted_out ? M.optedOut : M.optedIn
        return c.json({ message, ...(await state(userId)) })
      },
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
    async (c) => {
      const userId = c.get('auth').userId
      const { paused } = c.req.valid('json')
      const now = p.now()
      const changed = await inTransaction(p.db, async (trx) => {
        const res = await trx
          .updateTable('users')
          .set({ paused_at: paused ? now.toISOString() : null })
          .where('id', '=', userId)
          .where('paused_at', paused ? 'is' : 'is not', null)
          .executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) return false
        await openRequest(trx, {
          userId,
          kind: 'blocking',
          now,
          status: 'done',
          detail: paused ? 'Perfil pausado.' : 'Perfil reanudado.',
        })
        return true
      })
      const message = !changed ? M.unchanged : paused ? M.paused : M.resumed
      return c.json({ message, ...(await state(userId)) })
    },
  )

  return app
}
