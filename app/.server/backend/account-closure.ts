import type { AppLoadContext } from 'react-router'
import type { AccountPrivacyState, DeletionRequested } from '#domain/contract/users'
import type { AccountRole } from './auth'
import { callService } from './client'

export type { AccountPrivacyState }

const ROLE_PATH: Record<AccountRole, string> = { User: 'user', business: 'business' }
type Change = AccountPrivacyState & { message: string }

/** «Eliminar mi cuenta», «Pausar mi perfil» and the opt-out (decision 76), in the users service. */
export const accountClosureApi = {
  state: (ctx: AppLoadContext, role: AccountRole, token: string) =>
    callService<AccountPrivacyState>(ctx, 'users', `/auth/privacy-state/${ROLE_PATH[role]}`, { auth: { role, token } }),
  deleteAccount: (ctx: AppLoadContext, role: AccountRole, token: string, body: { current_password: string }) =>
    callService<DeletionRequested>(ctx, 'users', `/auth/delete-account/${ROLE_PATH[role]}`, {
      json: body,
      auth: { role, token },
    }),
  pause: (ctx: AppLoadContext, token: string, paused: boolean) =>
    callService<Change>(ctx, 'users', '/auth/pause/user', { json: { paused }, auth: { role: 'User', token } }),
  optOut: (ctx: AppLoadContext, role: AccountRole, token: string, optedOut: boolean) =>
    callService<Change>(ctx, 'users', `/auth/opt-out/${ROLE_PATH[role]}`, {
      json: { opted_out: optedOut },
      auth: { role, token },
    }),
}
