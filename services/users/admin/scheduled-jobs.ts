import { okMessageSchema } from '#domain/contract/common'
import { scheduledJobsSchema } from '#domain/contract/scheduler'
import { jobNameParams } from '#domain/validation/scheduler'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { listScheduledJobs, runScheduledJobNow } from './scheduled-job-operations'
import { actorOf } from './shared'

/**
 * «Tareas programadas» (decision 81): the periodic jobs and «Ejecutar ahora»; administradores only.
 * Each handler reads the admin and the validated input, and answers what one operation of
 * scheduled-job-operations.ts returns.
 */
export function adminScheduledJobRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/scheduled-jobs',
      operationId: 'listScheduledJobs',
      tags,
      summary: 'Las tareas programadas: horario, última ejecución, resultado, próxima ejecución y fallos seguidos',
      responses: { 200: jsonResponse(scheduledJobsSchema, 'Tareas programadas'), ...errors(401, 403) },
    },
    async (c) => c.json(await listScheduledJobs(p)),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/scheduled-jobs/{name}/run',
      operationId: 'runScheduledJobNow',
      tags,
      summary: 'Pide ejecutar una tarea programada ahora (en el próximo chequeo de un servidor que la corre)',
      request: { params: jobNameParams },
      responses: { 200: jsonResponse(okMessageSchema, 'Pedida'), ...errors(401, 403, 404, 409) },
    },
    async (c) => c.json(await runScheduledJobNow(p, await actorOf(p, c), c.req.valid('param'))),
  )

  return app
}
