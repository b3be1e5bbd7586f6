import type { AppLoadContext } from 'react-router'
import type { AccountSession, CodeStepPayload, LiveSessionUser, SessionPayload } from '#domain/contract/users'
import { callService, type AuthRole } from './client'

export type { AccountSession, CodeStepPayload, LiveSessionUser, SessionPayload }

/** The accounts with a «Seguridad» page. */
export type AccountRole = Exclude<AuthRole, 'admin'>

const ROLE_PATH: Record<AuthRole, string> = { User: 'user', business: 'business', admin: 'admin' }

export const authApi = {
  session: (ctx: AppLoadContext, role: AuthRole, token: string) =>
    callService<LiveSessionUser>(ctx, 'users', `/auth/session/${ROLE_PATH[role]}`, { auth: { role, token } }),
  /** `request`: the visitor's, whose User-Agent names the new session's device. */
  login: (ctx: AppLoadContext, request: Request, body: { email: string; password: string }) =>
    callService<SessionPayload | CodeStepPayload>(ctx, 'users', '/auth/login', {
      json: body,
      userAgent: request.headers.get('user-agent'),
    }),
  validateCode: (ctx: AppLoadContext, request: Request, body: { code: string; token: string }) =>
    callService<SessionPayload>(ctx, 'users', '/auth/validate-code-email-verification', {
      json: body,
      userAgent: request.headers.get('user-agent'),
    }),
  resetPassword: (ctx: AppLoadContext, body: { email: string }) =>
    callService<{ message: string }>(ctx, 'users', '/auth/reset-password', { json: body }),
  resetPasswordConfirm: (ctx: AppLoadContext, body: { token: string; password: string }) =>
    callService<{ message: string }>(ctx, 'users', '/auth/reset-password-confirm', { json: body }),
  successLogin: (ctx: AppLoadContext, token: string) =>
    callService<SessionPayload>(ctx, 'users', '/auth/success-login', { method: 'POST', auth: { role: 'User', token } }),
  logout: (ctx: AppLoadContext, role: AuthRole, token: string) =>
    callService<{ message: string }>(ctx, 'users', `/auth/logout/${ROLE_PATH[role]}`, {
      method: 'POST',
      auth: { role, token },
    }),
  changePassword: (
    ctx: AppLoadContext,
    role: AccountRole,
    token: string,
    body: { current_password: string; password: string },
  ) =>
    callService<{ message: string }>(ctx, 'users', `/auth/change-password/${ROLE_PATH[role]}`, {
      json: body,
      auth: { role, token },
    }),
  sessions: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    callService<{ sessions: AccountSession[] }>(ctx, 'users', `/auth/sessions/${ROLE_PATH[role]}`, {
      auth: { role, token },
    }),
  closeOtherSessions: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    callService<{ message: string; closed: number }>(ctx, 'users', `/auth/close-other-sessions/${ROLE_PATH[role]}`, {
      method: 'POST',
      auth: { role, token },
    }),
  closeSession: (ctx: AppLoadContext, role: AccountRole, token: string, id: string) =>
    callService<{ message: string }>(ctx, 'users', `/auth/sessions/${ROLE_PATH[role]}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      auth: { role, token },
    }),
  register: (ctx: AppLoadContext, data: Record<string, unknown>) => {
    const form = new FormData()
    form.set('data', JSON.stringify(data))
    return callService<{ message: string }>(ctx, 'users', '/users/register', { form })
  },
}
