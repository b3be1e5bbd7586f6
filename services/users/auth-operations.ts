import type {
  EmailCodeValues,
  LoginValues,
  ResetPasswordConfirmPayload,
  ResetPasswordRequestValues,
} from '#domain/validation/auth'
import { sessionsChanged, type AuthContext } from '#services/platform/auth'
import {
  dummyPasswordHash,
  hashPassword,
  hmac,
  randomToken,
  safeEqual,
  sha256,
  sixDigitCode,
  verifyPassword,
} from '#services/platform/crypto'
import type { User } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { driverUnread } from '#services/shared/application-messages'
import { pendingConsents } from '#services/shared/consents'
import { recordLogin } from './account-closure'
import { loginLockedMail, passwordResetMail, verificationCodeMail } from './mails'
import { factorState } from './second-factor'
import { secondFactorStep, sessionObject, startSession } from './session-object'

/**
 * Logging in, the mailed code, the password reset, the session's owner and logging out as
 * operations `(platform, session, input) → result`. Logging in, the code and the reset act for a
 * visitor, so they take no session; the others take the session the role check let in. The
 * routes (auth-routes.ts) keep the per-address rate limits and read the browser's label from its
 * User-Agent, passed here as `device`; tests and scripts call the operations directly.
 */

const CODE_TTL_MS = 15 * 60 * 1000
const CODE_MAX_ATTEMPTS = 5
const RESET_TTL_MS = 60 * 60 * 1000

/**
 * Failed logins one email may have in 15 minutes, from any address, before a login to it needs the
 * code mailed to the account (decision 73). Counted by the rate limiter (Redis when configured),
 * for unknown emails too; RATE_LIMIT_FACTOR raises it like every limit.
 */
export const LOGIN_ACCOUNT_FAILURES = { limit: 10, windowMs: 15 * 60 * 1000 } as const
/** The email hashed: the limiter's keys (in Redis) name no address. */
const failuresKey = (email: string) => `login-account:${sha256(email)}`

export const AUTH_MESSAGES = {
  badCredentials: 'Correo o contraseña incorrectos.',
  loggedIn: 'Inicio de sesión exitoso.',
  codeSent: 'Te enviamos un código de verificación a tu correo electrónico.',
  codeRequired:
    'Por seguridad, después de varios intentos fallidos esta cuenta necesita un ' +
    'código para iniciar sesión. Si el correo y la contraseña son correctos, te lo ' +
    'enviamos a tu correo electrónico.',
  codeInvalid: 'El código no es válido o ya expiró. Inicia sesión nuevamente para recibir uno nuevo.',
  codeWrong: 'El código ingresado es incorrecto.',
  codeLocked: 'Demasiados intentos con este código. Inicia sesión nuevamente para recibir uno nuevo.',
  verified: 'Correo verificado correctamente.',
  resetSent: 'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.',
  resetInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  resetDone: 'Contraseña actualizada correctamente.',
  loggedOut: 'Sesión cerrada correctamente.',
  refreshed: 'Datos actualizados.',
  deletionCancelled: 'Cancelaste la eliminación de tu cuenta.',
} as const

/** The label of the browser a new session opens on (domain/device.ts), or null. */
interface Device {
  device: string | null
}

/**
 * Logs in with an email and a password: the session object, or the code step when the email is
 * not verified yet or the account is over its failure limit; 401 for a wrong password or an
 * unknown email.
 */
export async function login(p: Platform, { email, password, device }: LoginValues & Device) {
  const address = email.toLowerCase()
  const user = await p.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst()
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()))
  // Known or unknown, every email's failures are read and counted alike (same answers, same work).
  const threshold = LOGIN_ACCOUNT_FAILURES.limit * p.config.RATE_LIMIT_FACTOR
  const key = failuresKey(address)
  const locked = (await p.limiter.peek(key)) >= threshold
  if (!user || !ok) {
    const { count } = await p.limiter.hit(key, threshold, LOGIN_ACCOUNT_FAILURES.windowMs)
    // The failure that reaches the limit, once per window (the counter is atomic).
    if (user && count === threshold) {
      const now = p.now()
      await enqueueEmail(
        p.db,
        loginLockedMail(user.email, user.firstname, LOGIN_ACCOUNT_FAILURES.limit, `${p.publicUrl}/login/recuperar`),
        now,
      )
      p.wakeOutbox()
    }
  }
  if (locked) {
    // Over the limit, the answer is the code step whatever the password and whether the account
    // exists, so a guess learns nothing; only the right password gets a code mailed. A wrong one
    // on a known account gets a code nobody receives, which answers like a real one.
    const token = user ? await issueCode(p, user, ok) : randomToken(32)
    return {
      message: AUTH_MESSAGES.codeRequired,
      email: address,
      email_verification: true,
      email_one_time_token: token,
    }
  }
  if (!user || !ok) throw new ApiError(401, AUTH_MESSAGES.badCredentials)

  if (user.email_verified !== 1) {
    const token = await issueCode(p, user, true)
    return {
      message: AUTH_MESSAGES.codeSent,
      role: user.role,
      email: user.email,
      email_verification: true,
      email_one_time_token: token,
    }
  }

  // A login cancels a deletion waiting out its grace period (decision 76).
  const cancelled = await recordLogin(p, user)
  const token = await startSession(p, user, device)
  const message = cancelled ? AUTH_MESSAGES.deletionCancelled : AUTH_MESSAGES.loggedIn
  return { message, ...(await sessionObject(p, user, token)), ...(await secondFactorStep(p, user)) }
}

/**
 * A one-time code for the account, as the token that names it. Mailed: it replaces any earlier
 * one. Not mailed (a wrong password on an account over its failure limit): a row like any other,
 * so trying a code on its token answers as on a real one, and the owner's pending code stays.
 */
async function issueCode(p: Platform, user: User, mail: boolean): Promise<string> {
  const token = randomToken(32)
  const code = sixDigitCode()
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    if (mail)
      await trx
        .updateTable('email_verifications')
        .set({ consumed_at: now.toISOString() })
        .where('user_id', '=', user.id)
        .where('consumed_at', 'is', null)
        .execute()
    await trx
      .insertInto('email_verifications')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        code_hash: hmac(p.keys.codes, `${token}:${code}`),
        attempts: 0,
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        consumed_at: null,
        created_at: now.toISOString(),
      })
      .execute()
    if (mail) await enqueueEmail(trx, verificationCodeMail(user.email, user.firstname, code), now)
  })
  if (mail) p.wakeOutbox()
  return token
}

/**
 * Checks the mailed code of a token: the email is verified and a session starts. 400 for a wrong,
 * spent or expired code; 429 once the token had CODE_MAX_ATTEMPTS tries.
 */
export async function verifyEmailCode(p: Platform, { code, token, device }: EmailCodeValues & Device) {
  const now = p.now()
  // The attempt is counted by the statement that checks the limit (one conditional update), so
  // of any number of simultaneous tries at most CODE_MAX_ATTEMPTS are ever compared.
  const counted = await p.db
    .updateTable('email_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', sha256(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .returning(['id', 'user_id', 'code_hash', 'attempts'])
    .executeTakeFirst()
  if (!counted) {
    const row = await p.db
      .selectFrom('email_verifications')
      .select(['attempts', 'consumed_at', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst()
    if (!row || row.consumed_at || row.expires_at <= now.toISOString())
      throw new ApiError(400, AUTH_MESSAGES.codeInvalid)
    throw new ApiError(429, AUTH_MESSAGES.codeLocked)
  }
  const row = counted
  if (!safeEqual(row.code_hash, hmac(p.keys.codes, `${token}:${code}`))) {
    throw new ApiError(400, row.attempts >= CODE_MAX_ATTEMPTS ? AUTH_MESSAGES.codeLocked : AUTH_MESSAGES.codeWrong)
  }
  // Consume only if nobody else did meanwhile: one code, one session.
  const consumed = await p.db
    .updateTable('email_verifications')
    .set({ consumed_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  if (Number(consumed.numUpdatedRows) !== 1) throw new ApiError(400, AUTH_MESSAGES.codeInvalid)
  await p.db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: now.toISOString() })
    .where('id', '=', row.user_id)
    .execute()
  const user = await p.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow()
  const cancelled = await recordLogin(p, user)
  const sessionToken = await startSession(p, user, device)
  const message = cancelled ? AUTH_MESSAGES.deletionCancelled : AUTH_MESSAGES.verified
  return { message, ...(await sessionObject(p, user, sessionToken)), ...(await secondFactorStep(p, user)) }
}

/** Mails a single-use reset link to a known email; the answer is the same for an unknown one. */
export async function requestPasswordReset(
  p: Platform,
  { email }: ResetPasswordRequestValues,
): Promise<{ message: string }> {
  const user = await p.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()
  if (user) {
    const token = randomToken(32)
    const now = p.now()
    await inTransaction(p.db, async (trx) => {
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute()
      const link = `${p.publicUrl}/login/restablecer?token=${encodeURIComponent(token)}`
      await enqueueEmail(trx, passwordResetMail(user.email, user.firstname, link), now)
    })
    p.wakeOutbox()
  }
  return { message: AUTH_MESSAGES.resetSent }
}

/** Sets the password with a reset link's token, once, and ends every session of the account; 400 for a dead link. */
export async function confirmPasswordReset(
  p: Platform,
  { token, password }: ResetPasswordConfirmPayload,
): Promise<{ message: string }> {
  const now = p.now()
  const row = await p.db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at <= now.toISOString()) throw new ApiError(400, AUTH_MESSAGES.resetInvalid)
  const passwordHash = await hashPassword(password)
  await inTransaction(p.db, async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) !== 1) throw new ApiError(400, AUTH_MESSAGES.resetInvalid)
    // The link proves the mailbox is theirs; every other session ends with the old password.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified: 1, updated_at: now.toISOString() })
      .where('id', '=', row.user_id)
      .execute()
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('user_id', '=', row.user_id)
      .where('revoked_at', 'is', null)
      .execute()
  })
  sessionsChanged(p)
  return { message: AUTH_MESSAGES.resetDone }
}

/** The driver's session object again, with the token they hold. */
export async function refreshDriverSession(p: Platform, session: Pick<AuthContext, 'userId' | 'token'>) {
  const user = await p.db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow()
  return { message: AUTH_MESSAGES.refreshed, ...(await sessionObject(p, user, session.token)) }
}

/**
 * Who the session belongs to, as the service knows them now; 401 when the account is gone. A
 * company's or the console's answer says where the session stands with its second factor, the
 * console's the account's staff role.
 */
export async function getSessionUser(p: Platform, session: Pick<AuthContext, 'userId' | 'role' | 'factorPending'>) {
  const user = await p.db
    .selectFrom('users')
    .select([
      'role',
      'email',
      'firstname',
      'lastname',
      'rut',
      'phone',
      'address',
      'about_me',
      'img_profile',
      'email_verified',
      'staff_role',
    ])
    .where('id', '=', session.userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(401, MESSAGES.unauthorized)
  const { staff_role, ...rest } = user
  return {
    ...rest,
    rut: p.columns.openNullable('rut', user.rut),
    email_verified: user.email_verified === 1,
    // Drivers have no second factor (yet): their answer stays as it was.
    ...(session.role === 'User'
      ? { unread_messages: await driverUnread(p.db, session.userId) }
      : { second_factor: await factorState(p.db, session.userId, session.factorPending) }),
    ...(session.role === 'admin' ? { staff_role } : { pending_documents: await pendingConsents(p.db, session.userId) }),
  }
}

/** Ends the session. */
export async function logout(p: Platform, session: Pick<AuthContext, 'sessionId'>): Promise<{ message: string }> {
  await p.db
    .updateTable('sessions')
    .set({ revoked_at: p.now().toISOString() })
    .where('id', '=', session.sessionId)
    .execute()
  sessionsChanged(p)
  return { message: AUTH_MESSAGES.loggedOut }
}
