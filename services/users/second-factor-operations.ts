import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type {
  confirmFactorSchema,
  disableFactorSchema,
  reauthSchema,
  verifyFactorSchema,
} from '#domain/validation/staff'
import { sessionsChanged, type AuthContext } from '#services/platform/auth'
import { verifyPassword } from '#services/platform/crypto'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import {
  acceptFactorCode,
  factorState,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  qrSvg,
  recoveryCodeHash,
  sealSecret,
  secretForTyping,
  totpUri,
} from './second-factor'

/**
 * The second factor (decision 77) as operations `(platform, session, input) → result`: where the
 * account and the session stand, enrolling an app and confirming it, the login's code step, a fresh
 * proof of identity, and a company turning it off. The session is the one the role check let in
 * (a console one or a company's); the TOTP codes, the sealed secrets and the recovery codes
 * themselves are second-factor.ts's. The routes (second-factor-routes.ts) keep the rate limits,
 * per address and per account, and answer with the result; tests and scripts call the operations
 * directly.
 */

export const FACTOR_MESSAGES = {
  wrongCode: 'El código no es correcto o ya se usó. Revisa la hora de tu teléfono e inténtalo con el código nuevo.',
  enrolled: 'Verificación en dos pasos activada. Guarda tus códigos de recuperación.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada en esta cuenta.',
  notEnrolling: 'Empieza de nuevo la activación de la verificación en dos pasos.',
  notEnabled: 'La verificación en dos pasos no está activada en esta cuenta.',
  verified: 'Verificación completada.',
  disabled: 'Desactivamos la verificación en dos pasos.',
  wrongPassword: 'La contraseña es incorrecta.',
  reauthenticated: 'Identidad confirmada.',
} as const

/** The session that acts: its account, its id, and whether it still waits for the second factor. */
type Session = Pick<AuthContext, 'userId' | 'role' | 'sessionId' | 'factorPending'>

/** The session passed its second factor now: it opens everything, and counts as a fresh proof. */
async function passSession(p: Platform, db: Kysely<Database>, sessionId: string, now: string) {
  await db.updateTable('sessions').set({ factor_pending: 0, reauth_at: now }).where('id', '=', sessionId).execute()
  sessionsChanged(p)
}

/**
 * Where the session stands with its second factor, whether the account has one, how many recovery
 * codes it has left, and whether the account must have one (the console's).
 */
export async function getSecondFactor(p: Platform, session: Session) {
  const factor = await p.db
    .selectFrom('totp_factors')
    .select('confirmed_at')
    .where('user_id', '=', session.userId)
    .executeTakeFirst()
  const left = await p.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', session.userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return {
    state: await factorState(p.db, session.userId, session.factorPending),
    enabled: Boolean(factor?.confirmed_at),
    recovery_left: factor?.confirmed_at ? Number(left.n) : 0,
    required: session.role === 'admin',
  }
}

/**
 * Starts enrolling an app: the secret to type, its otpauth:// address and that address as a QR
 * code. The same secret until it is confirmed; 409 once an app is.
 */
export async function startSecondFactorEnrolment(p: Platform, session: Session) {
  const user = await p.db
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow()
  const now = p.now().toISOString()
  const secret = await inTransaction(p.db, async (trx) => {
    const existing = await trx
      .selectFrom('totp_factors')
      .select(['secret_sealed', 'confirmed_at'])
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    // An app already confirmed is never replaced from here: a stolen password cannot re-enrol.
    if (existing?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
    // The same secret while enrolling, so reloading the page keeps what the app already scanned.
    if (existing) return openSecret(p, existing.secret_sealed)
    const fresh = newTotpSecret()
    await trx
      .insertInto('totp_factors')
      .values({
        user_id: session.userId,
        secret_sealed: sealSecret(p, fresh),
        confirmed_at: null,
        last_step: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute()
    const row = await trx
      .selectFrom('totp_factors')
      .select('secret_sealed')
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow()
    return openSecret(p, row.secret_sealed)
  })
  const uri = totpUri(secret, user.email)
  return { secret: secretForTyping(secret), uri, qr_svg: await qrSvg(uri) }
}

/**
 * Confirms the app being enrolled with a code it shows: the factor is on, the session passed it,
 * and the ten recovery codes are returned, this once. 400 for a wrong code, 409 with no app being
 * enrolled or one already confirmed.
 */
export async function confirmSecondFactor(
  p: Platform,
  session: Session,
  { code }: z.infer<typeof confirmFactorSchema>,
) {
  const now = p.now()
  const ts = now.toISOString()
  const codes = newRecoveryCodes()
  await inTransaction(p.db, async (trx) => {
    const factor = await trx
      .selectFrom('totp_factors')
      .select(['secret_sealed', 'confirmed_at'])
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    if (!factor) throw new ApiError(409, FACTOR_MESSAGES.notEnrolling)
    if (factor.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
    const step = matchingStep(openSecret(p, factor.secret_sealed), code, now)
    if (step === null) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
    const confirmed = await trx
      .updateTable('totp_factors')
      .set({ confirmed_at: ts, last_step: step })
      .where('user_id', '=', session.userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst()
    if (Number(confirmed.numUpdatedRows) !== 1) throw new ApiError(409, FACTOR_MESSAGES.alreadyEnabled)
    await trx.deleteFrom('recovery_codes').where('user_id', '=', session.userId).execute()
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((rc) => ({
          user_id: session.userId,
          code_hash: recoveryCodeHash(p, session.userId, rc),
          used_at: null,
          created_at: ts,
        })),
      )
      .execute()
    await passSession(p, trx, session.sessionId, ts)
  })
  return { message: FACTOR_MESSAGES.enrolled, recovery_codes: codes }
}

/**
 * The login's code step: an app's code or a recovery code (spent) passes the session. 400 for a
 * wrong or used code, 409 for an account without the factor.
 */
export async function verifySecondFactor(p: Platform, session: Session, { code }: z.infer<typeof verifyFactorSchema>) {
  const ts = p.now().toISOString()
  await inTransaction(p.db, async (trx) => {
    const factor = await trx
      .selectFrom('totp_factors')
      .select('confirmed_at')
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    if (!factor?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.notEnabled)
    if (!(await acceptFactorCode(p, trx, session.userId, code))) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
    await passSession(p, trx, session.sessionId, ts)
  })
  return { message: FACTOR_MESSAGES.verified }
}

/**
 * A fresh proof of identity for a sensitive action: the password, or else an app's code (a
 * recovery code is not taken here). 400 for a wrong one.
 */
export async function reauthenticate(p: Platform, session: Session, input: z.infer<typeof reauthSchema>) {
  const user = await p.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow()
  const ts = p.now().toISOString()
  let ok = false
  if (input.password?.trim()) ok = await verifyPassword(input.password, user.password_hash)
  else if (input.code) ok = (await acceptFactorCode(p, p.db, session.userId, input.code)) === 'totp'
  if (!ok) throw new ApiError(400, input.password?.trim() ? FACTOR_MESSAGES.wrongPassword : FACTOR_MESSAGES.wrongCode)
  await p.db.updateTable('sessions').set({ reauth_at: ts }).where('id', '=', session.sessionId).execute()
  sessionsChanged(p)
  return { message: FACTOR_MESSAGES.reauthenticated }
}

/**
 * Turns the account's second factor off with its password and a code: the app and the recovery
 * codes go. 400 for a wrong password or code, 409 for an account without the factor.
 */
export async function disableSecondFactor(
  p: Platform,
  session: Session,
  { password, code }: z.infer<typeof disableFactorSchema>,
) {
  const user = await p.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow()
  const passwordOk = await verifyPassword(password, user.password_hash)
  await inTransaction(p.db, async (trx) => {
    const factor = await trx
      .selectFrom('totp_factors')
      .select('confirmed_at')
      .where('user_id', '=', session.userId)
      .executeTakeFirst()
    if (!factor?.confirmed_at) throw new ApiError(409, FACTOR_MESSAGES.notEnabled)
    if (!passwordOk) throw new ApiError(400, FACTOR_MESSAGES.wrongPassword)
    if (!(await acceptFactorCode(p, trx, session.userId, code))) throw new ApiError(400, FACTOR_MESSAGES.wrongCode)
    await trx.deleteFrom('recovery_codes').where('user_id', '=', session.userId).execute()
    await trx.deleteFrom('totp_factors').where('user_id', '=', session.userId).execute()
  })
  return { message: FACTOR_MESSAGES.disabled }
}
