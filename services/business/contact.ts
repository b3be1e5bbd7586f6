import type { Context } from 'hono'
import { okMessageSchema } from '#domain/contract/common'
import { businessContactSchema, type FleetRequestValues } from '#domain/validation/contact'
import { rateLimit } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { FORM_LIMIT } from '#services/shared/team-mail'
import { sendBusinessContact, sendFleetRequest } from './contact-operations'

/** POST /business/register with a JSON body: the fleet-requirements form of /empresas. */
export function fleetRequest(p: Platform) {
  const limit = rateLimit(p, 'fleet-request', FORM_LIMIT.count * p.config.RATE_LIMIT_FACTOR, FORM_LIMIT.windowMs)
  const handle = async (c: Context, input: FleetRequestValues) => c.json(await sendFleetRequest(p, input), 201)
  return { limit, handle }
}

/** POST /business/contact-business (mounted at /business): answers what sendBusinessContact returns. */
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
    async (c) => c.json(await sendBusinessContact(p, c.req.valid('json')), 201),
  )

  return app
}
