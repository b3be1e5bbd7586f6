/** Response shapes of the users service (spec §3, §7): auth, registration, driver area, postings, simple power. */
import { z } from 'zod'
import { CONSENT_DOCUMENTS } from '#domain/privacy'
import { DOCUMENT_SLOT_KEYS, DOCUMENT_STATUSES } from '#domain/reference-data/documents'
import { APPLICATION_STATUSES } from '#domain/validation/marketplace'
import { STAFF_ROLE_VALUES } from '#domain/validation/staff'

export const ROLES = ['User', 'business', 'admin'] as const
const role = z.enum(ROLES)

/** Spec §3 "Logged-in session (Auth)": what login, code verification and refresh return. */
export const sessionObjectSchema = z.object({
  role,
  token_jwt: z.string(),
  email: z.string(),
  rut: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  img_profile: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  about_me: z.string().nullable(),
  security_user: z.object({ email_verified: z.boolean() }),
  files: z.object({ filesUpload: z.number(), files_verification: z.number() }),
  email_verification: z.literal(false),
  email_one_time_token: z.null(),
  /** The session waits for the second factor: to enrol an app, or to type a code (decision 77). */
  second_factor: z.enum(['enrol', 'verify']).optional(),
})
export type SessionObject = z.infer<typeof sessionObjectSchema>

export const sessionPayloadSchema = sessionObjectSchema.extend({ message: z.string() })
export type SessionPayload = z.infer<typeof sessionPayloadSchema>

/**
 * Login of an account whose email is not verified yet, or of an email over its limit of failed
 * logins (decision 73): a code went to the mailbox. The latter names no role: it answers the same
 * for any password and for unknown emails.
 */
export const codeStepPayloadSchema = z.object({
  message: z.string(),
  role: role.optional(),
  email: z.string(),
  email_verification: z.literal(true),
  email_one_time_token: z.string(),
})

export const loginResponseSchema = z.union([sessionPayloadSchema, codeStepPayloadSchema])

/** Who a session belongs to, as the users service says now (GET /auth/session/{role}). */
export const liveSessionUserSchema = z.object({
  role,
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  rut: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  about_me: z.string().nullable(),
  img_profile: z.string().nullable(),
  email_verified: z.boolean(),
  /** Where the session stands with its second factor (decision 77); 'ok' when passed or not needed. */
  second_factor: z.enum(['ok', 'enrol', 'verify']).optional(),
  /** Console accounts: 'revisor' or 'administrador'. */
  staff_role: z.enum(STAFF_ROLE_VALUES).nullable().optional(),
  /**
   * Drivers and companies: the legal documents whose version in force they have not accepted
   * (decision 74), so the area's guard knows without a second call. Absent for the console.
   */
  pending_documents: z.array(z.enum(CONSENT_DOCUMENTS)).optional(),
  /**
   * Drivers: the companies' messages not read yet (decision 105), which every page of the area
   * shows, so the layout needs no call of its own (decision 124). Absent for the other roles.
   */
  unread_messages: z.number().int().nonnegative().optional(),
})

/** POST /users/validate-{email,rut,phone}-user when the value is free. */
export const availabilitySchema = z.object({ message: z.string(), available: z.literal(true) })

/** Spec §3 "User document record". */
export const documentRecordSchema = z.object({
  purpose_name: z.enum(DOCUMENT_SLOT_KEYS),
  file_status: z.enum(DOCUMENT_STATUSES),
  id_file: z.number(),
  type_name: z.string(),
  url_file: z.string(),
  rejection_reason: z.string().nullable(),
  date_upload: z.string(),
  /** 'yyyy-mm-dd', only on the kinds that expire (null for a record uploaded before dates were asked). */
  expires_on: z.string().nullable().optional(),
  /** Present (true) when the retention job removed the file (decision 79): the record stays, without its file. */
  file_removed: z.literal(true).optional(),
})
export type DocumentRecord = z.infer<typeof documentRecordSchema>
export const uploadedDocumentsSchema = z.object({ message: z.string(), files: z.array(documentRecordSchema) })

export const driverProfileSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  address: z.string().nullable(),
  about_me: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  img_profile: z.string().nullable(),
  /** The vehicle type and commune the driver stated; null: not stated. Names from the reference data. */
  id_vehicle: z.number().nullable(),
  name_vehicle: z.string().nullable(),
  id_commune: z.number().nullable(),
  name_commune: z.string().nullable(),
})
export const profileUpdatedSchema = driverProfileSchema.extend({ message: z.string() })
export const profileImageUpdatedSchema = z.object({ message: z.string(), img_profile: z.string() })

/** Spec §3 "Work experience". */
export const experienceRecordSchema = z.object({
  id_ew: z.number(),
  job_title: z.string(),
  company_name: z.string(),
  type_employment: z.string(),
  location: z.string(),
  start_date: z.string(),
  // null: the current job («Trabajo actual»), shown «Actualidad».
  end_date: z.string().nullable(),
  duration: z.string(),
  job_description: z.string(),
})
export type Experience = z.infer<typeof experienceRecordSchema>
export const experienceSavedSchema = z.object({ message: z.string(), experience: experienceRecordSchema })

/** Spec §3 "Bank detail". */
export const bankDetailSchema = z.object({
  id_bank_detail: z.number(),
  account_holder_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_type: z.string(),
  invoice_type: z.string(),
  sii_address: z.string(),
  selected: z.string(),
  receipt_issuance: z.string(),
  phone: z.string(),
  email: z.string(),
})
export type BankDetail = z.infer<typeof bankDetailSchema>
export const bankDetailSavedSchema = z.object({ message: z.string(), bank_detail: bankDetailSchema })
export const bankSelectedSchema = z.object({ message: z.string(), id_bank_detail: z.number(), selected: z.string() })

/** POST /users/postulate-job-posting: the application's status (new, or the existing one). */
export const applicationResultSchema = z.object({ message: z.string(), status: z.enum(APPLICATION_STATUSES) })

/** Simple power (spec §1, §3, §5, §7). */
export const POWER_LINK_STATES = ['sent', 'used', 'expired'] as const
export const powerLinkCreatedSchema = z.object({
  message: z.string(),
  token: z.string(),
  path: z.string(),
  expires_at: z.string(),
})
export const powerLinksSchema = z.object({
  links: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      expires_at: z.string(),
      used_at: z.string().nullable(),
      state: z.enum(POWER_LINK_STATES),
    }),
  ),
})
export const powerLinkValidSchema = z.object({
  expires_at: z.string(),
  driver: z.object({ fullNameDriver: z.string(), rutDriver: z.string(), addressDriver: z.string() }),
})
/** A link that cannot be used: 404 invalid, 410 used or expired (a link spent meanwhile: no state). */
export const powerLinkDeadSchema = z.object({
  message: z.string(),
  state: z.enum(['invalid', 'used', 'expired']).optional(),
  expires_at: z.string().optional(),
  used_at: z.string().nullable().optional(),
})
export const powerCreatedSchema = z.object({
  message: z.string(),
  id_power: z.number(),
  document: documentRecordSchema,
})

/** One open session of the account, as its «Seguridad» page lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session that asks: «Este dispositivo». */
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof accountSessionSchema>
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) })
export const closedSessionsSchema = z.object({ message: z.string(), closed: z.number().int() })

/**
 * The documents whose version in force the account has not accepted (Ley 21.719, decision 74):
 * empty once it accepted them. Names and links come from domain/privacy.ts.
 */
export const consentStatusSchema = z.object({
  pending: z.array(z.object({ document: z.enum(CONSENT_DOCUMENTS), version: z.string() })),
})
export const consentsAcceptedSchema = consentStatusSchema.extend({ message: z.string() })

/** «Mis datos»: the states a person's own requests left on the account (decision 76). */
export const accountPrivacyStateSchema = z.object({
  paused_at: z.string().nullable(),
  opted_out_at: z.string().nullable(),
  deletion_due_at: z.string().nullable(),
})
export type AccountPrivacyState = z.infer<typeof accountPrivacyStateSchema>

/** A deletion requested: when it will run unless the person logs in before. */
export const deletionRequestedSchema = z.object({ message: z.string(), deletion_due_at: z.string() })
export const accountPrivacyChangeSchema = accountPrivacyStateSchema.extend({ message: z.string() })

/** The driver's notification channels, as «Mi perfil» shows them (decision 98). */
export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  whatsapp: z.boolean(),
  /** The stored phone is a Chilean mobile, so WhatsApp can reach it. */
  whatsapp_available: z.boolean(),
})

export const notificationPreferencesUpdatedSchema = notificationPreferencesSchema.extend({ message: z.string() })

/** What the driver may change: each channel on or off. */
export const notificationPreferencesInputSchema = z.strictObject({
  email: z.boolean({ error: 'Indica si quieres recibir correos.' }),
  whatsapp: z.boolean({ error: 'Indica si quieres recibir mensajes de WhatsApp.' }),
})
