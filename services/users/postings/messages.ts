import { z } from 'zod'
import { driverThreadsSchema, messageSentSchema, threadSchema } from '#domain/contract/messages'
import { threadMessageSchema } from '#domain/validation/application-messages'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { driverActor } from '../driver-area/shared'
import { countDriverUnread, listDriverThreads, readDriverThread, sendDriverMessage } from './message-operations'

/**
 * The driver's side of their applications' threads (decision 105), mounted at /users. Each handler
 * reads the driver of the session and the validated input, and answers what one operation of
 * message-operations.ts returns.
 */
export function driverMessageRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Ofertas para conductores']
  const auth = requireRole(p, 'User')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/applications/messages',
      operationId: 'listDriverThreads',
      tags,
      summary: 'Las postulaciones del conductor con mensajes, y cuántos no ha leído',
      middleware: [auth],
      responses: { 200: jsonResponse(driverThreadsSchema, 'Las conversaciones'), ...errors(401, 403) },
    },
    async (c) => c.json(await listDriverThreads(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/applications/messages/unread',
      operationId: 'countDriverUnread',
      tags,
      summary: 'Cuántos mensajes de empresas no ha leído el conductor',
      middleware: [auth],
      responses: { 200: jsonResponse(z.object({ unread: z.number() }), 'Sin leer'), ...errors(401, 403) },
    },
    async (c) => c.json(await countDriverUnread(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/applications/{id}/messages',
      operationId: 'getDriverThread',
      tags,
      summary: 'La conversación de una postulación del conductor; lo que escribió la empresa queda leído',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(threadSchema, 'La conversación'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readDriverThread(p, driverActor(c), c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/applications/{id}/messages',
      operationId: 'sendDriverMessage',
      tags,
      summary: 'Responde a la empresa en la conversación de una postulación (le llega un correo)',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(threadMessageSchema) },
      responses: {
        201: jsonResponse(messageSentSchema, 'Mensaje enviado'),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    },
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') }
      return c.json(await sendDriverMessage(p, driverActor(c), input), 201)
    },
  )

  return app
}
