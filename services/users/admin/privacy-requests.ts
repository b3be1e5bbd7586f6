import { okMessageSchema } from '#domain/contract/common'
import { adminPrivacyRequestsSchema } from '#domain/contract/my-data'
import { privacyAnswerSchema, privacyRequestsQuerySchema } from '#domain/validation/my-data'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { answerPrivacyRequest, listPrivacyRequests } from './privacy-request-operations'
import { actorOf } from './shared'

/**
 * The console's view of the rights people exercise (Ley 21.719; decision 75): every request with
 * its legal deadline, and the answer to a rectification. Each handler reads the admin and the
 * validated input, and answers what one operation of privacy-request-operations.ts returns.
 */
export function adminPrivacyRequestRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/privacy-requests',
      operationId: 'listPrivacyRequests',
      tags,
      summary: 'Las solicitudes de derechos (Ley 21.719) con su plazo legal; ?estado=pendientes solo las abiertas',
      request: { query: privacyRequestsQuerySchema },
      responses: { 200: jsonResponse(adminPrivacyRequestsSchema, 'Solicitudes'), ...errors(401, 403) },
    },
    async (c) => c.json(await listPrivacyRequests(p, c.req.valid('query'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/privacy-requests/{id}/answer',
      operationId: 'answerPrivacyRequest',
      tags,
      summary: 'Marca como resuelta una solicitud de rectificación, con una nota que recibe la persona',
      request: { params: idParams, body: jsonBody(privacyAnswerSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Resuelta'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await answerPrivacyRequest(p, await actorOf(p, c), input))
    },
  )

  return app
}
