import { okMessageSchema } from '#domain/contract/common'
import { fleetRequestSchema } from '#domain/validation/fleet-request'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
// «Mis datos» of companies (decision 75)
import { myDataRoutes } from '#services/shared/my-data-routes'
import { companyRegistration, companyRegistrationForm, companyRoutes } from './companies'
import { businessContactRoutes, fleetRequest } from './contact'

const isMultipart = (type: string | undefined) => (type ?? '').startsWith('multipart/form-data')

/** The business service of spec §7: /business/*. */
export function businessService(p: Platform) {
  const app = new OpenAPIHono()
  // Spec §7: one path, two bodies — JSON from the fleet-requirements form, multipart (data +
  // logoBusiness) from the company registration. Each keeps its own rate limit.
  const fleet = fleetRequest(p)
  const registration = companyRegistration(p)
  defineRoute(
    app,
    {
      method: 'post',
      path: '/business/register',
      operationId: 'registerCompany',
      tags: ['Empresas'],
      summary:
        'JSON: requerimientos de flota del formulario de /empresas. Multipart (data + ' +
        'logoBusiness): registro de una empresa',
      middleware: [
        (c, next) => (isMultipart(c.req.header('content-type')) ? registration.limit(c, next) : fleet.limit(c, next)),
      ],
      request: {
        body: {
          required: true,
          content: {
            ...jsonBody(fleetRequestSchema).content,
            'multipart/form-data': { schema: companyRegistrationForm },
          },
        },
      },
      responses: {
        201: jsonResponse(okMessageSchema, 'Requerimiento recibido, o empresa registrada'),
        ...errors(400, 409, 413, 429),
      },
    },
    (c) => (isMultipart(c.req.header('content-type')) ? registration.handle(c) : fleet.handle(c, c.req.valid('json'))),
  )
  app.route('/business', businessContactRoutes(p))
  app.route('/business', companyRoutes(p))
  // «Mis datos» (Ley 21.719, decision 75): /business/my-data/*
  app.route('/business', myDataRoutes(p, 'business'))
  return app
}
