import type { AppLoadContext } from 'react-router'
import type { FactorEnrolment, FactorStatus, RecoveryCodes, StaffMember } from '#domain/contract/staff'
import type { StaffRoleValues } from '#domain/validation/staff'
import { callService } from './client'

export type { FactorEnrolment, FactorStatus, RecoveryCodes, StaffMember }

/** The accounts with a second factor (decision 77). */
export type FactorRole = 'admin' | 'business'

type Message = { message: string }
const auth = (role: FactorRole, token: string) => ({ role, token })

/** The second factor, re-authentication and «Equipo» (users service, decision 77). */
export const staffApi = {
  status: (ctx: AppLoadContext, role: FactorRole, token: string) =>
    callService<FactorStatus>(ctx, 'users', `/auth/second-factor/${role}`, { auth: auth(role, token) }),
  enrol: (ctx: AppLoadContext, role: FactorRole, token: string) =>
    callService<FactorEnrolment>(ctx, 'users', `/auth/second-factor/${role}/enrol`, {
      method: 'POST',
      auth: auth(role, token),
    }),
  confirm: (ctx: AppLoadContext, role: FactorRole, token: string, body: { code: string }) =>
    callService<RecoveryCodes>(ctx, 'users', `/auth/second-factor/${role}/confirm`, {
      json: body,
      auth: auth(role, token),
    }),
  verify: (ctx: AppLoadContext, role: FactorRole, token: string, body: { code: string }) =>
    callService<Message>(ctx, 'users', `/auth/second-factor/${role}/verify`, { json: body, auth: auth(role, token) }),
  disable: (ctx: AppLoadContext, token: string, body: { password: string; code: string }) =>
    callService<Message>(ctx, 'users', '/auth/second-factor/business/disable', {
      json: body,
      auth: auth('business', token),
    }),
  reauthenticate: (ctx: AppLoadContext, role: FactorRole, token: string, body: { password?: string; code?: string }) =>
    callService<Message>(ctx, 'users', `/auth/reauthenticate/${role}`, { json: body, auth: auth(role, token) }),
  staff: (ctx: AppLoadContext, token: string) =>
    callService<{ staff: StaffMember[] }>(ctx, 'users', '/admin/staff', { auth: auth('admin', token) }),
  setRole: (ctx: AppLoadContext, token: string, id: number, body: StaffRoleValues) =>
    callService<Message>(ctx, 'users', `/admin/staff/${id}/role`, { json: body, auth: auth('admin', token) }),
}
