import { performanceSchema } from '#domain/contract/performance'
import { performanceQuerySchema } from '#domain/validation/performance'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { readTeamPerformance } from './performance-operations'

/**
 * The console's «Rendimiento» (decision 92), for administradores only (index.ts): the handler
 * reads the validated period and answers what readTeamPerformance (performance-operations.ts)
 * returns, never cached.
 */
export function adminPerformanceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/performance',
      operationId: 'getTeamPerformance',
      tags: ['Consola'],
      summary:
        'Las cifras de revisión del equipo en los últimos 7 o 30 días (?dias=7|30): decisiones por revisor y ' +
        'día, mediana y percentil 90 de horas hábiles hasta la decisión, parte dentro de 24 horas hábiles, atrasados',
      request: { query: performanceQuerySchema },
      responses: { 200: jsonResponse(performanceSchema, 'Rendimiento'), ...errors(400, 401, 403) },
    },
    async (c) =>
      c.json(await readTeamPerformance(p, c.req.valid('query')), 200, {
        'Cache-Control': 'no-store',
      }),
  )

  return app
}
