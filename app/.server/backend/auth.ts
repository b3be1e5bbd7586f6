import type { AppLoadContext } from 'react-router'
import type { CodeStepPayload, LiveSessionUser, SessionPayload } from '#domain/contract/users'
import { callService, type AuthRole } from './client'

export type { CodeStepPayload, LiveSessionUser, SessionPayload }

const ROLE_PATH: Record<AuthRole, string> = { User: 'user', business: 'business', admin: 'admin' }

export const authApi = {
  session: (ctx: AppLoadContext, role: AuthRole, token: string) => callService<LiveSessionUser>(ctx, 'users', `/auth/session/${ROLE_PATH[role]}`, { auth: { role, token } }),
  login: (ctx: AppLoadContext, body: { email: string; password: string }) => callService<SessionPayload | CodeStepPayload>(ctx, 'users', '/auth/login', { json: body }),
  validateCode: (ctx: AppLoadContext, body: { code: string; token: string }) => callService<SessionPayload>(ctx, 'users', '/auth/validate-code-email-verification', { json: body }),
  resetPassword: (ctx: AppLoadContext, body: { email: string }) => callService<{ message: string }>(ctx, 'users', '/auth/reset-password', { json: body }),
  resetPasswordConfirm: (ctx: AppLoadContext, body: { token: string; password: string }) =>
    callService<{ message: string }>(ctx, 'users', '/auth/reset-password-confirm', { json: body }),
  successLogin: (ctx: AppLoadContext, token: string) => callService<SessionPayload>(ctx, 'users', '/auth/success-login', { method: 'POST', auth: { role: 'User', token } }),
  logout: (ctx: AppLoadContext, role: AuthRole, token: string) =>
    callService<{ message: string }>(ctx, 'users', `/auth/logout/${ROLE_PATH[role]}`, {
      method: 'POST',
      auth: { role, token },
    }),
  register: (ctx: AppLoadContext, data: Record<string, unknown>) => {
    const form = new FormData()
    form.set('data', JSON.stringify(data))
    return callService<{ message: string }>(ctx, 'users', '/users/register', { form })
  },
}
