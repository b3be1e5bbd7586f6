import type { AppLoadContext } from 'react-router'
import type { MessageResponse } from '#domain/contract/common'
import type { AdminPrivacyRequests, ExportRequested, MyData, RequestLogged } from '#domain/contract/my-data'
import type { PrivacyAnswerValues, RectificationValues } from '#domain/validation/my-data'
import { log } from '#services/platform/log'
import { env } from '../env'
import { callService, sendToService } from './client'

export type { AdminPrivacyRequests, MyData }

/** «Mis datos» of drivers (users service, /users) and companies (business service, /business); decision 75. */
export type MyDataRole = 'User' | 'business'

const BASE: Record<MyDataRole, { service: 'users' | 'business'; prefix: string; header: string }> = {
  User: { service: 'users', prefix: '/users', header: 'auth-user' },
  business: { service: 'business', prefix: '/business', header: 'auth-business' },
}

export const myDataApi = {
  get: (ctx: AppLoadContext, role: MyDataRole, token: string) =>
    callService<MyData>(ctx, BASE[role].service, `${BASE[role].prefix}/my-data`, { auth: { role, token } }),
  requestExport: (ctx: AppLoadContext, role: MyDataRole, token: string) =>
    callService<ExportRequested>(ctx, BASE[role].service, `${BASE[role].prefix}/my-data/export`, {
      method: 'POST',
      auth: { role, token },
    }),
  rectification: (ctx: AppLoadContext, role: MyDataRole, token: string, body: RectificationValues) =>
    callService<RequestLogged>(ctx, BASE[role].service, `${BASE[role].prefix}/my-data/rectification`, {
      json: body,
      auth: { role, token },
    }),
  adminList: (ctx: AppLoadContext, token: string, pendingOnly: boolean) =>
    callService<AdminPrivacyRequests>(
      ctx,
      'users',
      `/admin/privacy-requests${pendingOnly ? '?estado=pendientes' : ''}`,
      { auth: { role: 'admin', token } },
    ),
  adminAnswer: (ctx: AppLoadContext, token: string, id: number, body: PrivacyAnswerValues) =>
    callService<MessageResponse>(ctx, 'users', `/admin/privacy-requests/${id}/answer`, {
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
