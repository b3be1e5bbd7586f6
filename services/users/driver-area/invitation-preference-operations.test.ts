import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import {
  INVITATION_PREFERENCE_MESSAGES,
  invitationPreference,
  updateInvitationPreference,
} from './invitation-preference-operations'
import type { DriverActor } from './shared'
import { platformWithDrivers } from './test-helpers'

/** The invitation preference operations called as a script would call them, without a route in between. */
describe.each(engines)('driver invitation preference operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor

  beforeEach(async () => ({ p, camila } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const optedInAt = async () =>
    (
      await p.db
        .selectFrom('users')
        .select('invitations_opt_in_at')
        .where('id', '=', camila.userId)
        .executeTakeFirstOrThrow()
    ).invitations_opt_in_at

  it('is off until turned on, and turning it on again keeps the first moment', async () => {
    expect(await invitationPreference(p, camila)).toEqual({ invitations: false, opposed: false })
    const before = p.now().toISOString()
    expect(await updateInvitationPreference(p, camila, { invitations: true })).toEqual({
      message: INVITATION_PREFERENCE_MESSAGES.on,
      invitations: true,
      opposed: false,
    })
    const first = await optedInAt()
    expect(first! >= before && first! <= p.now().toISOString()).toBe(true)
    p.advance(60_000)
    await updateInvitationPreference(p, camila, { invitations: true })
    expect(await optedInAt()).toBe(first)
  })

  it('turned off, clears the moment, and says whether the driver opposed non-essential messages', async () => {
    await updateInvitationPreference(p, camila, { invitations: true })
    await p.db
      .updateTable('users')
      .set({ opted_out_at: p.now().toISOString() })
      .where('id', '=', camila.userId)
      .execute()
    expect(await updateInvitationPreference(p, camila, { invitations: false })).toEqual({
      message: INVITATION_PREFERENCE_MESSAGES.off,
      invitations: false,
      opposed: true,
    })
    expect(await optedInAt()).toBeNull()
  })
})
