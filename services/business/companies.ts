import type { Context } from 'hono'
import { z } from 'zod'
import { companyRegistrationPayloadSchema } from '#domain/validation/company'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, fileField, fileResponse, OpenAPIHono } from '#services/platform/contract'
import { hashPassword } from '#services/platform/crypto'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, readMultipartData, validate } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { consentIp, recordConsents } from '#services/shared/consents'
import { logoUrl, storeLogo } from '#services/shared/logo'
import { companyWelcomeMail } from '#services/shared/marketplace-mails'
import { applicantRoutes } from './applicants'
import { invitationRoutes } from './invitations'
import { companyMessageRoutes } from './messages'
import { assertKnownCommune } from './places'
import { companyPostingRoutes } from './postings'

export const COMPANY_MESSAGES = {
  created: 'Empresa registrada correctamente. Inicia sesión para verificar tu correo.',
  emailTaken: 'El correo electrónico ya está registrado.',
  rutTaken: 'El RUT de la empresa ya está registrado.',
} as const

/** POST /business/register as multipart (data JSON + logoBusiness): a company account. */
export function companyRegistration(p: Platform) {
  const limit = rateLimit(p, 'company-register', 10 * p.config.RATE_LIMIT_FACTOR, 60 * 60_000)
  const handle = async (c: Context) => {
    const { data, form } = await readMultipartData(c)
    const input = validate(companyRegistrationPayloadSchema, data)
    assertKnownCommune(input.id_commune)
    const email = input.email.toLowerCase()
    const conflicts: string[] = []
    if (await p.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
      conflicts.push(COMPANY_MESSAGES.emailTaken)
    if (await p.db.selectFrom('companies').select('id').where('rut', '=', input.rut).executeTakeFirst())
      conflicts.push(COMPANY_MESSAGES.rutTaken)
    if (conflicts.length) throw new ApiError(409, conflicts.length === 1 ? conflicts[0]! : conflicts)

    const logoKey = await storeLogo(p, form.get('logoBusiness'))
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
        await recordConsents(trx, user.id, ts, consentIp(c.req.raw.headers))
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
    return c.json({ message: COMPANY_MESSAGES.created }, 201)
  }
  return { limit, handle }
}

/** The multipart body of the company registration, for the document (the handler reads it). */
export const companyRegistrationForm = z.object({
  data: z.string().meta({ description: 'JSON de companyRegistrationPayloadSchema' }),
  logoBusiness: fileField().optional(),
})

/** The uploaded logos: public images under random keys (the list pages show them to drivers). */
function logoRoutes(p: Platform) {
  const app = new OpenAPIHono()
  defineRoute(
    app,
    {
      method: 'get',
      path: '/logos/{name}',
      operationId: 'getCompanyLogo',
      tags: ['Empresas'],
      summary: 'Un logo de empresa (imagen pública)',
      request: { params: z.object({ name: z.string() }) },
      responses: { 200: fileResponse('La imagen', 'image/webp'), ...errors(404) },
    },
    async (c) => {
      const { name } = c.req.valid('param')
      const bytes = /^[A-Za-z0-9_-]{22,}\.webp$/.test(name) ? await p.files.get(`logos/${name}`) : null
      if (!bytes) return c.json({ message: 'Recurso no encontrado.' }, 404)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
    },
  )
  return app
}

/** The company's postings, applicants and emails (mounted at /business). */
export function companyRoutes(p: Platform) {
  const app = new OpenAPIHono()
  app.route('/', logoRoutes(p))
  app.route('/', companyPostingRoutes(p))
  app.route('/', applicantRoutes(p))
  // Invitations to apply (decision 106)
  app.route('/', invitationRoutes(p))
  // Conversations per application (decision 105)
  app.route('/', companyMessageRoutes(p))
  return app
}
