import type { MiddlewareHandler } from 'hono'
import { okMessageSchema } from '#domain/contract/common'
import { factorEnrolmentSchema, factorStatusSchema, recoveryCodesSchema } from '#domain/contract/staff'
import { confirmFactorSchema, disableFactorSchema, reauthSchema, verifyFactorSchema } from '#domain/validation/staff'
import { rateLimit, requireRole, sessionsChanged, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import { verifyPassword } from '#services/platform/crypto'
import type { Role } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import {
  acceptFactorCode,
  factorState,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  qrSvg,
  recoveryCodeHash,
  sealSecret,
  secretForTyping,
  totpUri,
} from './second-factor'

export const FACTOR_MESSAGES = {
  wrongCode: 'El código no es correcto o ya se usó. Revisa la hora de tu teléfono e inténtalo con el código nuevo.',
  enrolled: 'Verificación en dos pasos activada. Guarda tus códigos de recuperación.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada en esta cuenta.',
  notEnrolling: 'Empieza de nuevo la activación de la verificación en dos pasos.',
  notEnabled: 'La verificación en dos pasos no está activada en esta cuenta.',
  verified: 'Verificación completada.',
  disabled: 'Desactivamos la verificación en dos pasos.',
  wrongPassword: 'La contraseña es incorrecta.',
  reauthenticated: 'Identidad confirmada.',
} as const

/** Accounts with a second factor: the console (always) and companies (when they turn it on). */
const ROLES: Array<[string, Role]> = [
  ['admin', 'admin'],
  ['business', 'business'],
]

/** Failed codes per account in 15 minutes, from any address (the login's per-account rule, decision 73). */
const PER_ACCOUNT = { limit: 10, windowMs: 15 * 60_000 } as const

/**
 * The second factor (decision 77), under the users service's /auth: a session
 * that waits for it (factor_pending) reaches only the status, the enrolment and the code step;
 * every other route refuses it (services/platform/auth.ts).
 */
export function secondFactorRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Verificación en dos pasos']
  const limit = p.config.RATE_LIMIT_FACTOR

  /**
   * Wrong codes or passwords per account, from any address: over the limit, 429 whatever is typed
   * (a right code included) until the window passes. Only failures count: logging in often is fine.
   */
  const perAccount = (name: string): MiddlewareHandler<AuthEnv> => {
    return async (c, next) => {
      const key = `${name}-account:${c.get('auth').userId}`
      if ((await p.limiter.peek(key)) >= PER_ACCOUNT.limit * limit) throw new ApiError(429, MESSAGES.tooMany)
      await next()
      // Hono answers the handler's error before it comes back here: the status says how it went.
      if (c.res.status === 400) await p.limiter.hit(key, PER_ACCOUNT.limit * limit, PER_ACCOUNT.windowMs)
    }
  }

  /** The session passed its second factor now: it opens everything, and counts as a fresh proof. */
  const passSession = async (db: typeof p.db, sessionId: string, now: string) => {
    await db.updateTable('sessions').set({ factor_pending: 0, reauth_at: now }).where('id', '=', sessionId).execute()
    sessionsChanged(p)
  }

  for (const [path, role] of ROLES) {
    const pending = requireRole(p, role, { factorPending: true })

    defineRoute(
      app,
      {
        method: 'get',
        path: `/second-factor/${path}`,
        operationId: operationName('getSecondFactor', role),
        tags,
        summary: 'Estado de la verificación en dos pasos de la cuenta y de esta sesión',
        middleware: [pending],
        responses: { 200: jsonResponse(factorStatusSchema, 'Estado'), ...errors(401, 403) },
      },
      async (c) => {
        const auth = c.get('auth')
        const factor = await p.db
          .selectFrom('totp_factors')
          .select('confirmed_at')
          .where('user_id', '=', auth.userId)
          .executeTakeFirst()
        const left = await p.db
          .selectFrom('recovery_codes')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('user_id', '=', auth.userId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow()
        return c.json({
          state: await factorState(p.db, auth.userId, auth.factorPending),
          enabled: Boolean(factor?.confirmed_at),
          recovery_left: factor?.confirmed_at ? Number(left.n) : 0,
          required: role === 'admin',
        })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/second-factor/${path}/enrol`,
        operationId: operationName('startSecondFactorEnrolment', role),
        tags,
        summary: 'Empieza la activación: el secreto (para escribirlo), su dirección otpauth:// y el código QR en SVG',
        middleware: [pending],
        responses: { 200: jsonResponse(factorEnrolmentSchema, 'Secreto por confirmar'), ...errors(401, 403, 409) },
      },
      async (c) => {
        const auth = c.get('auth')
        const user = await p.db
          .selectFrom('users')
          .select(['email'])
          .where('id', '=', auth.userId)
          .executeTakeFirstOrThrow()
        const now = p.now().toISOString()
        const secret = await inTransaction(p.db, async (trx) => {
          const existing = await trx
            .selectFrom('totp_factors')
            .select(['secret_sealed', 'confirmed_at'])
            .where('user_id', '=', auth.userId)
            .executeTakeFirst()
          // An app already confirmed is never replaced from here: a stolen password cannot re-enrol.
          if (existing?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
          // The same secret while enrolling, so reloading the page keeps what the app already scanned.
          if (existing) return openSecret(p, existing.secret_sealed)
          const fresh = newTotpSecret()
          await trx
            .insertInto('totp_factors')
            .values({
              user_id: auth.userId,
              secret_sealed: sealSecret(p, fresh),
              confirmed_at: null,
              last_step: null,
              created_at: now,
            })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute()
          const row = await trx
            .selectFrom('totp_factors')
            .select('secret_sealed')
            .where('user_id', '=', auth.userId)
            .executeTakeFirstOrThrow()
          return openSecret(p, row.secret_sealed)
        })
        const uri = totpUri(secret, user.email)
        return c.json({ secret: secretForTyping(secret), uri, qr_svg: await qrSvg(uri) })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/second-factor/${path}/confirm`,
        operationId: operationName('confirmSecondFactor', role),
        tags,
        summary: 'Confirma la aplicación con su primer código; devuelve los 10 códigos de recuperación (una sola vez)',
        middleware: [rateLimit(p, 'factor', 20 * limit, 60_000), pending, perAccount('factor')],
        request: { body: jsonBody(confirmFactorSchema) },
        responses: { 200: jsonResponse(recoveryCodesSchema, 'Activada'), ...errors(400, 401, 403, 409, 429) },
      },
      async (c) => {
        const auth = c.get('auth')
        const { code } = c.req.valid('json')
        const now = p.now()
        const ts = now.toISOString()
        const codes = newRecoveryCodes()
        await inTransaction(p.db, async (trx) => {
          const factor = await trx
            .selectFrom('totp_factors')
            .select(['secret_sealed', 'confirmed_at'])
            .where('user_id', '=', auth.userId)
            .executeTakeFirst()
          if (!factor) throw new ApiError(409, FACTOR_MESSAGES.notEnrolling)
          if (factor.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
          const step = matchingStep(openSecret(p, factor.secret_sealed), code, now)
          if (step === null) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
          const confirmed = await trx
            .updateTable('totp_factors')
            .set({ confirmed_at: ts, last_step: step })
            .where('user_id', '=', auth.userId)
            .where('confirmed_at', 'is', null)
            .executeTakeFirst()
          if (Number(confirmed.numUpdatedRows) !== 1) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
          await trx.deleteFrom('recovery_codes').where('user_id', '=', auth.userId).execute()
          await trx
            .insertInto('recovery_codes')
            .values(
              codes.map((rc) => ({
                user_id: auth.userId,
                code_hash: recoveryCodeHash(p, auth.userId, rc),
                used_at: null,
                created_at: ts,
              })),
            )
            .execute()
          await passSession(trx, auth.sessionId, ts)
        })
        return c.json({ message: FACTOR_MESSAGES.enrolled, recovery_codes: codes })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/second-factor/${path}/verify`,
        operationId: operationName('verifySecondFactor', role),
        tags,
        summary:
          'El paso del código al iniciar sesión: un código de la aplicación o un código de recuperación (se gasta)',
        middleware: [rateLimit(p, 'factor', 20 * limit, 60_000), pending, perAccount('factor')],
        request: { body: jsonBody(verifyFactorSchema) },
        responses: { 200: jsonResponse(okMessageSchema, 'Sesión verificada'), ...errors(400, 401, 403, 409, 429) },
      },
      async (c) => {
        const auth = c.get('auth')
        const { code } = c.req.valid('json')
        const ts = p.now().toISOString()
        await inTransaction(p.db, async (trx) => {
          const factor = await trx
            .selectFrom('totp_factors')
            .select('confirmed_at')
            .where('user_id', '=', auth.userId)
            .executeTakeFirst()
          if (!factor?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.notEnabled)
          if (!(await acceptFactorCode(p, trx, auth.userId, code))) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
          await passSession(trx, auth.sessionId, ts)
        })
        return c.json({ message: FACTOR_MESSAGES.verified })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/reauthenticate/${path}`,
        operationId: operationName('reauthenticate', role),
        tags,
        summary:
          'Confirma la identidad (contraseña o código de la aplicación) antes de una acción delicada: vale 10 minutos',
        middleware: [rateLimit(p, 'reauth', 10 * limit, 60_000), requireRole(p, role), perAccount('reauth')],
        request: { body: jsonBody(reauthSchema) },
        responses: { 200: jsonResponse(okMessageSchema, 'Identidad confirmada'), ...errors(400, 401, 403, 429) },
      },
      async (c) => {
        const auth = c.get('auth')
        const input = c.req.valid('json')
        const user = await p.db
          .selectFrom('users')
          .select(['password_hash'])
          .where('id', '=', auth.userId)
          .executeTakeFirstOrThrow()
        const ts = p.now().toISOString()
        let ok = false
        if (input.password?.trim()) ok = await verifyPassword(input.password, user.password_hash)
        else if (input.code) ok = (await acceptFactorCode(p, p.db, auth.userId, input.code)) === 'totp'
        if (!ok)
          throw new ApiError(400, input.password?.trim() ? FACTOR_MESSAGES.wrongPassword : FACTOR_MESSAGES.wrongCode)
        await p.db.updateTable('sessions').set({ reauth_at: ts }).where('id', '=', auth.sessionId).execute()
        sessionsChanged(p)
        return c.json({ message: FACTOR_MESSAGES.reauthenticated })
      },
    )
  }

  // Companies may turn it off again (the console may not): the password and a code.
  defineRoute(
    app,
    {
      method: 'post',
      path: '/second-factor/business/disable',
      operationId: 'disableSecondFactorBusiness',
      tags,
      summary: 'Desactiva la verificación en dos pasos de la empresa (contraseña y un código)',
      middleware: [rateLimit(p, 'factor', 20 * limit, 60_000), requireRole(p, 'business'), perAccount('factor')],
      request: { body: jsonBody(disableFactorSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Desactivada'), ...errors(400, 401, 403, 409, 429) },
    },
    async (c) => {
      const auth = c.get('auth')
      const { password, code } = c.req.valid('json')
      const user = await p.db
        .selectFrom('users')
        .select(['password_hash'])
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow()
      const passwordOk = await verifyPassword(password, user.password_hash)
      await inTransaction(p.db, async (trx) => {
        const factor = await trx
          .selectFrom('totp_factors')
          .select('confirmed_at')
          .where('user_id', '=', auth.userId)
          .executeTakeFirst()
        if (!factor?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.notEnabled)
        if (!passwordOk) throw new ApiError(400, FACTOR_MESSAGES.wrongPassword)
        if (!(await acceptFactorCode(p, trx, auth.userId, code))) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
        await trx.deleteFrom('recovery_codes').where('user_id', '=', auth.userId).execute()
        await trx.deleteFrom('totp_factors').where('user_id', '=', auth.userId).execute()
      })
      return c.json({ message: FACTOR_MESSAGES.disabled })
    },
  )

  return app
}
