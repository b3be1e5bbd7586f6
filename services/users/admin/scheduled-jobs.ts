import { okMessageSchema } from '#domain/contract/common'
import { scheduledJobsSchema } from '#domain/contract/scheduler'
import { describeSchedule } from '#domain/schedule'
import { jobNameParams, SCHEDULER_MESSAGES } from '#domain/validation/scheduler'
import { findJob, jobsState } from '#services/jobs'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { requestRun } from '#services/platform/scheduler'
import { actorOf, audit } from './shared'

/**
 * «Tareas programadas» (decision 81): the periodic jobs with their last run, outcome, next run and
 * failures in a row; «Ejecutar ahora» moves a job's next run to now, so the next check of a
 * process that runs it claims it (within the scheduler's tick), audited. Administradores only.
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
    async (c) => {
      const state = await jobsState(p)
      return c.json({ jobs: state.map((job) => ({ ...job, schedule: describeSchedule(job.schedule) })) })
    },
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
    async (c) => {
      const { name } = c.req.valid('param')
      if (!findJob(name)) throw new ApiError(404, SCHEDULER_MESSAGES.notFound)
      const now = p.now()
      const outcome = await requestRun(p.db, name, now)
      if (outcome === 'unknown') throw new ApiError(409, SCHEDULER_MESSAGES.notStarted)
      if (outcome === 'running') throw new ApiError(409, SCHEDULER_MESSAGES.running)
      const entry = { action: 'job.run', entityType: 'scheduled_job', entityId: null, after: { name } }
      await audit(p.db, await actorOf(p, c), entry, now)
      return c.json({ message: SCHEDULER_MESSAGES.requested })
    },
  )

  return app
}
