import { threadSchema } from '#domain/contract/messages'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono, security } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { readThread, threadRef } from '#services/shared/application-messages'

/**
 * The console reads an application's thread (decision 105), for an «administrador» only (a
 * report of abuse, a dispute); reading it marks nothing read for either side.
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
      security: security('admin'),
      request: { params: idParams },
      responses: { 200: jsonResponse(threadSchema, 'La conversación'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const ref = await threadRef(p.db, c.req.valid('param').id, 'console')
      return c.json(await readThread(p.db, ref, 'console', p.now()))
    },
  )
  return app
}
