import { findCommune, findRegion, findSchedule, findVehicle, findZone } from '#domain/reference-data'
import type { BusinessContactValues, FleetRequestValues } from '#domain/validation/contact'
import type { Platform } from '#services/platform/platform'
import { recordForTeam, teamMail } from '#services/shared/team-mail'

/**
 * The public forms of /empresas as operations `(platform, input) → result`: the fleet requirements
 * and the business contact. Each stores what the company sent and queues its mail to the team in
 * one transaction, and answers the message the page shows. The routes (contact.ts, and
 * /business/register in index.ts) add the rate limit and validate the body; tests and scripts call
 * the operations directly.
 */

export const BUSINESS_RESPONSES = {
  /** Spec §8: the business contact success text. */
  contactSent: 'Mensaje enviado correctamente.',
  fleetSent: 'Recibimos tus requerimientos de flota. Un ejecutivo te contactará a la brevedad.',
} as const

/** The fleet-requirements form: a fleet_requests row and a mail naming the places and vehicle. */
export async function sendFleetRequest(p: Platform, input: FleetRequestValues): Promise<{ message: string }> {
  const mail = teamMail(
    p.config.TEAM_EMAIL,
    `Requerimiento de flota de ${input.name_business}`,
    [
      ['Empresa', input.name_business],
      ['Contacto', input.fullname],
      ['Correo', input.email],
      ['Teléfono', input.phone],
      ['Tipo de vehículo', findVehicle(input.id_vehicle)?.name_vehicle],
      ['Cantidad de vehículos', input.quantity],
      ['Zona', findZone(input.id_zone)?.name_zone],
      ['Región', findRegion(input.id_region)?.name_region],
      ['Comuna', findCommune(input.id_commune)?.name_commune],
      ['Turno', findSchedule(input.id_schedule)?.name_schedule],
    ],
    input.message,
  )
  await recordForTeam(
    p,
    (trx, createdAt) =>
      trx
        .insertInto('fleet_requests')
        .values({
          name_business: input.name_business,
          fullname: input.fullname,
          email: input.email,
          phone: input.phone,
          id_vehicle: input.id_vehicle,
          quantity: input.quantity,
          id_zone: input.id_zone,
          id_region: input.id_region,
          id_commune: input.id_commune,
          id_schedule: input.id_schedule,
          message: input.message,
          created_at: createdAt,
        })
        .execute(),
    mail,
  )
  return { message: BUSINESS_RESPONSES.fleetSent }
}

/** The business contact form: a business_contacts row and a mail to the team. */
export async function sendBusinessContact(p: Platform, input: BusinessContactValues): Promise<{ message: string }> {
  const mail = teamMail(
    p.config.TEAM_EMAIL,
    `Contacto de empresa: ${input.name_business}`,
    [
      ['Empresa', input.name_business],
      ['Nombre', input.fullname],
      ['Correo', input.email],
      ['Teléfono', input.phone],
    ],
    input.message,
  )
  await recordForTeam(
    p,
    (trx, createdAt) =>
      trx
        .insertInto('business_contacts')
        .values({
          fullname: input.fullname,
          name_business: input.name_business,
          email: input.email,
          phone: input.phone,
          message: input.message,
          created_at: createdAt,
        })
        .execute(),
    mail,
  )
  return { message: BUSINESS_RESPONSES.contactSent }
}
