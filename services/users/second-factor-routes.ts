import type { MiddlewareHandler } from 'hono'
import { okMessageSchema } from '#domain/contract/common'
import { factorEnrolmentSchema, factorStatusSchema, recoveryCodesSchema } from '#domain/contract/staff'
import { confirmFactorSchema, disableFactorSchema, reauthSchema, verifyFactorSchema } from '#domain/validation/staff'
import { rateLimit, requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import {
  confirmSecondFactor,
  disableSecondFactor,
  getSecondFactor,
  reauthenticate,
  startSecondFactorEnrolment,
  verifySecondFactor,
} from './second-factor-operations'

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
 * every other route refuses it (services/platform/auth.ts). Each handler reads the session and the
 * validated input, and answers what one operation of second-factor-operations.ts returns; the rate
 * limits, per address and per account, are the routes' own.
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
      async (c) => c.json(await getSecondFactor(p, c.get('auth'))),
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
      async (c) => c.json(await startSecondFactorEnrolment(p, c.get('auth'))),
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
      async (c) => c.json(await confirmSecondFactor(p, c.get('auth'), c.req.valid('json'))),
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
      async (c) => c.json(await verifySecondFactor(p, c.get('auth'), c.req.valid('json'))),
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
      async (c) => c.json(await reauthenticate(p, c.get('auth'), c.req.valid('json'))),
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
    async (c) => c.json(await disableSecondFactor(p, c.get('auth'), c.req.valid('json'))),
  )

  return app
}
