import { okMessageSchema } from '#domain/contract/common'
import { staffListSchema } from '#domain/contract/staff'
import { staffRoleSchema } from '#domain/validation/staff'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { actorOf, requireRecentAuth } from './shared'
import { changeStaffRole, listStaff } from './staff-operations'

/**
 * «Equipo» (decision 77): the console's accounts and their roles; administradores only (index.ts).
 * Each handler reads the admin and the validated input, and answers what one operation of
 * staff-operations.ts returns.
 */
export function adminStaffRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/staff',
      operationId: 'listStaff',
      tags,
      summary: 'Las cuentas de la consola, su rol y si activaron la verificación en dos pasos',
      responses: { 200: jsonResponse(staffListSchema, 'Equipo'), ...errors(401, 403) },
    },
    async (c) => c.json(await listStaff(p)),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/staff/{id}/role',
      operationId: 'changeStaffRole',
      tags,
      summary:
        'Cambia el rol de una cuenta de la consola (pide haber confirmado la identidad en los últimos 10 minutos)',
      middleware: [requireRecentAuth(p)],
      request: { params: idParams, body: jsonBody(staffRoleSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Rol cambiado'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await changeStaffRole(p, await actorOf(p, c), input))
    },
  )

  return app
}
