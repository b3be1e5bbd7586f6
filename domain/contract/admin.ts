/** Response shapes of the operations console's calls (users service, /admin/*, header auth-admin). */
import { z } from 'zod'
import { PHOTO_FLAGS } from '#domain/photo-quality'
import { DOCUMENT_SLOT_KEYS, DOCUMENT_STATUSES } from '#domain/reference-data/documents'
import { POSTING_STATUSES } from '#domain/validation/marketplace'

const slotKey = z.enum(DOCUMENT_SLOT_KEYS)
const documentStatus = z.enum(DOCUMENT_STATUSES)
const record = z.record(z.string(), z.unknown())
/** What the photo checks found on an uploaded image (none on a PDF). */
const photoFlags = z.array(z.enum(PHOTO_FLAGS))

/** The review queue on the clock (decision 100): past due, due by today's 24:00, and the rest. */
const queueCountsSchema = z.object({ late: z.number(), due_today: z.number(), on_time: z.number() })

export const adminSummarySchema = z.object({
  /** The queue's documents: the sum of `queue`. */
  pending_documents: z.number(),
  /** The same counts the unfiltered queue shows, each a link to its part of the queue. */
  queue: queueCountsSchema,
  drivers: z.number(),
  companies: z.number(),
  validated_drivers: z.number(),
  /**
   * The public site's statistics about validated drivers (the seeded 'drivers' one, or any that
   * reads the live count): the home compares a typed value with the real count.
   */
  driver_statistics: z.array(
    z.object({ id: z.number(), title: z.string(), value: z.string(), source: z.enum(['manual', 'validated_drivers']) }),
  ),
})

export type AdminSummary = z.infer<typeof adminSummarySchema>

export const queueItemSchema = z.object({
  id: z.number(),
  purpose_name: slotKey,
  title: z.string(),
  type_name: z.string(),
  date_upload: z.string(),
  driver: z.object({ id: z.number(), name: z.string(), email: z.string(), rut: z.string().nullable() }),
  photo_flags: photoFlags,
})
/** A queued document on the review clock (decision 88): due 24 working hours after its upload. */
export const clockedQueueItemSchema = queueItemSchema.extend({
  due_at: z.string(),
  /** Working hours since the upload, one decimal. */
  age_hours: z.number(),
  late: z.boolean(),
})
export const queueSchema = z.object({
  documents: z.array(clockedQueueItemSchema),
  /** The documents the list draws from: every filter applied, `due` included. */
  total: z.number(),
  /**
   * Of the queue the filters other than `due` leave: past due, due by today's 24:00, and the rest.
   * With a driver filter, each at most QUEUE_COUNT_CAP + 1 (more than the cap), and `total` too.
   */
  counts: queueCountsSchema,
  /** The service's clock, which the due words («vence hoy …») are relative to. */
  now: z.string(),
})
export type Queue = z.infer<typeof queueSchema>

export const slotStateSchema = z.object({
  purpose_name: slotKey,
  title: z.string(),
  optional: z.boolean(),
  file_status: documentStatus.nullable(),
  id_file: z.number().nullable(),
  rejection_reason: z.string().nullable(),
  date_upload: z.string().nullable(),
  /** 'yyyy-mm-dd' on the kinds that expire. */
  expires_on: z.string().nullable(),
  /** The date has passed: the slot counts as missing. */
  expired: z.boolean(),
  /** Of the latest record. */
  photo_flags: photoFlags,
})

/**
 * What an audit row touched, by name: `name` the document's slot key, the company, the posting's
 * title or the account's name; `owner` the driver or company it belongs to. Null when gone.
 */
export const auditSubjectSchema = z.object({ name: z.string().nullable(), owner: z.string().nullable() })
export type AuditSubject = z.infer<typeof auditSubjectSchema>

export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  /** The first name behind `actor` (an email, or 'cli'), when it is a known account. */
  actor_name: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().nullable(),
  subject: auditSubjectSchema,
  before: record.nullable(),
  after: record.nullable(),
  created_at: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** A simple power's PDF under review: the power, its owner's ID images and signature state. */
export const powerReviewSchema = z.object({
  id: z.number(),
  status: z.enum(['PENDING_SIGNATURE', 'SIGNED']),
  owner: z.object({ name: z.string(), rut: z.string(), phone: z.string(), email: z.string() }),
  vehicle: z.object({ brand: z.string(), model: z.string(), year: z.number(), plate: z.string() }),
  created_at: z.string(),
  signature: z.object({ recorded_at: z.string(), recorded_by: z.string() }).nullable(),
  id_images: z.object({ front: z.string(), back: z.string() }),
  /** When the retention job removed the owner's ID images (decision 79); null: still kept. */
  id_images_removed_at: z.string().nullable(),
})
export type PowerReview = z.infer<typeof powerReviewSchema>

export const documentDetailSchema = z.object({
  document: queueItemSchema.extend({
    file_status: documentStatus,
    rejection_reason: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    original_name: z.string(),
    size_bytes: z.number(),
    url_file: z.string(),
    superseded: z.boolean(),
    /** 'yyyy-mm-dd' as the driver typed it; `expiring`: the kind carries one. */
    expires_on: z.string().nullable(),
    expiring: z.boolean(),
    /** When the retention job removed the file (decision 79); null: the file is kept. */
    file_removed_at: z.string().nullable(),
  }),
  driver: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    rut: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    created_at: z.string(),
  }),
  slots: z.array(slotStateSchema),
  history: z.array(
    z.object({
      id: z.number(),
      file_status: documentStatus,
      rejection_reason: z.string().nullable(),
      created_at: z.string(),
      reviewed_at: z.string().nullable(),
      mime_type: z.string(),
      expires_on: z.string().nullable(),
      file_removed_at: z.string().nullable(),
    }),
  ),
  audit: z.array(auditEntrySchema),
  power: powerReviewSchema.nullable(),
  next_id: z.number().nullable(),
})

/** A PDF document's pages for the console's viewer: how many it has and how many are shown as images. */
export const documentPagesSchema = z.object({ total: z.number(), shown: z.number() })

export const reviewResultSchema = z.object({ message: z.string(), driver_validated: z.boolean() })

export const driverListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  rut: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  name_commune: z.string().nullable(),
  created_at: z.string(),
  documents: z.object({
    accepted: z.number(),
    pending: z.number(),
    rejected: z.number(),
    expired: z.number(),
    total: z.number(),
  }),
  validated: z.boolean(),
})
export const driverListSchema = z.object({
  drivers: z.array(driverListItemSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  validated_total: z.number(),
})

/** A document due within `days` (30) or expired, soonest first. */
export const expiringItemSchema = z.object({
  id: z.number(),
  purpose_name: slotKey,
  title: z.string(),
  file_status: documentStatus,
  expires_on: z.string(),
  days_left: z.number(),
  driver: z.object({ id: z.number(), name: z.string(), email: z.string() }),
})
export const expiringDocumentsSchema = z.object({ documents: z.array(expiringItemSchema), days: z.number() })

export const driverDetailSchema = z.object({
  driver: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    rut: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    about_me: z.string().nullable(),
    email_verified: z.boolean(),
    created_at: z.string(),
    name_commune: z.string().nullable(),
    name_vehicle: z.string().nullable(),
  }),
  slots: z.array(slotStateSchema),
  documents: z.object({ accepted: z.number(), total: z.number() }),
  validated: z.boolean(),
  experience: z.array(
    z.object({
      id: z.number(),
      job_title: z.string(),
      company_name: z.string(),
      type_employment: z.string(),
      location: z.string(),
      start_date: z.string(),
      // null: the current job («Trabajo actual»).
      end_date: z.string().nullable(),
      job_description: z.string(),
    }),
  ),
  applications: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      created_at: z.string(),
      posting_id: z.number(),
      title: z.string(),
      posting_status: z.string(),
      company_name: z.string(),
      /** Messages in the application's thread with the company (decision 105); the console reads it. */
      messages: z.number(),
    }),
  ),
  powers: z.array(
    z.object({
      id: z.number(),
      full_name_owner: z.string(),
      rut_owner: z.string(),
      vehicle_brand: z.string(),
      vehicle_model: z.string(),
      vehicle_license_plate: z.string(),
      status: z.string(),
      created_at: z.string(),
      document_file_id: z.number(),
    }),
  ),
  reviews: z.array(auditEntrySchema),
})

const companyBase = z.object({
  id: z.number(),
  name: z.string(),
  rut: z.string(),
  email: z.string(),
  phone: z.string(),
  contact_name: z.string(),
  logo_url: z.string().nullable(),
  verified: z.boolean(),
  created_at: z.string(),
})
export const companyListItemSchema = companyBase.extend({ postings: z.number(), open_postings: z.number() })
export const companyListSchema = z.object({ companies: z.array(companyListItemSchema) })

export const companyDetailSchema = z.object({
  company: companyBase.extend({ name_commune: z.string().nullable() }),
  postings: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      status: z.enum(POSTING_STATUSES),
      created_at: z.string(),
      updated_at: z.string(),
      name_commune: z.string(),
      applicants: z.number(),
    }),
  ),
  /** The team's actions on the company and its postings, newest first. */
  audit: z.array(auditEntrySchema),
})
export const verificationResultSchema = z.object({ message: z.string(), verified: z.boolean() })
export const postingClosedSchema = z.object({ message: z.string(), status: z.literal('closed'), changed: z.boolean() })

export const contentDataSchema = z.object({
  faqs: z.array(z.object({ id: z.number(), question: z.string(), answers: z.array(z.string()), position: z.number() })),
  testimonials: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      job_title: z.string(),
      name_business: z.string(),
      comment: z.string(),
      logo_business: z.string().nullable(),
      position: z.number(),
    }),
  ),
  logos: z.array(z.object({ id: z.number(), name: z.string(), img_logo: z.string(), position: z.number() })),
  statistics: z.array(
    z.object({
      id: z.number(),
      key: z.string(),
      title: z.string(),
      value: z.string(),
      description: z.string(),
      position: z.number(),
      source: z.string(),
    }),
  ),
  validated_drivers: z.number(),
})
export type ContentData = z.infer<typeof contentDataSchema>
export type ContentList = 'faqs' | 'testimonials' | 'logos' | 'statistics'
export const contentCreatedSchema = z.object({ message: z.string(), id: z.number(), img_logo: z.string().optional() })
export const signatureRecordedSchema = z.object({
  message: z.string(),
  id: z.number(),
  status: z.literal('SIGNED'),
  signature: z.object({ recorded_at: z.string(), recorded_by: z.string() }),
})
