import { adminAccountSchema } from '#domain/validation/admin'
import { hashPassword, randomToken, sha256 } from '#services/platform/crypto'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, validate } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { adminWelcomeMail } from './mails'
import { audit } from './shared'

/** The password-set link of a new admin lives longer than a reset link (1 h): it is mailed once. */
export const ADMIN_LINK_TTL_HOURS = 48

export interface CreatedAdmin {
  userId: number
  email: string
  link: string
  created: boolean
  staffRole: 'revisor' | 'administrador'
}

/**
 * `npm run admin:create`: an `admin` account (role revisor unless `--role administrador`) with an
 * unusable random password, and a one-time link to set one, through the same password-reset flow as
 * everyone (/login/restablecer). Run again for an existing admin it issues a new link. A driver's or
 * company's email is refused: roles never change in place.
 */
export async function createAdminAccount(
  p: Platform,
  input: { email: unknown; name: unknown; role?: unknown },
): Promise<CreatedAdmin> {
  const { email, name, role } = validate(adminAccountSchema, input)
  const now = p.now()
  const ts = now.toISOString()
  const token = randomToken(32)
  const link = `${p.publicUrl}/login/restablecer?token=${encodeURIComponent(token)}`
  const [firstname, ...rest] = name.split(/\s+/)
  const unusable = await hashPassword(randomToken(32))
  const result = await inTransaction(p.db, async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'role', 'staff_role'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (existing && existing.role !== 'admin')
      throw new ApiError(409, 'El correo ya pertenece a una cuenta de conductor o empresa.')
    // Least privilege: a new account without --role reviews; an existing one keeps its role unless told.
    const staffRole = role ?? existing?.staff_role ?? 'revisor'
    if (existing && existing.staff_role !== staffRole)
      await trx
        .updateTable('users')
        .set({ staff_role: staffRole, updated_at: ts })
        .where('id', '=', existing.id)
        .execute()
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({
            role: 'admin',
            email,
            password_hash: unusable,
            firstname: firstname!,
            lastname: rest.join(' '),
            rut: null,
            phone: null,
            address: null,
            about_me: null,
            img_profile: null,
            // The set-password link proves the mailbox, as a reset does.
            email_verified: 1,
            accepted_terms_at: null,
            staff_role: staffRole,
            created_at: ts,
            updated_at: ts,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    await trx
      .insertInto('password_resets')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        expires_at: new Date(now.getTime() + ADMIN_LINK_TTL_HOURS * 3600_000).toISOString(),
        used_at: null,
        created_at: ts,
      })
      .execute()
    await enqueueEmail(trx, adminWelcomeMail(email, firstname!, link, ADMIN_LINK_TTL_HOURS), now)
    await audit(
      trx,
      { userId: null, actor: 'cli' },
      {
        action: existing ? 'admin.link' : 'admin.create',
        entityType: 'user',
        entityId: userId,
        after: { email, role: 'admin', staff_role: staffRole },
      },
      now,
    )
    return { userId, created: !existing, staffRole }
  })
  p.wakeOutbox()
  return { ...result, email, link }
}
