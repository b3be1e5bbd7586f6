import type { AppLoadContext } from 'react-router'
import {
  OWNER_ID_IMAGE_FIELDS,
  ownerIdImagePart,
  POWER_DRIVER_FIELDS,
  POWER_OWNER_FIELDS,
  type SimplePowerFormValues,
} from '#domain/validation/power'
import { call } from './client'

/** Why a link cannot be used: verify answers 404 (invalid) or 410 (used, expired) with its state. */
export type DeadLinkState = 'invalid' | 'used' | 'expired'

export function deadLinkOf(res: {
  status: number
  body?: unknown
}): { state: DeadLinkState; expires_at: string | null; used_at: string | null } | null {
  if (res.status !== 404 && res.status !== 410) return null
  const body = (res.body ?? {}) as { state?: unknown; expires_at?: unknown; used_at?: unknown }
  const state: DeadLinkState = res.status === 404 ? 'invalid' : body.state === 'used' ? 'used' : 'expired'
  return {
    state,
    expires_at: typeof body.expires_at === 'string' ? body.expires_at : null,
    used_at: typeof body.used_at === 'string' ? body.used_at : null,
  }
}

/** The simple power calls of the users service (spec §7 create-power-simple and its link). */
export const powerApi = {
  /** auth-user: the driver issues a link for themself. */
  createLink: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'post', '/users/create-power-simple-link', { auth: { role: 'User', token } }),
  /** auth-user: the driver's links, newest first, with their state. */
  links: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/power-simple-links', { auth: { role: 'User', token } }),
  /** Public: the power token is the credential. */
  verify: (ctx: AppLoadContext, power: string) =>
    call(ctx, 'users', 'post', '/users/verify-power-simple', { json: { power } }),
  /**
   * Multipart with every field, files[cedula_identidad_frontal_owner], files[cedula_identidad_posterior_owner]
   * and the token.
   */
  create: (ctx: AppLoadContext, power: string, values: SimplePowerFormValues) => {
    const form = new FormData()
    form.set('power', power)
    for (const name of [...POWER_DRIVER_FIELDS, ...POWER_OWNER_FIELDS]) form.set(name, String(values[name]))
    for (const { name } of OWNER_ID_IMAGE_FIELDS) form.set(ownerIdImagePart(name), values[name])
    return call(ctx, 'users', 'post', '/users/create-power-simple', { form })
  },
}
