import { myDataViewsSchema } from '#domain/contract/data-views'
import { pageSchema } from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { viewsForDriver } from '#services/shared/data-views'

/**
 * «Quién vio mis datos» (Ley 21.719, decision 78), under the users service's /users: the
 * driver's own record of views, newest first, a page at a time. Only the session's own driver;
 * no id in the path, so no one else's record can be named.
 */
export function dataViewRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/my-data/views',
      operationId: 'listMyDataViews',
      tags: ['Privacidad'],
      summary: 'Quién vio mis datos: empresas por su nombre, el equipo como «Equipo Fleeters» (?page=)',
      middleware: [requireRole(p, 'User')],
      request: { query: pageSchema },
      responses: { 200: jsonResponse(myDataViewsSchema, 'Accesos a tus datos'), ...errors(400, 401, 403) },
    },
    async (c) => c.json(await viewsForDriver(p.db, c.get('auth').userId, c.req.valid('query').page)),
  )

  return app
}
