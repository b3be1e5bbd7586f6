import { okMessageSchema } from '#domain/contract/common'
import { complaintTypeLabel, inquiryTypeLabel } from '#domain/reference-data/inquiries'
import { complaintSchema } from '#domain/validation/complaint'
import { contactSchema } from '#domain/validation/contact'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { FORM_LIMIT, recordForTeam, teamMail } from '#services/shared/team-mail'

export const CONTACT_RESPONSES = {
  contactSent: 'Mensaje enviado correctamente. Te responderemos a la brevedad.',
  inquirySent: 'Tu consulta fue enviada correctamente. Te responderemos a la brevedad.',
  complaintSent: 'Tu reclamo fue registrado correctamente. Te contactaremos a la brevedad.',
} as const

/** A window long enough that a person never meets it, short enough to stop a flood. */

/** /contact/*: the contact form and the complaints wizard (spec §7). */
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
    async (c) => {
      const input = c.req.valid('json')
      const mail = teamMail(
        p.config.TEAM_EMAIL,
        `Nuevo mensaje de contacto de ${input.firstName} ${input.lastName}`,
        [
          ['Nombre', `${input.firstName} ${input.lastName}`],
          ['Correo', input.email],
          ['Teléfono', input.phone],
        ],
        input.message,
      )
      await recordForTeam(
        p,
        (trx, createdAt) =>
          trx
            .insertInto('contact_messages')
            .values({
              first_name: input.firstName,
              last_name: input.lastName,
              email: input.email,
              phone: input.phone,
              message: input.message,
              created_at: createdAt,
            })
            .execute(),
        mail,
      )
      return c.json({ message: CONTACT_RESPONSES.contactSent }, 201)
    },
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
    async (c) => {
      const input = c.req.valid('json')
      const complaintType = input.type === 'Complaints' ? (input.selectedComplainsType ?? null) : null
      const kind = inquiryTypeLabel(input.type) ?? input.type
      const typeLabel = complaintType ? complaintTypeLabel(complaintType) : null
      const title = complaintType ? `Nuevo reclamo (${typeLabel})` : 'Nueva consulta'
      const mail = teamMail(
        p.config.TEAM_EMAIL,
        `${title} de ${input.name}`,
        [
          ['Tipo', kind],
          ['Tipo de reclamo', typeLabel],
          ['Nombre', input.name],
          ['Correo', input.email],
          ['Teléfono', input.phone],
        ],
        input.message,
      )
      await recordForTeam(
        p,
        (trx, createdAt) =>
          trx
            .insertInto('inquiries')
            .values({
              type: input.type,
              complaint_type: complaintType,
              name: input.name,
              phone: input.phone,
              email: input.email,
              message: input.message,
              created_at: createdAt,
            })
            .execute(),
        mail,
      )
      return c.json({ message: complaintType ? CONTACT_RESPONSES.complaintSent : CONTACT_RESPONSES.inquirySent }, 201)
    },
  )

  return app
}
