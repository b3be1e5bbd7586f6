import type { AccountSession } from '#domain/contract/users'
import { deviceLabel } from '#domain/device'
import type { ChangePasswordPayload } from '#domain/validation/auth'
import { sessionsChanged, type AuthContext } from '#services/platform/auth'
import { hashPassword, verifyPassword } from '#services/platform/crypto'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { passwordChangedMail } from './mails'

/**
 * Account security of drivers and companies as operations `(platform, session, input) → result`:
 * change the password (the current one required; every other session of the account ends), list
 * the account's open sessions, close one of them or all but this one. The routes
 * (security-routes.ts) read the session and the validated input and answer with the result; tests
 * and scripts call the operations directly. Every write to sessions tells the session memo
 * (sessionsChanged), so a closed session is refused from the next request on.
 */

export const SECURITY_MESSAGES = {
  wrongPassword: 'La contraseña actual es incorrecta.',
  passwordChanged: 'Contraseña actualizada. Cerramos tu sesión en los demás dispositivos.',
  othersClosed: 'Cerramos tu sesión en los demás dispositivos.',
  noOthers: 'No tienes sesiones abiertas en otros dispositivos.',
  sessionClosed: 'Cerramos la sesión en ese dispositivo.',
  sessionNotFound: 'Esa sesión no existe o ya está cerrada.',
} as const

/** Who acts: an account, through one of its sessions (the one that stays open). */
export type SessionActor = Pick<AuthContext, 'userId' | 'sessionId'>

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Changes the account's password when the current one is right (400 otherwise), ends every other
 * session of the account and queues the mail that tells its owner; 401 for an account gone.
 */
export async function changePassword(
  p: Platform,
  session: SessionActor,
  input: Pick<ChangePasswordPayload, 'current_password' | 'password'>,
): Promise<{ message: string }> {
  const user = await p.db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'password_hash'])
    .where('id', '=', session.userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(401, MESSAGES.unauthorized)
  if (!(await verifyPassword(input.current_password, user.password_hash)))
    throw new ApiError(400, SECURITY_MESSAGES.wrongPassword)
  const passwordHash = await hashPassword(input.password)
  const now = p.now().toISOString()
  await inTransaction(p.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', user.id)
      .execute()
    // The session that changed it stays; every other one ends with the old password.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', user.id)
      .where('id', '!=', session.sessionId)
      .where('revoked_at', 'is', null)
      .execute()
    await enqueueEmail(trx, passwordChangedMail(user.email, user.firstname, `${p.publicUrl}/login/recuperar`), p.now())
  })
  sessionsChanged(p)
  p.wakeOutbox()
  return { message: SECURITY_MESSAGES.passwordChanged }
}

/**
 * The account's sessions still open (not closed, not expired): the current one first, then by
 * last activity, newest first.
 */
export async function listSessions(
  p: Pick<Platform, 'db' | 'now'>,
  session: SessionActor,
): Promise<{ sessions: AccountSession[] }> {
  const rows = await p.db
    .selectFrom('sessions')
    .where('user_id', '=', session.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', p.now().toISOString())
    .select(['id', 'device', 'created_at', 'last_seen_at'])
    .execute()
  const sessions: AccountSession[] = rows
    .map((r) => ({
      id: r.id,
      device: r.device ?? deviceLabel(null),
      created_at: r.created_at,
      last_seen_at: r.last_seen_at ?? r.created_at,
      current: r.id === session.sessionId,
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        b.last_seen_at.localeCompare(a.last_seen_at) ||
        a.id.localeCompare(b.id),
    )
  return { sessions }
}

/** Closes every session of the account but the one that acts; `closed` counts them (0: there were none). */
export async function closeOtherSessions(
  p: Platform,
  session: SessionActor,
): Promise<{ message: string; closed: number }> {
  const result = await p.db
    .updateTable('sessions')
    .set({ revoked_at: p.now().toISOString() })
    .where('user_id', '=', session.userId)
    .where('id', '!=', session.sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  sessionsChanged(p)
  const closed = Number(result.numUpdatedRows)
  return { message: closed ? SECURITY_MESSAGES.othersClosed : SECURITY_MESSAGES.noOthers, closed }
}

/** Closes one open session of the account, the acting one too; 404 for any other id. */
export async function closeSession(p: Platform, session: SessionActor, { id }: { id: string }) {
  // Another account's session, a closed one or no session at all: the same 404.
  if (!SESSION_ID.test(id)) throw new ApiError(404, SECURITY_MESSAGES.sessionNotFound)
  const result = await p.db
    .updateTable('sessions')
    .set({ revoked_at: p.now().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', session.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', p.now().toISOString())
    .executeTakeFirst()
  sessionsChanged(p)
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(404, SECURITY_MESSAGES.sessionNotFound)
  return { message: SECURITY_MESSAGES.sessionClosed }
}
