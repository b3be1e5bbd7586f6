import type { CompanyRegistrationPayload } from '#domain/validation/company'
import { hashPassword } from '#services/platform/crypto'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { recordConsents } from '#services/shared/consents'
import { logoUrl, storeLogo } from '#services/shared/logo'
import { companyWelcomeMail } from '#services/shared/marketplace-mails'
import { assertKnownCommune } from './places'

/**
 * A company's sign-up and its public logo as operations `(platform, input) → result`, with no
 * session behind them: registering a company account (its user, its company row, the consents
 * and the welcome mail, in one transaction) and reading a stored logo. The routes (companies.ts)
 * read the multipart body, the client's address and the path, and answer with the result; tests
 * and scripts call the operations directly.
 */

export const COMPANY_MESSAGES = {
  created: 'Empresa registrada correctamente. Inicia sesión para verificar tu correo.',
  emailTaken: 'El correo electrónico ya está registrado.',
  rutTaken: 'El RUT de la empresa ya está registrado.',
} as const

/** A company's registration: the validated form, its optional logo part and the address its consents record. */
export interface CompanyRegistration {
  company: CompanyRegistrationPayload
  logo: FormDataEntryValue | null
  ip: string | null
}

/**
 * Registers an unverified company account: its business user (named by the contact's first name),
 * its company row with the logo stored (storeLogo: 400 for one that is no image), the consents in
 * force, and the welcome mail. 400 for an unknown commune; 409 for a taken email or RUT, both named
 * when both are. A logo stored for a registration that fails is removed.
 */
export async function registerCompany(
  p: Platform,
  { company: input, logo, ip }: CompanyRegistration,
): Promise<{ message: string }> {
  assertKnownCommune(input.id_commune)
  const email = input.email.toLowerCase()
  const conflicts: string[] = []
  if (await p.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
    conflicts.push(COMPANY_MESSAGES.emailTaken)
  if (await p.db.selectFrom('companies').select('id').where('rut', '=', input.rut).executeTakeFirst())
    conflicts.push(COMPANY_MESSAGES.rutTaken)
  if (conflicts.length) throw new ApiError(409, conflicts.length === 1 ? conflicts[0]! : conflicts)

  const logoKey = await storeLogo(p, logo)
  const passwordHash = await hashPassword(input.password)
  const now = p.now()
  const ts = now.toISOString()
  const [firstname, ...rest] = input.contact_name.split(/\s+/)
  try {
    await inTransaction(p.db, async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          role: 'business',
          email,
          password_hash: passwordHash,
          firstname: firstname!,
          lastname: rest.join(' '),
          // The company's RUT and phone live on its companies row; these are a driver's.
          rut: null,
          phone: null,
          address: null,
          about_me: null,
          img_profile: null,
          email_verified: 0,
          accepted_terms_at: ts,
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('companies')
        .values({
          user_id: user.id,
          name: input.name_business,
          rut: input.rut,
          contact_name: input.contact_name,
          email,
          phone: input.phone,
          id_commune: input.id_commune,
          logo_url: logoKey ? logoUrl(logoKey) : null,
          verified: 0,
          created_at: ts,
        })
        .execute()
      // The schema required the checkbox; the versions are the ones in force, not the form's.
      await recordConsents(trx, user.id, ts, ip)
      await enqueueEmail(
        trx,
        companyWelcomeMail(email, {
          contactName: firstname!,
          companyName: input.name_business,
          link: `${p.publicUrl}/login`,
        }),
        now,
      )
    })
  } catch (err) {
    if (logoKey) await p.files.remove(logoKey)
    // Two sign-ups racing for the same email or RUT: the unique index decides.
    if (isUniqueViolation(err)) throw new ApiError(409, COMPANY_MESSAGES.emailTaken)
    throw err
  }
  p.wakeOutbox()
  return { message: COMPANY_MESSAGES.created }
}

/** A stored logo's bytes by its file name, or null for a name that is no logo's or none stored. */
export async function companyLogo(p: Pick<Platform, 'files'>, { name }: { name: string }) {
  return /^[A-Za-z0-9_-]{22,}\.webp$/.test(name) ? await p.files.get(`logos/${name}`) : null
}
