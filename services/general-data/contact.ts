import { okMessageSchema } from '#domain/contract/common'
import { complaintSchema } from '#domain/validation/complaint'
import { contactSchema } from '#domain/validation/contact'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { FORM_LIMIT } from '#services/shared/team-mail'
import { sendComplaint, sendContactEmail } from './contact-operations'

/**
 * /contact/*: the contact form and the complaints wizard (spec §7). Each handler answers 201 with
 * what one operation of contact-operations.ts returns.
 */
export function contactRoutes(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Contacto']
  const limit = FORM_LIMIT.count * p.config.RATE_LIMIT_FACTOR

  defineRoute(
    app,
    {
      method: 'post',
      path: '/send-email-contact',
      operationId: 'sendContactEmail',
      tags,
      summary: 'Formulario de contacto (correo al equipo)',
      middleware: [rateLimit(p, 'contact', limit, FORM_LIMIT.windowMs)],
      request: { body: jsonBody(contactSchema) },
      responses: { 201: jsonResponse(okMessageSchema, 'Mensaje enviado'), ...errors(400, 429) },
    },
    async (c) => c.json(await sendContactEmail(p, c.req.valid('json')), 201),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/send-email-inquiries-complaints',
      operationId: 'sendComplaint',
      tags,
      summary: 'Consultas y reclamos (correo al equipo)',
      middleware: [rateLimit(p, 'inquiries', limit, FORM_LIMIT.windowMs)],
      request: { body: jsonBody(complaintSchema) },
      responses: { 201: jsonResponse(okMessageSchema, 'Consulta o reclamo registrado'), ...errors(400, 429) },
    },
    async (c) => c.json(await sendComplaint(p, c.req.valid('json')), 201),
  )

  return app
}
