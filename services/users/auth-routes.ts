import type { Context } from 'hono'
import { okMessageSchema } from '#domain/contract/common'
import { liveSessionUserSchema, loginResponseSchema, sessionPayloadSchema } from '#domain/contract/users'
import { deviceLabel } from '#domain/device'
import {
  emailCodeSchema,
  loginSchema,
  resetPasswordConfirmPayloadSchema,
  resetPasswordRequestSchema,
} from '#domain/validation/auth'
import { requireRole, rateLimit, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import {
  confirmPasswordReset,
  getSessionUser,
  login,
  logout,
  refreshDriverSession,
  requestPasswordReset,
  verifyEmailCode,
} from './auth-operations'

/** The label of the browser a new session opens on, from its User-Agent. */
const deviceOf = (c: Context) => deviceLabel(c.req.header('user-agent'))

/**
 * Logging in and out, the mailed code, the password reset and the session's owner. Each handler
 * reads the validated input (and the browser's label) or the session the role check let in, and
 * answers what one operation of auth-operations.ts returns; the per-address rate limits are the
 * routes' own.
 */
export function authRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Autenticación']
  const limit = p.config.RATE_LIMIT_FACTOR

  defineRoute(
    app,
    {
      method: 'post',
      path: '/login',
      operationId: 'login',
      tags,
      summary: 'Inicia sesión: devuelve el objeto de sesión, o envía un código si el correo no está verificado',
      middleware: [rateLimit(p, 'login', 10 * limit, 60_000)],
      request: { body: jsonBody(loginSchema) },
      responses: {
        200: jsonResponse(loginResponseSchema, 'Sesión iniciada, o código enviado (email_verification: true)'),
        ...errors(400, 401, 429),
      },
    },
    async (c) => c.json(await login(p, { ...c.req.valid('json'), device: deviceOf(c) })),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/validate-code-email-verification',
      operationId: 'verifyEmailCode',
      tags,
      summary: 'Verifica el código enviado al correo e inicia la sesión',
      middleware: [rateLimit(p, 'code', 20 * limit, 60_000)],
      request: { body: jsonBody(emailCodeSchema) },
      responses: { 200: jsonResponse(sessionPayloadSchema, 'Correo verificado; sesión iniciada'), ...errors(400, 429) },
    },
    async (c) => c.json(await verifyEmailCode(p, { ...c.req.valid('json'), device: deviceOf(c) })),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/reset-password',
      operationId: 'requestPasswordReset',
      tags,
      summary: 'Envía un enlace para restablecer la contraseña (la respuesta no dice si el correo existe)',
      middleware: [rateLimit(p, 'reset', 5 * limit, 15 * 60_000)],
      request: { body: jsonBody(resetPasswordRequestSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Solicitud recibida'), ...errors(400, 429) },
    },
    async (c) => c.json(await requestPasswordReset(p, c.req.valid('json'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/reset-password-confirm',
      operationId: 'confirmPasswordReset',
      tags,
      summary: 'Cambia la contraseña con el token del enlace; cierra las demás sesiones',
      middleware: [rateLimit(p, 'reset-confirm', 10 * limit, 15 * 60_000)],
      request: { body: jsonBody(resetPasswordConfirmPayloadSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Contraseña actualizada'), ...errors(400, 429) },
    },
    async (c) => c.json(await confirmPasswordReset(p, c.req.valid('json'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/success-login',
      operationId: 'refreshDriverSession',
      tags,
      summary: 'Refresca los datos de la sesión del conductor',
      middleware: [requireRole(p, 'User')],
      responses: { 200: jsonResponse(sessionPayloadSchema, 'Datos de la sesión'), ...errors(401, 403) },
    },
    async (c) => c.json(await refreshDriverSession(p, c.get('auth'))),
  )

  // Who a session belongs to, asked by the web tier's guards on every protected page: a revoked
  // or expired session is refused here at once (401), whatever its cookie still says; a session
  // of another role gets 403.
  for (const [path, role] of [
    ['/session/user', 'User'],
    ['/session/business', 'business'],
    ['/session/admin', 'admin'],
  ] as Array<[string, Role]>) {
    defineRoute(
      app,
      {
        method: 'get',
        path,
        operationId: operationName('getSession', role),
        tags,
        summary: 'Quién es el dueño de la sesión, según el servicio ahora (las páginas protegidas lo preguntan)',
        // A session waiting for its second factor is answered too: the page sends it to that step.
        middleware: [requireRole(p, role, { factorPending: true })],
        responses: { 200: jsonResponse(liveSessionUserSchema, 'Usuario de la sesión'), ...errors(401, 403) },
      },
      async (c) => c.json(await getSessionUser(p, c.get('auth'))),
    )
  }

  for (const [path, role] of [
    ['/logout/user', 'User'],
    ['/logout/business', 'business'],
    ['/logout/admin', 'admin'],
  ] as Array<[string, Role]>) {
    defineRoute(
      app,
      {
        method: 'post',
        path,
        operationId: operationName('logout', role),
        tags,
        summary: 'Cierra la sesión (cuerpo vacío)',
        middleware: [requireRole(p, role, { factorPending: true })],
        responses: { 200: jsonResponse(okMessageSchema, 'Sesión cerrada'), ...errors(401, 403) },
      },
      async (c) => c.json(await logout(p, c.get('auth'))),
    )
  }

  return app
}
