import { consentsAcceptedSchema, consentStatusSchema } from '#domain/contract/users'
import { consentAcceptanceSchema } from '#domain/validation/consent'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono, operationName } from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { consentIp } from '#services/shared/consents'
import { acceptConsents, listPendingConsents } from './consent-operations'

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
 * the account has not accepted, and accepting them. Each handler reads the session (and the
 * validated body with the client's address), and answers what one operation of
 * consent-operations.ts returns.
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
      async (c) => c.json(await listPendingConsents(p, c.get('auth'))),
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
        const acceptance = { ...c.req.valid('json'), ip: consentIp(c.req.raw.headers) }
        return c.json(await acceptConsents(p, c.get('auth'), acceptance))
      },
    )
  }

  return app
}
