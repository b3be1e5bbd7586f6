import type { ColumnType, Generated, Selectable } from 'kysely'
import type { PostingStatus } from '#domain/validation/marketplace'
import type { AdminTables } from './schema-admin'
import type { DataViewTables } from './schema-data-views'
import type { DriverAreaTables } from './schema-driver-area'
import type { InvitationTables } from './schema-invitations'
import type { MarketplaceTables } from './schema-marketplace'
import type { SimplePowerTables } from './schema-power'
import type { PrivacyTables } from './schema-privacy'
import type { PublicSiteTables } from './schema-public-site'
import type { ScheduledJobsTable } from './schema-scheduler'
import type { StaffRole, StaffTables } from './schema-staff'

/**
 * Table types. Timestamps are ISO-8601 strings (UTC) on both engines, booleans are 0/1
 * integers: the same rows come back from SQLite and PostgreSQL.
 */
export type Role = 'User' | 'business' | 'admin'

export interface UsersTable {
  id: Generated<number>
  role: Role
  email: string
  password_hash: string
  firstname: string
  lastname: string
  /** Encrypted (`v1:…`, services/platform/column-crypto.ts); read it through `p.columns`. */
  rut: string | null
  /** Keyed hash of the normalised RUT, for equality (is it taken, the console's search); unique (migration 0024). */
  rut_hmac: ColumnType<string | null, string | null | undefined, string | null>
  phone: string | null
  address: string | null
  about_me: string | null
  img_profile: string | null
  /** The driver's vehicle type (reference data id), stated in «Mi perfil»; null: not stated (migration 0014). */
  id_vehicle: number | null
  /** The driver's commune (reference data id), stated in «Mi perfil»; null: not stated (migration 0014). */
  id_commune: number | null
  email_verified: number
  accepted_terms_at: string | null
  created_at: string
  updated_at: string
  /** «Pausar mi perfil» (blocking, Ley 21.719): companies no longer see the driver (migration 0018). */
  paused_at: string | null
  /** Opposition: no invitations nor non-essential messages (migration 0018). */
  opted_out_at: string | null
  /** A requested deletion waits until then; logging in cancels it (migration 0018). */
  deletion_due_at: string | null
  /** Console accounts only: 'revisor' or 'administrador' (migration 0021); null for the others. */
  staff_role: StaffRole | null
  /** The account was deleted: personal fields erased, the row kept for the records (migration 0018). */
  closed_at: string | null
  /** The last login (migration 0020); the inactivity period counts from it. */
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>
  /** When the account was warned of its deletion for inactivity; a login clears it (migration 0020). */
  inactivity_warned_at: ColumnType<string | null, string | null | undefined, string | null>
  /** The driver's choice of email notifications (1/0); null: never chosen, on (migration 0030). */
  notify_email: ColumnType<number | null, number | null | undefined, number | null>
  /** The driver's choice of WhatsApp notifications (1/0); null: on when the phone is a mobile (migration 0030). */
  notify_whatsapp: ColumnType<number | null, number | null | undefined, number | null>
  /** «Quiero que las empresas me inviten»: when the driver turned it on; null: off (migration 0035). */
  invitations_opt_in_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface SessionsTable {
  id: string
  user_id: number
  role: Role
  created_at: string
  expires_at: string
  revoked_at: string | null
  /** A short label of the browser and system it was opened on («Chrome en Android»; migration 0010). */
  device: string | null
  /** When it was last used, written at most once a minute (migration 0010). */
  last_seen_at: string | null
  /** 1 while the session waits for its second factor: refused everywhere but that step (migration 0021). */
  factor_pending: ColumnType<number, number | undefined, number>
  /** When the owner last proved it again (password or code); the console's sensitive actions ask (0021). */
  reauth_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface EmailVerificationsTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  code_hash: string
  attempts: number
  expires_at: string
  consumed_at: string | null
  created_at: string
}

export interface PasswordResetsTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface OutboxTable {
  id: Generated<number>
  channel: 'email' | 'whatsapp'
  recipient: string
  subject: string | null
  body_text: string
  body_html: string | null
  /** Where replies go (the company that wrote the mail); null for our own mails. */
  reply_to: string | null
  /** 'held': a WhatsApp message's email fallback, released only if that message is given up. */
  status: 'pending' | 'sent' | 'failed' | 'held'
  attempts: number
  next_attempt_at: string
  last_error: string | null
  created_at: string
  sent_at: string | null
  /** One event's message on one channel, unique: written once however often the event is retried (0030). */
  event_key: ColumnType<string | null, string | null | undefined, string | null>
  /** A held email: the id of the WhatsApp message it stands in for (0030). */
  held_for: ColumnType<number | null, number | null | undefined, number | null>
}

export interface ZonesTable {
  id_zone: number
  name_zone: string
}
export interface RegionsTable {
  id_region: number
  name_region: string
  zone_id: number
}
export interface CommunesTable {
  id_commune: number
  name_commune: string
  id_region: number
}
export interface VehiclesTable {
  id_vehicle: number
  name_vehicle: string
}
export interface CapacitiesTable {
  id_capacity: number
  vehicle_id: number
  capacity_kg: number
}
export interface SchedulesTable {
  id_schedule: number
  name_schedule: string
}

export interface CompaniesTable {
  id: Generated<number>
  user_id: number
  name: string
  rut: string
  contact_name: string
  email: string
  phone: string
  id_commune: number | null
  logo_url: string | null
  verified: number
  created_at: string
}

export interface JobPostingsTable {
  id: Generated<number>
  company_id: number
  title: string
  description: string
  id_zone: number
  id_region: number
  id_commune: number
  id_vehicle: number
  id_capacity: number | null
  id_schedule: number
  start_date: string
  pawn: number
  payment_amount: number
  payment_period: string
  drivers_needed: number
  status: PostingStatus
  created_at: string
  updated_at: string
}

export interface ApplicationsTable {
  id: Generated<number>
  posting_id: number
  user_id: number
  status: string
  created_at: string
  updated_at: string
  /** When the company first had it on its applicants screen; null: new to the company (migration 0012). */
  seen_at: ColumnType<string | null, string | null | undefined, string | null>
  /**
   * Kept by triggers (migration 0038, decision 110): 1 while the driver is out of the companies'
   * sight (visibleToCompanies' rule), and the thread's unread messages of each side.
   */
  hidden: Generated<number>
  company_unread: Generated<number>
  driver_unread: Generated<number>
  /**
   * Kept by triggers (migration 0040, decision 113): the driver's row of driver_documents_accepted
   * (`accepted`, `expires_first`), the applicants' order by documents.
   */
  documents_accepted: Generated<number>
  documents_until: Generated<string | null>
}

export interface SavedPostingsTable {
  id: Generated<number>
  posting_id: number
  user_id: number
  created_at: string
}

export interface UserFilesTable {
  id: Generated<number>
  user_id: number
  purpose_name: string
  file_status: 'PENDING' | 'ACCEPTED' | 'REJECTED'
  storage_key: string
  mime_type: string
  size_bytes: number
  original_name: string
  rejection_reason: string | null
  created_at: string
  reviewed_at: string | null
  /** 'yyyy-mm-dd' on the kinds that expire (migration 0011); null otherwise. */
  expires_on: ColumnType<string | null, string | null | undefined, string | null>
  /** When a newer upload of the slot replaced it or it was rejected; kept by triggers (migration 0023). */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>
  /** The retention job removed its file; the row stays as history (migration 0023). */
  file_purged_at: ColumnType<string | null, string | null | undefined, string | null>
  /**
   * What the photo checks found on an image ('blurred,glare'; '' none); null on a PDF or a row
   * from before them (migration 0032).
   */
  photo_flags: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 while in the review queue (PENDING, the slot's latest, a driver's), else null; kept by triggers (0031). */
  queued: Generated<number | null>
  /** 1 when it replaced an earlier record of its slot; set by a trigger on insert (migration 0031). */
  reupload: Generated<number>
}

/** One reminder mail about a document's expiry, sent once (migration 0011). */
export interface DocumentRemindersTable {
  id: Generated<number>
  user_file_id: number
  /** 30, 7 or 0 days before. */
  kind: number
  expires_on: string
  created_at: string
}

export interface FaqsTable {
  id: Generated<number>
  question: string
  answers: string // JSON array of paragraphs
  position: number
}
export interface StatisticsTable {
  id: Generated<number>
  key: string
  title: string
  value: string
  description: string
  position: number
  /** 'manual' or 'validated_drivers' (schema-admin.ts StatisticSource; migration 0006). */
  source: Generated<string>
}
export interface TestimonialsTable {
  id: Generated<number>
  name: string
  job_title: string
  name_business: string
  comment: string
  logo_business: string | null
  position: number
}
export interface PartnerLogosTable {
  id: Generated<number>
  name: string
  img_logo: string
  position: number
}

/** A stored file whose rows a deletion erased, removed after the commit (migration 0020). */
export interface PendingFileRemovalsTable {
  id: Generated<number>
  storage_key: string
  created_at: string
}

/**
 * Each product area declares its tables in its own file (schema-*.ts) and migration
 * (migrations/NNNN_*.ts); Database is their union.
 */
export interface Database
  extends
    PublicSiteTables,
    DriverAreaTables,
    MarketplaceTables,
    SimplePowerTables,
    AdminTables,
    PrivacyTables,
    DataViewTables,
    StaffTables,
    InvitationTables {
  /** The scheduler's record of the periodic jobs (schema-scheduler.ts, migration 0025). */
  scheduled_jobs: ScheduledJobsTable
  users: UsersTable
  sessions: SessionsTable
  email_verifications: EmailVerificationsTable
  password_resets: PasswordResetsTable
  outbox: OutboxTable
  zones: ZonesTable
  regions: RegionsTable
  communes: CommunesTable
  vehicles: VehiclesTable
  capacities: CapacitiesTable
  schedules: SchedulesTable
  companies: CompaniesTable
  job_postings: JobPostingsTable
  applications: ApplicationsTable
  saved_postings: SavedPostingsTable
  user_files: UserFilesTable
  document_reminders: DocumentRemindersTable
  faqs: FaqsTable
  statistics: StatisticsTable
  testimonials: TestimonialsTable
  partner_logos: PartnerLogosTable
  pending_file_removals: PendingFileRemovalsTable
}

export type User = Selectable<UsersTable>
