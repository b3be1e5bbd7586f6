import type {
  DriverRegistrationPayload,
  ValidateEmailValues,
  ValidatePhoneValues,
  ValidateRutValues,
} from '#domain/validation/auth'
import { hashPassword } from '#services/platform/crypto'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { recordConsents } from '#services/shared/consents'
import { welcomeMail } from './mails'

/**
 * A driver's sign-up as operations `(platform, input) → result`, with no session behind them:
 * registering the account (its user, the consents in force and the welcome mail, in one
 * transaction) and telling whether an email, a RUT or a phone is free. The routes
 * (register-routes.ts) keep the rate limits, read the multipart body and the client's address,
 * and answer with the result; tests and scripts call the operations directly.
 */

export const REGISTER_MESSAGES = {
  created: 'Usuario registrado correctamente. Inicia sesión para verificar tu correo.',
  emailTaken: 'El correo electrónico ya está registrado.',
  rutTaken: 'El RUT ya está registrado.',
  phoneTaken: 'El teléfono ya está registrado.',
  emailFree: 'El correo electrónico está disponible.',
  rutFree: 'El RUT está disponible.',
  phoneFree: 'El teléfono está disponible.',
} as const

/** A driver's registration: the validated form and the address its consents record (null when the call did not say). */
export interface DriverRegistration {
  driver: DriverRegistrationPayload
  ip: string | null
}

/** Whether an account already has this email, RUT or phone. */
async function taken(p: Pick<Platform, 'db' | 'columns'>, field: 'email' | 'rut' | 'phone', value: string) {
  // The RUT is stored encrypted: it is found by its keyed hash, under any key of the ring (decision 80).
  const q = p.db.selectFrom('users').select('id')
  const row = await (
    field === 'rut' ? q.where('rut_hmac', 'in', p.columns.hashes('rut', value)) : q.where(field, '=', value)
  ).executeTakeFirst()
  return Boolean(row)
}

/**
 * Registers an unverified driver account with the consents in force and queues the welcome mail;
 * 409 for a taken email, RUT or phone, every one named when more than one is.
 */
export async function registerDriver(p: Platform, { driver: input, ip }: DriverRegistration) {
  const email = input.email.toLowerCase()
  const conflicts: string[] = []
  if (await taken(p, 'email', email)) conflicts.push(REGISTER_MESSAGES.emailTaken)
  if (await taken(p, 'rut', input.rut)) conflicts.push(REGISTER_MESSAGES.rutTaken)
  if (await taken(p, 'phone', input.phone)) conflicts.push(REGISTER_MESSAGES.phoneTaken)
  if (conflicts.length) throw new ApiError(409, conflicts.length === 1 ? conflicts[0]! : conflicts)

  const passwordHash = await hashPassword(input.password)
  const now = p.now().toISOString()
  try {
    await inTransaction(p.db, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          role: 'User',
          email,
          password_hash: passwordHash,
          firstname: input.firstname,
          lastname: input.lastname,
          rut: p.columns.seal('rut', input.rut),
          rut_hmac: p.columns.hash('rut', input.rut),
          phone: input.phone,
          address: null,
          about_me: null,
          img_profile: null,
          email_verified: 0,
          accepted_terms_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The schema required the checkbox; the versions are the ones in force, not the form's.
      await recordConsents(trx, user.id, now, ip)
      await enqueueEmail(trx, welcomeMail(email, input.firstname, `${p.publicUrl}/login`), p.now())
    })
  } catch (err) {
    // Two sign-ups racing for the same email/rut/phone: the unique index decides.
    if (isUniqueViolation(err)) throw new ApiError(409, REGISTER_MESSAGES.emailTaken)
    throw err
  }
  p.wakeOutbox()
  return { message: REGISTER_MESSAGES.created }
}

/** Whether no account has the email, in any case; 409 when one has. */
export async function checkEmailAvailable(p: Pick<Platform, 'db' | 'columns'>, { email }: ValidateEmailValues) {
  if (await taken(p, 'email', email.toLowerCase())) throw new ApiError(409, REGISTER_MESSAGES.emailTaken)
  return { message: REGISTER_MESSAGES.emailFree, available: true as const }
}

/** Whether no account has the RUT; 409 when one has. */
export async function checkRutAvailable(p: Pick<Platform, 'db' | 'columns'>, { rut }: ValidateRutValues) {
  if (await taken(p, 'rut', rut)) throw new ApiError(409, REGISTER_MESSAGES.rutTaken)
  return { message: REGISTER_MESSAGES.rutFree, available: true as const }
}

/** Whether no account has the phone; 409 when one has. */
export async function checkPhoneAvailable(p: Pick<Platform, 'db' | 'columns'>, { phone }: ValidatePhoneValues) {
  if (await taken(p, 'phone', phone)) throw new ApiError(409, REGISTER_MESSAGES.phoneTaken)
  return { message: REGISTER_MESSAGES.phoneFree, available: true as const }
}
