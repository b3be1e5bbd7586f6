import type { Context } from 'hono'
import { okMessageSchema } from '#domain/contract/common'
import {
  communes,
  findCommune,
  findRegion,
  findSchedule,
  findVehicle,
  findZone,
  regions,
  schedules,
  vehicles,
  zones,
} from '#domain/reference-data'
import { businessContactSchema, createFleetRequestSchema, type FleetRequestValues } from '#domain/validation/contact'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { FORM_LIMIT, recordForTeam, teamMail } from '#services/shared/team-mail'

export const BUSINESS_RESPONSES = {
  /** Spec §8: the business contact success text. */
  contactSent: 'Mensaje enviado correctamente.',
  fleetSent: 'Recibimos tus requerimientos de flota. Un ejecutivo te contactará a la brevedad.',
} as const

export const fleetRequestSchema = createFleetRequestSchema({ vehicles, schedules, zones, regions, communes })

/** POST /business/register with a JSON body: the fleet-requirements form of /empresas. */
export function fleetRequest(p: Platform) {
  const limit = rateLimit(p, 'fleet-request', FORM_LIMIT.count * p.config.RATE_LIMIT_FACTOR, FORM_LIMIT.windowMs)
  const handle = async (c: Context, input: FleetRequestValues) => {
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
    return c.json({ message: BUSINESS_RESPONSES.fleetSent }, 201)
  }
  return { limit, handle }
}

/** POST /business/contact-business (mounted at /business). */
export function businessContactRoutes(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Empresas']
  const limited = rateLimit(p, 'business-contact', FORM_LIMIT.count * p.config.RATE_LIMIT_FACTOR, FORM_LIMIT.windowMs)

  defineRoute(
    app,
    {
      method: 'post',
      path: '/contact-business',
      operationId: 'sendBusinessContact',
      tags,
      summary: 'Formulario de contacto de empresas (correo al equipo)',
      middleware: [limited],
      request: { body: jsonBody(businessContactSchema) },
      responses: { 201: jsonResponse(okMessageSchema, 'Mensaje enviado'), ...errors(400, 429) },
    },
    async (c) => {
      const input = c.req.valid('json')
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
      return c.json({ message: BUSINESS_RESPONSES.contactSent }, 201)
    },
  )

  return app
}
