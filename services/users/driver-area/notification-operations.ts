import type { z } from 'zod'
import type { notificationPreferencesInputSchema } from '#domain/contract/users'
import { isChileanMobile } from '#domain/phone'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { channelsOf } from '#services/shared/driver-notifications'
import type { DriverActor } from './shared'

/**
 * A driver's notification channels (decision 98) as operations `(platform, driver, input) →
 * result`: reading them and turning email and WhatsApp on or off. The routes (notifications.ts)
 * read the driver of the session and the validated input and answer with the result; tests and
 * scripts call the operations directly.
 */

export const NOTIFICATION_MESSAGES = {
  updated: 'Guardamos cómo quieres recibir tus avisos.',
  noMobile: 'Para recibir WhatsApp, agrega un celular en «Mis Datos».',
} as const

/** The driver's channels; WhatsApp counts as on only while the driver has a Chilean mobile. */
export async function notificationPreferences(p: Pick<Platform, 'db'>, driver: DriverActor) {
  const u = await p.db
    .selectFrom('users')
    .select(['phone', 'notify_email', 'notify_whatsapp'])
    .where('id', '=', driver.userId)
    .executeTakeFirstOrThrow()
  const available = isChileanMobile(u.phone ?? '')
  const channels = channelsOf(u)
  return { email: channels.email, whatsapp: channels.whatsapp && available, whatsapp_available: available }
}

/** Turns each channel on or off; WhatsApp on without a Chilean mobile is 400 and changes nothing. */
export async function updateNotificationPreferences(
  p: Pick<Platform, 'db'>,
  driver: DriverActor,
  input: z.output<typeof notificationPreferencesInputSchema>,
) {
  const { userId } = driver
  const user = await p.db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow()
  if (input.whatsapp && !isChileanMobile(user.phone ?? '')) throw new ApiError(400, NOTIFICATION_MESSAGES.noMobile)
  await p.db
    .updateTable('users')
    .set({ notify_email: input.email ? 1 : 0, notify_whatsapp: input.whatsapp ? 1 : 0 })
    .where('id', '=', userId)
    .execute()
  return { message: NOTIFICATION_MESSAGES.updated, ...(await notificationPreferences(p, driver)) }
}
