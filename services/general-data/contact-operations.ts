import { complaintTypeLabel, inquiryTypeLabel } from '#domain/reference-data/inquiries'
import type { ComplaintValues } from '#domain/validation/complaint'
import type { ContactValues } from '#domain/validation/contact'
import type { Platform } from '#services/platform/platform'
import { recordForTeam, teamMail } from '#services/shared/team-mail'

/**
 * The public forms of /contact (spec §7) as operations `(platform, input) → result`: each stores
 * what the visitor sent and queues its mail to the team in one transaction, and answers the
 * message the page shows. The routes (contact.ts) add the rate limit and validate the body; tests
 * and scripts call the operations directly.
 */

export const CONTACT_RESPONSES = {
  contactSent: 'Mensaje enviado correctamente. Te responderemos a la brevedad.',
  inquirySent: 'Tu consulta fue enviada correctamente. Te responderemos a la brevedad.',
  complaintSent: 'Tu reclamo fue registrado correctamente. Te contactaremos a la brevedad.',
} as const

/** The contact form: a contact_messages row and a mail to the team. */
export async function sendContactEmail(p: Platform, input: ContactValues): Promise<{ message: string }> {
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
  return { message: CONTACT_RESPONSES.contactSent }
}

/**
 * The complaints wizard: an inquiries row and a mail to the team. A complaint keeps its kind of
 * complaint; any other inquiry keeps none, whatever the body said.
 */
export async function sendComplaint(p: Platform, input: ComplaintValues): Promise<{ message: string }> {
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
  return { message: complaintType ? CONTACT_RESPONSES.complaintSent : CONTACT_RESPONSES.inquirySent }
}
