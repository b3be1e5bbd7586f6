import { consentsAcceptedSchema, consentStatusSchema } from '#domain/contract/users'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { consentAcceptanceSchema } from '#domain/validation/consent'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { consentIp, pendingConsents, recordConsents } from '#services/shared/consents'

export const CONSENT_MESSAGES = {
  accepted: 'Gracias. Registramos que aceptaste los documentos actualizados.',
  nothingPending: 'Ya habías aceptado las versiones vigentes.',
} as const

/**
 * Drivers and companies, each through its own header and path (like «Seguridad»); the console's
 * accounts accept nothing here (they are staff, bound by their own agreements).
 */
const ROLES: Array<[string, Role]> = [
  ['user', 'User'],
  ['business', 'business'],
]

/**
 * Ley 21.719 (decision 74), under the users service's /auth: which documents' versions in force
 * the account has not accepted, and accepting them. The service records the versions in force
 * (domain/privacy.ts), whatever the caller sends besides its yes.
 */
export function consentRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Privacidad']

  for (const [path, role] of ROLES) {
    defineRoute(
      app,
      {
        method: 'get',
        path: `/consents/${path}`,
        operationId: operationName('listPendingConsents', role),
        tags,
        summary: 'Los documentos (términos, política de privacidad) cuya versión vigente la cuenta aún no acepta',
        middleware: [requireRole(p, role)],
        responses: { 200: jsonResponse(consentStatusSchema, 'Pendientes (vacío si aceptó todo)'), ...errors(401, 403) },
      },
      async (c) => {
        const pending = await pendingConsents(p.db, c.get('auth').userId)
        return c.json({
          pending: pending.map((document) => ({ document, version: LEGAL_DOCUMENTS[document].version })),
        })
      },
    )

    defineRoute(
      app,
      {
        method: 'post',
        path: `/consents/${path}`,
        operationId: operationName('acceptConsents', role),
        tags,
        summary: 'Registra que la cuenta acepta las versiones vigentes que tenía pendientes',
        middleware: [requireRole(p, role)],
        request: { body: jsonBody(consentAcceptanceSchema) },
        responses: { 200: jsonResponse(consentsAcceptedSchema, 'Aceptación registrada'), ...errors(400, 401, 403) },
      },
      async (c) => {
        const { userId } = c.get('auth')
        const pending = await pendingConsents(p.db, userId)
        // Two tabs accepting at once: the unique index keeps one row per version.
        await recordConsents(p.db, userId, p.now().toISOString(), consentIp(c.req.raw.headers), pending)
        return c.json({
          message: pending.length ? CONSENT_MESSAGES.accepted : CONSENT_MESSAGES.nothingPending,
          pending: [],
        })
      },
    )
  }

  return app
}
