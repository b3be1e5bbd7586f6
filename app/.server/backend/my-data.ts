import type { AppLoadContext } from 'react-router'
import type { PrivacyAnswerValues, RectificationValues } from '#domain/validation/my-data'
import { log } from '#services/platform/log'
import { env } from '../env'
import { call, sendToService } from './client'

/** «Mis datos» of drivers (users service, /users) and companies (business service, /business); decision 75. */
export type MyDataRole = 'User' | 'business'

const BASE: Record<MyDataRole, { service: 'users' | 'business'; prefix: string; header: string }> = {
  User: { service: 'users', prefix: '/users', header: 'auth-user' },
  business: { service: 'business', prefix: '/business', header: 'auth-business' },
}

export const myDataApi = {
  get: (ctx: AppLoadContext, role: MyDataRole, token: string) =>
    role === 'User'
      ? call(ctx, 'users', 'get', '/users/my-data', { auth: { role, token } })
      : call(ctx, 'business', 'get', '/business/my-data', { auth: { role, token } }),
  requestExport: (ctx: AppLoadContext, role: MyDataRole, token: string) =>
    role === 'User'
      ? call(ctx, 'users', 'post', '/users/my-data/export', { auth: { role, token } })
      : call(ctx, 'business', 'post', '/business/my-data/export', { auth: { role, token } }),
  rectification: (ctx: AppLoadContext, role: MyDataRole, token: string, body: RectificationValues) =>
    role === 'User'
      ? call(ctx, 'users', 'post', '/users/my-data/rectification', { json: body, auth: { role, token } })
      : call(ctx, 'business', 'post', '/business/my-data/rectification', { json: body, auth: { role, token } }),
  adminList: (ctx: AppLoadContext, token: string, pendingOnly: boolean) =>
    call(ctx, 'users', 'get', '/admin/privacy-requests', {
      query: { estado: pendingOnly ? 'pendientes' : undefined },
      auth: { role: 'admin', token },
    }),
  adminAnswer: (ctx: AppLoadContext, token: string, id: number, body: PrivacyAnswerValues) =>
    call(ctx, 'users', 'post', '/admin/privacy-requests/{id}/answer', {
      params: { id },
      json: body,
      auth: { role: 'admin', token },
    }),
}

/** An export's ZIP as the service streams it (null when the service cannot be reached). */
export async function fetchExportFile(
  ctx: AppLoadContext,
  role: MyDataRole,
  token: string,
  id: number,
): Promise<Response | null> {
  const { service, prefix, header } = BASE[role]
  const remote = service === 'users' ? env().config.USERS_API_URL : env().config.BUSINESS_API_URL
  const path = `${prefix}/my-data/export/${id}/file`
  try {
    return await sendToService(
      ctx,
      new Request(`${remote ?? 'http://services.internal'}${path}`, { headers: { [header]: token } }),
      Boolean(remote),
    )
  } catch (error) {
    log.error({ err: error }, `[backend] ${service} ${path} failed`)
    return null
  }
}
