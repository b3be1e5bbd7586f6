import type { z } from 'zod'
import type { invitationPreferenceInputSchema } from '#domain/contract/invitations'
import type { Platform } from '#services/platform/platform'
import type { DriverActor } from './shared'

/**
 * «Quiero que las empresas me inviten» (decision 106) as operations `(platform, driver, input) →
 * result`: off until the driver turns it on, and only a driver who turned it on is counted in a
 * company's matching drivers and invited. The routes (invitations.ts) read the driver of the
 * session and the validated input and answer with the result; tests and scripts call the
 * operations directly.
 */

export const INVITATION_PREFERENCE_MESSAGES = {
  on: 'Listo: las empresas con publicaciones que calzan contigo podrán invitarte a postular.',
  off: 'Listo: las empresas ya no te invitarán a postular.',
} as const

/** Whether the driver takes invitations, and whether they opposed non-essential messages. */
export async function invitationPreference(p: Pick<Platform, 'db'>, driver: DriverActor) {
  const u = await p.db
    .selectFrom('users')
    .select(['invitations_opt_in_at', 'opted_out_at'])
    .where('id', '=', driver.userId)
    .executeTakeFirstOrThrow()
  return { invitations: u.invitations_opt_in_at !== null, opposed: u.opted_out_at !== null }
}

/** Turns invitations on or off for the driver. */
export async function updateInvitationPreference(
  p: Pick<Platform, 'db' | 'now'>,
  driver: DriverActor,
  { invitations }: z.output<typeof invitationPreferenceInputSchema>,
) {
  const { userId } = driver
  // Turning it on again keeps the first moment it was on: the consent's date stays true.
  if (invitations)
    await p.db
      .updateTable('users')
      .set({ invitations_opt_in_at: p.now().toISOString() })
      .where('id', '=', userId)
      .where('invitations_opt_in_at', 'is', null)
      .execute()
  else await p.db.updateTable('users').set({ invitations_opt_in_at: null }).where('id', '=', userId).execute()
  return {
    message: invitations ? INVITATION_PREFERENCE_MESSAGES.on : INVITATION_PREFERENCE_MESSAGES.off,
    ...(await invitationPreference(p, driver)),
  }
}
