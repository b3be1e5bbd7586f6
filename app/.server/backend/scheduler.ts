import type { AppLoadContext } from 'react-router'
import { call } from './client'

const auth = (token: string) => ({ role: 'admin' as const, token })

/** «Tareas programadas» (users service, decision 81): the periodic jobs' state and «Ejecutar ahora». */
export const schedulerApi = {
  jobs: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/admin/scheduled-jobs', { auth: auth(token) }),
  runNow: (ctx: AppLoadContext, token: string, name: string) =>
    call(ctx, 'users', 'post', '/admin/scheduled-jobs/{name}/run', { params: { name }, auth: auth(token) }),
}
