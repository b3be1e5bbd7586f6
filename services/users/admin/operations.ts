import { okMessageSchema } from '#domain/contract/common'
import { operationsSchema } from '#domain/contract/operations'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { readOperations, retryOutboxMessage } from './operation-state'
import { actorOf } from './shared'

/**
 * «Operación»: the health of what the product needs and the outbox's backlog; administradores only
 * (index.ts). Each handler reads the admin and the validated input, and answers what one operation
 * of operation-state.ts returns.
 */
export function adminOperationsRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/operations',
      operationId: 'getOperations',
      tags,
      summary: 'Estado de la base de datos, Redis, el almacenamiento y el correo, y los mensajes pendientes y fallidos',
      responses: { 200: jsonResponse(operationsSchema, 'Operación'), ...errors(401, 403) },
    },
    async (c) => c.json(await readOperations(p), 200, { 'Cache-Control': 'no-store' }),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/operations/outbox/{id}/retry',
      operationId: 'retryOutboxMessage',
      tags,
      summary: 'Devuelve un mensaje fallido a la cola de envío (con sus intentos desde cero) y despierta al repartidor',
      request: { params: idParams },
      responses: { 200: jsonResponse(okMessageSchema, 'En la cola'), ...errors(401, 403, 404, 409) },
    },
    async (c) => c.json(await retryOutboxMessage(p, await actorOf(p, c), c.req.valid('param'))),
  )

  return app
}
