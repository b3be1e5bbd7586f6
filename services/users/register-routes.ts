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
import { readMultipartData, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { consentIp } from '#services/shared/consents'
import { checkEmailAvailable, checkPhoneAvailable, checkRutAvailable, registerDriver } from './register-operations'

/**
 * A driver's sign-up under the users service's /users: the registration (multipart, its data
 * field the JSON of the form) and the checks the form makes while it is filled. Each handler reads
 * the validated input (and the client's address), and answers what one operation of
 * register-operations.ts returns; the rate limits are the routes' own.
 */
export function registerRoutes(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Registro']
  const limit = p.config.RATE_LIMIT_FACTOR
  // These calls tell whether an account exists: limited per client.
  const lookupLimit = rateLimit(p, 'lookup', 30 * limit, 60_000)

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
      const registration = { driver: validate(driverRegistrationPayloadSchema, data), ip: consentIp(c.req.raw.headers) }
      return c.json(await registerDriver(p, registration), 201)
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
    async (c) => c.json(await checkEmailAvailable(p, c.req.valid('json'))),
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
    async (c) => c.json(await checkRutAvailable(p, c.req.valid('json'))),
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
    async (c) => c.json(await checkPhoneAvailable(p, c.req.valid('json'))),
  )

  return app
}
