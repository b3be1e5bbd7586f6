import { consoleThreadSchema } from '#domain/contract/messages'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { readThreadForConsole } from './message-operations'

/**
 * The console reads an application's thread (decision 105), for an «administrador» only (a
 * report of abuse, a dispute); reading it marks nothing read for either side and is recorded as a
 * view of the driver's data (decision 108). The handler answers what readThreadForConsole returns.
 */
export function adminMessageRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  defineRoute(
    app,
    {
      method: 'get',
      path: '/applications/{id}/messages',
      operationId: 'getThreadForConsole',
      tags: ['Consola'],
      summary: 'La conversación entre empresa y conductor de una postulación',
      request: { params: idParams },
      responses: { 200: jsonResponse(consoleThreadSchema, 'La conversación'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readThreadForConsole(p, c.get('auth').userId, c.req.valid('param'))),
  )
  return app
}
