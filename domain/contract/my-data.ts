/**
 * «Mis datos» (Ley 21.719, decision 75): what the users service (drivers, /users/my-data) and
 * the business service (companies, /business/my-data) answer, and the console's list of requests
 * (/admin/privacy-requests).
 */
import { z } from 'zod'

export const PRIVACY_REQUEST_KINDS = ['export', 'rectification', 'deletion', 'blocking', 'opposition'] as const
export const PRIVACY_REQUEST_STATUSES = ['pending', 'done', 'cancelled'] as const

/** One request as its owner sees it in «Tus solicitudes». */
export const myRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  detail: z.string().nullable(),
  requested_at: z.string(),
  answered_at: z.string().nullable(),
  /** An export: until when its ZIP can be downloaded (null while it is prepared). */
  file_expires_at: z.string().nullable(),
  /** An export ready and not expired: its file can be downloaded now. */
  downloadable: z.boolean(),
})
export type MyRequest = z.infer<typeof myRequestSchema>

/** GET /users/my-data, /business/my-data. */
export const myDataSchema = z.object({
  account: z.object({
    paused_at: z.string().nullable(),
    opted_out_at: z.string().nullable(),
    deletion_due_at: z.string().nullable(),
  }),
  requests: z.array(myRequestSchema),
  /** When a new export can be requested (null: now). */
  next_export_at: z.string().nullable(),
})
export type MyData = z.infer<typeof myDataSchema>

/** POST …/my-data/export: the request, prepared at once (small accounts) or in the background. */
export const exportRequestedSchema = z.object({
  message: z.string(),
  id: z.number(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
})

/** POST …/my-data/rectification. */
export const requestLoggedSchema = z.object({ message: z.string(), id: z.number() })

/** One request in the console's list. */
export const adminPrivacyRequestSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  role: z.enum(['User', 'business', 'admin']),
  name: z.string(),
  email: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  detail: z.string().nullable(),
  requested_at: z.string(),
  due_at: z.string(),
  answered_at: z.string().nullable(),
})
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequestSchema>
export const adminPrivacyRequestsSchema = z.object({ requests: z.array(adminPrivacyRequestSchema) })
