import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import type { InvitationPreference } from '#domain/contract/invitations'
import type {
  BankDetail,
  DocumentRecord,
  DriverProfile,
  Experience,
  NotificationPreferences,
} from '#domain/contract/users'
import { expiryFieldName, type DocumentSlotKey } from '#domain/reference-data/documents'
import type { BankDetailsPayload, BankDetailsUpdatePayload } from '#domain/validation/bank'
import type { ExperienceValues } from '#domain/validation/experience'
import { log } from '#services/platform/log'
import { callService, sendToService } from './client'

export type { BankDetail, DocumentRecord, DriverProfile, Experience }

type Message = { message: string }
const user = (token: string) => ({ role: 'User' as const, token })

/** Spec §7 users calls of the driver area (auth-user). */
export const driverApi = {
  documents: (ctx: AppLoadContext, token: string) =>
    callService<DocumentRecord[]>(ctx, 'users', '/users/obtain-all-documents-user', { auth: user(token) }),
  uploadDocument: (ctx: AppLoadContext, token: string, slot: DocumentSlotKey, file: File, expiresOn?: string) => {
    const form = new FormData()
    form.set(slot, file)
    if (expiresOn !== undefined) form.set(expiryFieldName(slot), expiresOn)
    return callService<Message & { files: DocumentRecord[] }>(ctx, 'users', '/users/upload-files-user', {
      form,
      auth: user(token),
    })
  },
  profile: (ctx: AppLoadContext, token: string) =>
    callService<DriverProfile>(ctx, 'users', '/users/get-extra-data-user', { auth: user(token) }),
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
  ) =>
    callService<Message & DriverProfile>(ctx, 'users', '/users/update-data-user', {
      json: { data },
      auth: user(token),
    }),
  /** The driver's notification channels (decision 98). */
  notifications: (ctx: AppLoadContext, token: string) =>
    callService<NotificationPreferences>(ctx, 'users', '/users/notification-preferences', { auth: user(token) }),
  updateNotifications: (ctx: AppLoadContext, token: string, json: { email: boolean; whatsapp: boolean }) =>
    callService<Message & NotificationPreferences>(ctx, 'users', '/users/notification-preferences', {
      method: 'PUT',
      json,
      auth: user(token),
    }),
  /** «Quiero que las empresas me inviten» (decision 106). */
  invitationPreference: (ctx: AppLoadContext, token: string) =>
    callService<InvitationPreference>(ctx, 'users', '/users/invitation-preference', { auth: user(token) }),
  updateInvitationPreference: (ctx: AppLoadContext, token: string, invitations: boolean) =>
    callService<Message & InvitationPreference>(ctx, 'users', '/users/invitation-preference', {
      method: 'PUT',
      json: { invitations },
      auth: user(token),
    }),
  updateProfileImage: (ctx: AppLoadContext, token: string, file: File) => {
    const form = new FormData()
    form.set('newProfileImage', file)
    return callService<Message & { img_profile: string }>(ctx, 'users', '/users/update-profile-image', {
      form,
      auth: user(token),
    })
  },
  experiences: (ctx: AppLoadContext, token: string) =>
    callService<Experience[]>(ctx, 'users', '/users/experience-work/get-experience-work', { auth: user(token) }),
  experience: (ctx: AppLoadContext, token: string, id: number) =>
    callService<Experience>(ctx, 'users', `/users/experience-work/get-experience-work-for-update/${id}`, {
      auth: user(token),
    }),
  addExperience: (ctx: AppLoadContext, token: string, body: ExperienceValues) =>
    callService<Message & { experience: Experience }>(ctx, 'users', '/users/experience-work/add-experience-work', {
      json: body,
      auth: user(token),
    }),
  updateExperience: (ctx: AppLoadContext, token: string, id: number, body: ExperienceValues) =>
    callService<Message & { experience: Experience }>(
      ctx,
      'users',
      `/users/experience-work/update-experience-work/${id}`,
      { method: 'PUT', json: body, auth: user(token) },
    ),
  deleteExperience: (ctx: AppLoadContext, token: string, id: number) =>
    callService<Message>(ctx, 'users', `/users/experience-work/delete-experience-work/${id}`, {
      method: 'DELETE',
      auth: user(token),
    }),
  banks: (ctx: AppLoadContext, token: string) =>
    callService<BankDetail[]>(ctx, 'users', '/users/bank-details/get-banks-details', { auth: user(token) }),
  bank: (ctx: AppLoadContext, token: string, id: number) =>
    callService<BankDetail>(ctx, 'users', `/users/bank-details/get-bank-details-for-update/${id}`, {
      auth: user(token),
    }),
  addBank: (ctx: AppLoadContext, token: string, body: BankDetailsPayload) =>
    callService<Message & { bank_detail: BankDetail }>(ctx, 'users', '/users/bank-details/add-bank-details', {
      json: body,
      auth: user(token),
    }),
  updateBank: (ctx: AppLoadContext, token: string, id: number, body: BankDetailsUpdatePayload) =>
    callService<Message & { bank_detail: BankDetail }>(ctx, 'users', `/users/bank-details/update-bank-details/${id}`, {
      method: 'PUT',
      json: body,
      auth: user(token),
    }),
  selectBank: (ctx: AppLoadContext, token: string, id: number, selected: string) =>
    callService<Message>(ctx, 'users', `/users/bank-details/change-select-bank/${id}`, {
      method: 'PUT',
      json: { id_bank_detail: id, selected },
      auth: user(token),
    }),
  deleteBank: (ctx: AppLoadContext, token: string, id: number) =>
    callService<Message>(ctx, 'users', `/users/bank-details/delete-bank-details/${id}`, {
      method: 'DELETE',
      auth: user(token),
    }),
}

/**
 * A file the users service serves to its owner (documents, profile image), as a raw response:
 * callService parses JSON, these are bytes. `path` is a service path such as /users/files/12.
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
