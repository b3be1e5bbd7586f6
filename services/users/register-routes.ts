import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { availabilitySchema } from '#domain/contract/users'
import {
  driverRegistrationPayloadSchema,
  validateEmailSchema,
  validatePhoneSchema,
  validateRutSchema,
} from '#domain/validation/auth'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, multipartBody, OpenAPIHono } from '#services/platform/contract'
import { hashPassword } from '#services/platform/crypto'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, readMultipartData, validate } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { consentIp, recordConsents } from '#services/shared/consents'
import { welcomeMail } from './mails'

export const REGISTER_MESSAGES = {
  created: 'Usuario registrado correctamente. Inicia sesión para verificar tu correo.',
  emailTaken: 'El correo electrónico ya está registrado.',
  rutTaken: 'El RUT ya está registrado.',
  phoneTaken: 'El teléfono ya está registrado.',
  emailFree: 'El correo electrónico está disponible.',
  rutFree: 'El RUT está disponible.',
  phoneFree: 'El teléfono está disponible.',
} as const

export function registerRoutes(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Registro']
  const limit = p.config.RATE_LIMIT_FACTOR
  // These calls tell whether an account exists: limited per client.
  const lookupLimit = rateLimit(p, 'lookup', 30 * limit, 60_000)

  async function taken(field: 'email' | 'rut' | 'phone', value: string) {
    // The RUT is stored encrypted: it is found by its keyed hash, under any key of the ring (decision 80).
    const q = p.db.selectFrom('users').select('id')
    const row = await (
      field === 'rut' ? q.where('rut_hmac', 'in', p.columns.hashes('rut', value)) : q.where(field, '=', value)
    ).executeTakeFirst()
    return Boolean(row)
  }

  defineRoute(
    app,
    {
      method: 'post',
      path: '/register',
      operationId: 'registerDriver',
      tags,
      summary: 'Registra un conductor: multipart con un campo data que trae el JSON del registro',
      middleware: [rateLimit(p, 'register', 10 * limit, 60 * 60_000)],
      request: {
        body: multipartBody(
          z.object({ data: z.string().meta({ description: 'JSON de driverRegistrationPayloadSchema' }) }),
        ),
      },
      responses: { 201: jsonResponse(okMessageSchema, 'Usuario registrado'), ...errors(400, 409, 429) },
    },
    async (c) => {
      const { data } = await readMultipartData(c)
      const input = validate(driverRegistrationPayloadSchema, data)
      const email = input.email.toLowerCase()
      const conflicts: string[] = []
      if (await taken('email', email)) conflicts.push(REGISTER_MESSAGES.emailTaken)
      if (await taken('rut', input.rut)) conflicts.push(REGISTER_MESSAGES.rutTaken)
      if (await taken('phone', input.phone)) conflicts.push(REGISTER_MESSAGES.phoneTaken)
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
          await recordConsents(trx, user.id, now, consentIp(c.req.raw.headers))
          await enqueueEmail(trx, welcomeMail(email, input.firstname, `${p.publicUrl}/login`), p.now())
        })
      } catch (err) {
        // Two sign-ups racing for the same email/rut/phone: the unique index decides.
        if (isUniqueViolation(err)) throw new ApiError(409, REGISTER_MESSAGES.emailTaken)
        throw err
      }
      p.wakeOutbox()
      return c.json({ message: REGISTER_MESSAGES.created }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/validate-email-user',
      operationId: 'checkEmailAvailable',
      tags,
      summary: 'Dice si el correo está disponible (409 si ya está registrado)',
      middleware: [lookupLimit],
      request: { body: jsonBody(validateEmailSchema) },
      responses: { 200: jsonResponse(availabilitySchema, 'Disponible'), ...errors(400, 409, 429) },
    },
    async (c) => {
      const { email } = c.req.valid('json')
      if (await taken('email', email.toLowerCase())) throw new ApiError(409, REGISTER_MESSAGES.emailTaken)
      return c.json({ message: REGISTER_MESSAGES.emailFree, available: true })
    },
  )
  defineRoute(
    app,
    {
      method: 'post',
      path: '/validate-rut-user',
      operationId: 'checkRutAvailable',
      tags,
      summary: 'Dice si el RUT está disponible (409 si ya está registrado)',
      middleware: [lookupLimit],
      request: { body: jsonBody(validateRutSchema) },
      responses: { 200: jsonResponse(availabilitySchema, 'Disponible'), ...errors(400, 409, 429) },
    },
    async (c) => {
      const { rut } = c.req.valid('json')
      if (await taken('rut', rut)) throw new ApiError(409, REGISTER_MESSAGES.rutTaken)
      return c.json({ message: REGISTER_MESSAGES.rutFree, available: true })
    },
  )
  defineRoute(
    app,
    {
      method: 'post',
      path: '/validate-phone-user',
      operationId: 'checkPhoneAvailable',
      tags,
      summary: 'Dice si el teléfono está disponible (409 si ya está registrado)',
      middleware: [lookupLimit],
      request: { body: jsonBody(validatePhoneSchema) },
      responses: { 200: jsonResponse(availabilitySchema, 'Disponible'), ...errors(400, 409, 429) },
    },
    async (c) => {
      const { phone } = c.req.valid('json')
      if (await taken('phone', phone)) throw new ApiError(409, REGISTER_MESSAGES.phoneTaken)
      return c.json({ message: REGISTER_MESSAGES.phoneFree, available: true })
    },
  )

  return app
}
