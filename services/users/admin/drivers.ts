import { driverDetailSchema, driverListSchema } from '#domain/contract/admin'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { listDrivers, readDriver } from './driver-operations'

/**
 * Drivers: search by name, RUT, email or commune (the address, and the commune when known), and one
 * driver. Each handler reads the staff member of the session and the input, and answers what one
 * operation of driver-operations.ts returns.
 */
export function adminDriverRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/drivers',
      operationId: 'listDrivers',
      tags,
      summary: 'Los conductores (búsqueda q, validados=1, page en la consulta)',
      responses: { 200: jsonResponse(driverListSchema, 'Conductores'), ...errors(401, 403) },
    },
    async (c) => {
      const query = {
        q: c.req.query('q'),
        validated: c.req.query('validados') === '1',
        page: Number.parseInt(c.req.query('page') ?? '1', 10),
      }
      return c.json(await listDrivers(p, c.get('auth').userId, query))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/drivers/{id}',
      operationId: 'getDriver',
      tags,
      summary: 'Un conductor con sus documentos, experiencia, postulaciones, poderes y revisiones',
      request: { params: idParams },
      responses: { 200: jsonResponse(driverDetailSchema, 'Conductor'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readDriver(p, c.get('auth').userId, c.req.valid('param'))),
  )

  return app
}
