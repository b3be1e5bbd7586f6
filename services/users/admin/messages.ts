import { consoleThreadSchema } from '#domain/contract/messages'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { readThread, threadRef } from '#services/shared/application-messages'
import { recordView } from '#services/shared/data-views'

/**
 * The console reads an application's thread (decision 105), for an «administrador» only (a
 * report of abuse, a dispute); reading it marks nothing read for either side. The reading is a
 * view of the driver's data (decision 108): recorded before the answer, or nothing is served.
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
    async (c) => {
      const now = p.now()
      const ref = await threadRef(p.db, c.req.valid('param').id, 'console')
      const thread = await readThread(p.db, ref, 'console', now)
      await recordView(p.db, {
        viewer: { kind: 'staff', userId: c.get('auth').userId },
        subjectUserId: ref.driverId,
        kind: 'conversacion',
        itemId: ref.id,
        detail: ref.companyName,
        now,
      })
      return c.json({ ...thread, id_driver: ref.driverId, id_company: ref.companyId, id_publication: ref.postingId })
    },
  )
  return app
}
