import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdatedSchema,
} from '#domain/contract/users'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { notificationPreferences, updateNotificationPreferences } from './notification-operations'
import { driverActor, requireDriver } from './shared'

/**
 * The driver's notification channels (decision 98), the driver only. Each handler reads the driver
 * of the session and the validated input, and answers what one operation of
 * notification-operations.ts returns.
 */
export function notificationRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)

  defineRoute(
    app,
    {
      method: 'get',
      path: '/notification-preferences',
      operationId: 'getNotificationPreferences',
      tags,
      summary: 'Por dónde recibe el conductor sus avisos: correo y WhatsApp',
      middleware: [auth],
      responses: { 200: jsonResponse(notificationPreferencesSchema, 'Canales'), ...errors(401, 403) },
    },
    async (c) => c.json(await notificationPreferences(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/notification-preferences',
      operationId: 'updateNotificationPreferences',
      tags,
      summary: 'Enciende o apaga el correo y WhatsApp de los avisos del conductor',
      middleware: [auth],
      request: { body: jsonBody(notificationPreferencesInputSchema) },
      responses: {
        200: jsonResponse(notificationPreferencesUpdatedSchema, 'Canales guardados'),
        ...errors(400, 401, 403),
      },
    },
    async (c) => c.json(await updateNotificationPreferences(p, driverActor(c), c.req.valid('json'))),
  )

  return app
}
