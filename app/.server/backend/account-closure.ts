import type { AppLoadContext } from 'react-router'
import type { AccountRole } from './auth'
import { call } from './client'

const ROLE_PATH = { User: 'user', business: 'business' } as const

/** «Eliminar mi cuenta», «Pausar mi perfil» and the opt-out (decision 76), in the users service. */
export const accountClosureApi = {
  state: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    call(ctx, 'users', 'get', `/auth/privacy-state/${ROLE_PATH[role]}`, { auth: { role, token } }),
  deleteAccount: (ctx: AppLoadContext, role: AccountRole, token: string, body: { current_password: string }) =>
    call(ctx, 'users', 'post', `/auth/delete-account/${ROLE_PATH[role]}`, { json: body, auth: { role, token } }),
  pause: (ctx: AppLoadContext, token: string, paused: boolean) =>
    call(ctx, 'users', 'post', '/auth/pause/user', { json: { paused }, auth: { role: 'User', token } }),
  optOut: (ctx: AppLoadContext, role: AccountRole, token: string, optedOut: boolean) =>
    call(ctx, 'users', 'post', `/auth/opt-out/${ROLE_PATH[role]}`, {
      json: { opted_out: optedOut },
      auth: { role, token },
    }),
}
