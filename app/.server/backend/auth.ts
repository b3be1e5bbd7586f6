import type { AppLoadContext } from 'react-router'
import type { SessionPayload } from '#domain/contract/users'
import { call, type AuthRole } from './client'

export type { SessionPayload }

/** The accounts with a «Seguridad» page. */
export type AccountRole = Exclude<AuthRole, 'admin'>

const ROLE_PATH = { User: 'user', business: 'business', admin: 'admin' } as const

export const authApi = {
  session: (ctx: AppLoadContext, role: AuthRole, token: string) =>
    call(ctx, 'users', 'get', `/auth/session/${ROLE_PATH[role]}`, { auth: { role, token } }),
  /** `request`: the visitor's, whose User-Agent names the new session's device. */
  login: (ctx: AppLoadContext, request: Request, body: { email: string; password: string }) =>
    call(ctx, 'users', 'post', '/auth/login', { json: body, userAgent: request.headers.get('user-agent') }),
  validateCode: (ctx: AppLoadContext, request: Request, body: { code: string; token: string }) =>
    call(ctx, 'users', 'post', '/auth/validate-code-email-verification', {
      json: body,
      userAgent: request.headers.get('user-agent'),
    }),
  resetPassword: (ctx: AppLoadContext, body: { email: string }) =>
    call(ctx, 'users', 'post', '/auth/reset-password', { json: body }),
  resetPasswordConfirm: (ctx: AppLoadContext, body: { token: string; password: string }) =>
    call(ctx, 'users', 'post', '/auth/reset-password-confirm', { json: body }),
  successLogin: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'post', '/auth/success-login', { auth: { role: 'User', token } }),
  logout: (ctx: AppLoadContext, role: AuthRole, token: string) =>
    call(ctx, 'users', 'post', `/auth/logout/${ROLE_PATH[role]}`, { auth: { role, token } }),
  changePassword: (
    ctx: AppLoadContext,
    role: AccountRole,
    token: string,
    body: { current_password: string; password: string },
  ) => call(ctx, 'users', 'post', `/auth/change-password/${ROLE_PATH[role]}`, { json: body, auth: { role, token } }),
  sessions: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    call(ctx, 'users', 'get', `/auth/sessions/${ROLE_PATH[role]}`, { auth: { role, token } }),
  closeOtherSessions: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    call(ctx, 'users', 'post', `/auth/close-other-sessions/${ROLE_PATH[role]}`, { auth: { role, token } }),
  closeSession: (ctx: AppLoadContext, role: AccountRole, token: string, id: string) =>
    call(ctx, 'users', 'delete', `/auth/sessions/${ROLE_PATH[role]}/{id}`, { params: { id }, auth: { role, token } }),
  register: (ctx: AppLoadContext, data: Record<string, unknown>) => {
    const form = new FormData()
    form.set('data', JSON.stringify(data))
    return call(ctx, 'users', 'post', '/users/register', { form })
  },
}
