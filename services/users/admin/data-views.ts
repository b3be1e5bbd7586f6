import { consoleDataViewsSchema } from '#domain/contract/data-views'
import { pageSchema } from '#domain/validation/marketplace'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { driverDataViews } from './driver-operations'

/** The console's trail of views of one driver's sensitive items (decision 78): who, what, when. */
export function adminDataViewRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/drivers/{id}/data-views',
      operationId: 'listDriverDataViews',
      tags: ['Consola'],
      summary: 'Quién vio los datos de un conductor: miembro del equipo o empresa, qué y cuándo (?page=)',
      request: { params: idParams, query: pageSchema },
      responses: { 200: jsonResponse(consoleDataViewsSchema, 'Accesos a sus datos'), ...errors(400, 401, 403, 404) },
    },
    async (c) => c.json(await driverDataViews(p, { ...c.req.valid('param'), page: c.req.valid('query').page })),
  )

  return app
}
