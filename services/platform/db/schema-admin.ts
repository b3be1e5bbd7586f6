import type { Generated } from 'kysely'

/** Tables of the operations console (see migrations/0006_admin.ts). */
export interface AdminTables {
  admin_audit_log: AdminAuditLogTable
  /** One row per Chile day whose team summary was mailed (migration 0026, decision 92). */
  team_summaries: TeamSummariesTable
  /** One row per closed Chile day of document decisions (migration 0031, decision 99). */
  review_days: ReviewDaysTable
  /** A closed day's decisions per reviewer (migration 0031, decision 99). */
  review_day_reviewers: ReviewDayReviewersTable
  /** The pieces of the names and emails of the queue's drivers, per queued record (migration 0037, decision 109). */
  queue_name_grams: QueueNameGramsTable
  /** The queue's records per filter combination and upload hour (migration 0039, decision 111). */
  queue_hours: QueueHoursTable
}

export interface QueueHoursTable {
  /** `*`, or the kind, origin and flag filters joined: «s:<kind>|o:<0|1>|a». */
  bucket: string
  /** The UTC upload hour, the first 13 characters of `created_at`. */
  hour: string
  n: number
}

export interface QueueNameGramsTable {
  /** One character, or up to NAME_PIECE_LENGTH characters from a position on, of the lowered name or email. */
  gram: string
  /** The record's upload time (user_files.created_at): the queue's order. */
  created_at: string
  file_id: number
}

export interface ReviewDaysTable {
  /** yyyy-mm-dd in Chile. */
  day: string
  decisions: number
  /** Decisions whose upload was still on record when the day was rolled up. */
  timed: number
  /** Timed decisions within REVIEW_HOURS working hours of the upload. */
  within: number
  /** The timed decisions' working milliseconds from upload to decision, sorted, little-endian float64s. */
  times: Uint8Array
  created_at: string
}

export interface ReviewDayReviewersTable {
  day: string
  /** null: the account was removed since (or the decision was the command line's). */
  admin_user_id: number | null
  /** The reviewer's address in the audit log. */
  actor: string
  decisions: number
}

export interface TeamSummariesTable {
  /** yyyy-mm-dd: the day the summary is about (yesterday when it was sent). */
  day: string
  /** How many administradores it was mailed to. */
  mails: number
  created_at: string
}

/** One row per admin action: who, what, when, and the record before and after (JSON). */
export interface AdminAuditLogTable {
  id: Generated<number>
  /** The admin's user id; null for the command line (`npm run admin:create`) or a removed account. */
  admin_user_id: number | null
  /** The admin's email at the time, or 'cli'. */
  actor: string
  /** e.g. document.approve, document.reject, company.verify, posting.close, faq.update */
  action: string
  entity_type: string
  entity_id: number | null
  before_json: string | null
  after_json: string | null
  created_at: string
}
