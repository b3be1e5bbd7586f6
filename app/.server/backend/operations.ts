import type { AppLoadContext } from 'react-router'
import type { FailedMessage, HealthCheck, Operations } from '#domain/contract/operations'
import { call } from './client'

export type { FailedMessage, HealthCheck, Operations }

const admin = (token: string) => ({ role: 'admin' as const, token })

/** «Operación» (users service, /admin/operations, administradores only). */
export const operationsApi = {
  get: (ctx: AppLoadContext, token: string) => call(ctx, 'users', 'get', '/admin/operations', { auth: admin(token) }),
  retry: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'post', '/admin/operations/outbox/{id}/retry', { params: { id }, auth: admin(token) }),
}
