import type { AppLoadContext } from 'react-router'
import type { PerformancePeriod } from '#domain/validation/performance'
import { call } from './client'

/** «Rendimiento» (users service, /admin/performance, administradores only; decision 92). */
export const performanceApi = {
  get: (ctx: AppLoadContext, token: string, days: PerformancePeriod) =>
    call(ctx, 'users', 'get', '/admin/performance', { query: { dias: days }, auth: { role: 'admin' as const, token } }),
}
