import type { AppLoadContext } from 'react-router'
import type { ConsentAcceptance } from '#domain/validation/consent'
import { call } from './client'

/** Drivers and companies accept the documents' versions in force (decision 74); the console does not. */
export type ConsentRole = 'User' | 'business'

const ROLE_PATH = { User: 'user', business: 'business' } as const

export const consentsApi = {
  status: (ctx: AppLoadContext, role: ConsentRole, token: string) =>
    call(ctx, 'users', 'get', `/auth/consents/${ROLE_PATH[role]}`, { auth: { role, token } }),
  accept: (ctx: AppLoadContext, role: ConsentRole, token: string, body: ConsentAcceptance) =>
    call(ctx, 'users', 'post', `/auth/consents/${ROLE_PATH[role]}`, { json: body, auth: { role, token } }),
}
