import { randomUUID } from 'node:crypto'
import type { SessionObject } from '#domain/contract/users'
import type { User } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { SESSION_TTL_SECONDS, signSessionToken } from '#services/platform/tokens'
import { confirmedFactor, needsSecondFactor } from './second-factor'

/**
 * A new session of `user`; `device` is the label of the browser it opens on (domain/device.ts).
 * A console account's session, or one of an account with an authenticator app, starts waiting
 * for the second factor (decision 77): the services accept it only at that step until it passes.
 */
export async function startSession(p: Platform, user: User, device: string | null = null): Promise<string> {
  const now = p.now()
  const id = randomUUID()
  const factorPending = await needsSecondFactor(p.db, user)
  await p.db
    .insertInto('sessions')
    .values({
      id,
      user_id: user.id,
      role: user.role,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
      revoked_at: null,
      device,
      last_seen_at: now.toISOString(),
      factor_pending: factorPending ? 1 : 0,
    })
    .execute()
  return signSessionToken(p.keys.jwt, { userId: user.id, role: user.role, sessionId: id }, now)
}

/** What a new session still needs: an app to enrol, a code to type, or nothing. */
export async function secondFactorStep(p: Platform, user: User): Promise<{ second_factor?: 'enrol' | 'verify' }> {
  if (!(await needsSecondFactor(p.db, user))) return {}
  return { second_factor: (await confirmedFactor(p.db, user.id)) ? 'verify' : 'enrol' }
}

export async function sessionObject(p: Platform, user: User, token: string): Promise<SessionObject> {
  // One pass over the driver's latest record per slot: uploaded (not rejected) and accepted.
  const files = await p.db
    .selectFrom('user_files')
    .select(['purpose_name', 'file_status', 'id'])
    .where('user_id', '=', user.id)
    .orderBy('id', 'asc')
    .execute()
  const latest = new Map<string, string>()
  for (const f of files) latest.set(f.purpose_name, f.file_status)
  let filesUpload = 0
  let filesVerification = 0
  for (const status of latest.values()) {
    if (status !== 'REJECTED') filesUpload++
    if (status === 'ACCEPTED') filesVerification++
  }
  return {
    role: user.role,
    token_jwt: token,
    email: user.email,
    rut: p.columns.openNullable('rut', user.rut),
    firstname: user.firstname,
    lastname: user.lastname,
    img_profile: user.img_profile,
    phone: user.phone,
    address: user.address,
    about_me: user.about_me,
    security_user: { email_verified: user.email_verified === 1 },
    files: { filesUpload, files_verification: filesVerification },
    email_verification: false,
    email_one_time_token: null,
  }
}
