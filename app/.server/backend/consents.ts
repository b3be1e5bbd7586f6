import type { AppLoadContext } from 'react-router'
import type { ConsentStatus } from '#domain/contract/users'
import type { ConsentAcceptance } from '#domain/validation/consent'
import { callService } from './client'

export type { ConsentStatus }

/** Drivers and companies accept the documents' versions in force (decision 74); the console does not. */
export type ConsentRole = 'User' | 'business'

const ROLE_PATH: Record<ConsentRole, string> = { User: 'user', business: 'business' }

export const consentsApi = {
  status: (ctx: AppLoadContext, role: ConsentRole, token: string) =>
    callService<ConsentStatus>(ctx, 'users', `/auth/consents/${ROLE_PATH[role]}`, { auth: { role, token } }),
  accept: (ctx: AppLoadContext, role: ConsentRole, token: string, body: ConsentAcceptance) =>
    callService<ConsentStatus & { message: string }>(ctx, 'users', `/auth/consents/${ROLE_PATH[role]}`, {
      json: body,
      auth: { role, token },
    }),
}
