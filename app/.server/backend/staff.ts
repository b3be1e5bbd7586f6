import type { AppLoadContext } from 'react-router'
import type { FactorEnrolment } from '#domain/contract/staff'
import type { StaffRoleValues } from '#domain/validation/staff'
import { call } from './client'

export type { FactorEnrolment }

/** The accounts with a second factor (decision 77). */
export type FactorRole = 'admin' | 'business'

const auth = (role: FactorRole, token: string) => ({ role, token })

/** The second factor, re-authentication and «Equipo» (users service, decision 77). */
export const staffApi = {
  status: (ctx: AppLoadContext, role: FactorRole, token: string) =>
    call(ctx, 'users', 'get', `/auth/second-factor/${role}`, { auth: auth(role, token) }),
  enrol: (ctx: AppLoadContext, role: FactorRole, token: string) =>
    call(ctx, 'users', 'post', `/auth/second-factor/${role}/enrol`, { auth: auth(role, token) }),
  confirm: (ctx: AppLoadContext, role: FactorRole, token: string, body: { code: string }) =>
    call(ctx, 'users', 'post', `/auth/second-factor/${role}/confirm`, { json: body, auth: auth(role, token) }),
  verify: (ctx: AppLoadContext, role: FactorRole, token: string, body: { code: string }) =>
    call(ctx, 'users', 'post', `/auth/second-factor/${role}/verify`, { json: body, auth: auth(role, token) }),
  disable: (ctx: AppLoadContext, token: string, body: { password: string; code: string }) =>
    call(ctx, 'users', 'post', '/auth/second-factor/business/disable', { json: body, auth: auth('business', token) }),
  reauthenticate: (ctx: AppLoadContext, role: FactorRole, token: string, body: { password?: string; code?: string }) =>
    call(ctx, 'users', 'post', `/auth/reauthenticate/${role}`, { json: body, auth: auth(role, token) }),
  staff: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/admin/staff', { auth: auth('admin', token) }),
  setRole: (ctx: AppLoadContext, token: string, id: number, body: StaffRoleValues) =>
    call(ctx, 'users', 'post', '/admin/staff/{id}/role', { params: { id }, json: body, auth: auth('admin', token) }),
}
