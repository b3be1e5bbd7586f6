import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdatedSchema,
} from '#domain/contract/users'
import { isChileanMobile } from '#domain/phone'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { channelsOf } from '#services/shared/driver-notifications'
import { requireDriver } from './shared'

export const NOTIFICATION_MESSAGES = {
  updated: 'Guardamos cómo quieres recibir tus avisos.',
  noMobile: 'Para recibir WhatsApp, agrega un celular en «Mis Datos».',
} as const

/** The driver's notification channels (decision 98): read and change them, the driver only. */
export function notificationRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)
  const preferencesOf = async (userId: number) => {
    const u = await p.db
      .selectFrom('users')
      .select(['phone', 'notify_email', 'notify_whatsapp'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const available = isChileanMobile(u.phone ?? '')
    const channels = channelsOf(u)
    return { email: channels.email, whatsapp: channels.whatsapp && available, whatsapp_available: available }
  }

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
    async (c) => c.json(await preferencesOf(c.get('auth').userId)),
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
    async (c) => {
      const userId = c.get('auth').userId
      const input = c.req.valid('json')
      const user = await p.db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow()
      if (input.whatsapp && !isChileanMobile(user.phone ?? '')) throw new ApiError(400, NOTIFICATION_MESSAGES.noMobile)
      await p.db
        .updateTable('users')
        .set({ notify_email: input.email ? 1 : 0, notify_whatsapp: input.whatsapp ? 1 : 0 })
        .where('id', '=', userId)
        .execute()
      return c.json({ message: NOTIFICATION_MESSAGES.updated, ...(await preferencesOf(userId)) })
    },
  )

  return app
}
