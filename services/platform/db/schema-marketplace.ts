import type { Generated } from 'kysely'
/**
 * Tables of the marketplace (see migrations/0004_marketplace.ts). The marketplace uses the
 * foundation's companies, job_postings, applications and saved_postings; 0004 adds indexes and
 * job_postings.search_text, a generated column (folded title + description) that only the search
 * reads, through sql, so it is not declared here (nobody writes it).
 */
export interface MarketplaceTables {
  application_messages: ApplicationMessagesTable
  posting_applicant_counts: PostingApplicantCountsTable
}

/**
 * A posting's applicants and unread messages, over the drivers companies may see, kept by triggers
 * on job_postings, applications and application_messages (migration 0038, decision 110).
 */
export interface PostingApplicantCountsTable {
  posting_id: number
  company_id: number
  /** 1 while the posting is open. */
  open: number
  total: number
  nueva: number
  en_revision: number
  contactado: number
  seleccionado: number
  descartada: number
  /** Not seen by the company yet. */
  fresh: number
  /** The drivers' messages the company has not read. */
  unread: number
}

/** One message of an application's thread between the company and the driver (migration 0034, decision 105). */
export interface ApplicationMessagesTable {
  id: Generated<number>
  application_id: number
  sender: 'company' | 'driver'
  /** The account that wrote it (the company's user or the driver). */
  sender_user_id: number
  /** Only the messages the spec's email call wrote carry one. */
  subject: string | null
  body: string
  created_at: string
  /** When the other side opened the thread with it; null: unread. */
  read_at: string | null
}
