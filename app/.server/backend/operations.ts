import type { AppLoadContext } from 'react-router'
import type { FailedMessage, HealthCheck, Operations } from '#domain/contract/operations'
import { callService } from './client'

export type { FailedMessage, HealthCheck, Operations }

const admin = (token: string) => ({ role: 'admin' as const, token })
const PATH = '/admin/operations'

/** «Operación» (users service, /admin/operations, administradores only). */
export const operationsApi = {
  get: (ctx: AppLoadContext, token: string) => callService<Operations>(ctx, 'users', PATH, { auth: admin(token) }),
  retry: (ctx: AppLoadContext, token: string, id: number) => {
    const retry = `${PATH}/outbox/${id}/retry`
    return callService<{ message: string }>(ctx, 'users', retry, { method: 'POST', auth: admin(token) })
  },
}
