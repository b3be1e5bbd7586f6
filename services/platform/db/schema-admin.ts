import type { Generated } from 'kysely'

/** Tables of the operations console (see migrations/0006_admin.ts). */
export interface AdminTables {
  admin_audit_log: AdminAuditLogTable
  /** One row per Chile day whose team summary was mailed (migration 0026, decision 92). */
  team_summaries: TeamSummariesTable
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
