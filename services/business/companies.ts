import type { Context } from 'hono'
import { z } from 'zod'
import { companyRegistrationPayloadSchema } from '#domain/validation/company'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, fileField, fileResponse, OpenAPIHono } from '#services/platform/contract'
import { readMultipartData, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { consentIp } from '#services/shared/consents'
import { applicantRoutes } from './applicants'
import { companyLogo, registerCompany } from './company-operations'
import { invitationRoutes } from './invitations'
import { companyMessageRoutes } from './messages'
import { companyPostingRoutes } from './postings'

/** POST /business/register as multipart (data JSON + logoBusiness): answers what registerCompany returns. */
export function companyRegistration(p: Platform) {
  const limit = rateLimit(p, 'company-register', 10 * p.config.RATE_LIMIT_FACTOR, 60 * 60_000)
  const handle = async (c: Context) => {
    const { data, form } = await readMultipartData(c)
    const company = validate(companyRegistrationPayloadSchema, data)
    const registration = { company, logo: form.get('logoBusiness'), ip: consentIp(c.req.raw.headers) }
    return c.json(await registerCompany(p, registration), 201)
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
      const bytes = await companyLogo(p, c.req.valid('param'))
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
