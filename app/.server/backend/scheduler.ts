import type { AppLoadContext } from 'react-router'
import type { MessageResponse } from '#domain/contract/common'
import type { ScheduledJobs } from '#domain/contract/scheduler'
import { callService } from './client'

export type { ScheduledJobs }

const PATH = '/admin/scheduled-jobs'
const auth = (token: string) => ({ role: 'admin' as const, token })

/** «Tareas programadas» (users service, decision 81): the periodic jobs' state and «Ejecutar ahora». */
export const schedulerApi = {
  jobs: (ctx: AppLoadContext, token: string) => callService<ScheduledJobs>(ctx, 'users', PATH, { auth: auth(token) }),
  runNow: (ctx: AppLoadContext, token: string, name: string) => {
    const path = `${PATH}/${encodeURIComponent(name)}/run`
    return callService<MessageResponse>(ctx, 'users', path, { method: 'POST', auth: auth(token) })
  },
}
