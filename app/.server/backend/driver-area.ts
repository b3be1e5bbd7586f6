import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import { expiryFieldName, type DocumentSlotKey } from '#domain/reference-data/documents'
import type { BankDetailsPayload, BankDetailsUpdatePayload, BankSelectionValues } from '#domain/validation/bank'
import type { ExperienceValues } from '#domain/validation/experience'
import { log } from '#services/platform/log'
import { call, sendToService } from './client'

const user = (token: string) => ({ role: 'User' as const, token })

/** Spec §7 users calls of the driver area (auth-user). */
export const driverApi = {
  documents: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/obtain-all-documents-user', { auth: user(token) }),
  uploadDocument: (ctx: AppLoadContext, token: string, slot: DocumentSlotKey, file: File, expiresOn?: string) => {
    const form = new FormData()
    form.set(slot, file)
    if (expiresOn !== undefined) form.set(expiryFieldName(slot), expiresOn)
    return call(ctx, 'users', 'post', '/users/upload-files-user', { form, auth: user(token) })
  },
  profile: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/get-extra-data-user', { auth: user(token) }),
  updateProfile: (
    ctx: AppLoadContext,
    token: string,
    data: {
      firstname: string
      lastname: string
      address: string
      about_me: string
      phone?: number
      id_vehicle?: number | null
      id_commune?: number | null
    },
  ) => call(ctx, 'users', 'post', '/users/update-data-user', { json: data, auth: user(token) }),
  /** The driver's notification channels (decision 98). */
  notifications: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/notification-preferences', { auth: user(token) }),
  updateNotifications: (ctx: AppLoadContext, token: string, json: { email: boolean; whatsapp: boolean }) =>
    call(ctx, 'users', 'put', '/users/notification-preferences', { json, auth: user(token) }),
  /** «Quiero que las empresas me inviten» (decision 106). */
  invitationPreference: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/invitation-preference', { auth: user(token) }),
  updateInvitationPreference: (ctx: AppLoadContext, token: string, invitations: boolean) =>
    call(ctx, 'users', 'put', '/users/invitation-preference', { json: { invitations }, auth: user(token) }),
  updateProfileImage: (ctx: AppLoadContext, token: string, file: File) => {
    const form = new FormData()
    form.set('newProfileImage', file)
    return call(ctx, 'users', 'post', '/users/update-profile-image', { form, auth: user(token) })
  },
  experiences: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/experience-work/get-experience-work', { auth: user(token) }),
  experience: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/users/experience-work/get-experience-work-for-update/{id}', {
      params: { id },
      auth: user(token),
    }),
  addExperience: (ctx: AppLoadContext, token: string, body: ExperienceValues) =>
    call(ctx, 'users', 'post', '/users/experience-work/add-experience-work', { json: body, auth: user(token) }),
  updateExperience: (ctx: AppLoadContext, token: string, id: number, body: ExperienceValues) =>
    call(ctx, 'users', 'put', '/users/experience-work/update-experience-work/{id}', {
      params: { id },
      json: body,
      auth: user(token),
    }),
  deleteExperience: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'delete', '/users/experience-work/delete-experience-work/{id}', {
      params: { id },
      auth: user(token),
    }),
  banks: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/users/bank-details/get-banks-details', { auth: user(token) }),
  bank: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/users/bank-details/get-bank-details-for-update/{id}', {
      params: { id },
      auth: user(token),
    }),
  addBank: (ctx: AppLoadContext, token: string, body: BankDetailsPayload) =>
    call(ctx, 'users', 'post', '/users/bank-details/add-bank-details', { json: body, auth: user(token) }),
  updateBank: (ctx: AppLoadContext, token: string, id: number, body: BankDetailsUpdatePayload) =>
    call(ctx, 'users', 'put', '/users/bank-details/update-bank-details/{id}', {
      params: { id },
      json: body,
      auth: user(token),
    }),
  selectBank: (ctx: AppLoadContext, token: string, id: number, selected: string) => {
    // The action sends only one of BANK_SELECTION_VALUES (it checks them), and the service checks
    // again. The body also names the account as spec §4 says, which the declaration leaves to the path.
    const body = { id_bank_detail: id, selected: selected as BankSelectionValues['selected'] }
    return call(ctx, 'users', 'put', '/users/bank-details/change-select-bank/{id}', {
      params: { id },
      json: body,
      auth: user(token),
    })
  },
  deleteBank: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'delete', '/users/bank-details/delete-bank-details/{id}', { params: { id }, auth: user(token) }),
}

/**
 * A file the users service serves to its owner (documents, profile image), as a raw response:
 * `call` parses JSON, these are bytes. `path` is a service path such as /users/files/12.
 */
export async function fetchDriverFile(ctx: AppLoadContext, token: string, path: string): Promise<Response | null> {
  const remote = env().config.USERS_API_URL
  const request = new Request(`${remote ?? 'http://services.internal'}${path}`, { headers: { 'auth-user': token } })
  try {
    const response = await sendToService(ctx, request, Boolean(remote))
    return response
  } catch (error) {
    log.error({ err: error }, `[backend] users ${path} failed`)
    return null
  }
}
