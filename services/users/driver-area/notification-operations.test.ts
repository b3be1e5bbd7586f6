import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import {
  NOTIFICATION_MESSAGES,
  notificationPreferences,
  updateNotificationPreferences,
} from './notification-operations'
import type { DriverActor } from './shared'
import { platformWithDrivers } from './test-helpers'

/** The notification channel operations called as a script would call them, without a route in between. */
describe.each(engines)('driver notification operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor

  beforeEach(async () => ({ p, camila } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const stored = () =>
    p.db
      .selectFrom('users')
      .select(['notify_email', 'notify_whatsapp'])
      .where('id', '=', camila.userId)
      .executeTakeFirstOrThrow()
  const setPhone = (phone: string | null) =>
    p.db.updateTable('users').set({ phone }).where('id', '=', camila.userId).execute()

  it('refuses WhatsApp to a driver without a Chilean mobile, changing nothing', async () => {
    await setPhone(null)
    const before = await stored()
    expect(await notificationPreferences(p, camila)).toEqual({
      email: true,
      whatsapp: false,
      whatsapp_available: false,
    })
    await expect(updateNotificationPreferences(p, camila, { email: false, whatsapp: true })).rejects.toMatchObject({
      status: 400,
      messages: NOTIFICATION_MESSAGES.noMobile,
    })
    expect(await stored()).toEqual(before)
  })

  it('stores each channel, and WhatsApp reads as off while the mobile is gone', async () => {
    await setPhone('56987654321')
    expect(await updateNotificationPreferences(p, camila, { email: false, whatsapp: true })).toEqual({
      message: NOTIFICATION_MESSAGES.updated,
      email: false,
      whatsapp: true,
      whatsapp_available: true,
    })
    expect(await stored()).toEqual({ notify_email: 0, notify_whatsapp: 1 })
    await setPhone(null)
    expect(await notificationPreferences(p, camila)).toEqual({
      email: false,
      whatsapp: false,
      whatsapp_available: false,
    })
    expect(await stored()).toEqual({ notify_email: 0, notify_whatsapp: 1 })
  })
})
