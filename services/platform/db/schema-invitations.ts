/** Invitations to apply (see migrations/0035_driver_invitations.ts, decision 106). */
import type { Generated } from 'kysely'

/** One driver invited to one posting: unique on the pair. */
export interface PostingInvitationsTable {
  id: Generated<number>
  posting_id: number
  user_id: number
  company_id: number
  /** The day in Chile it was sent (YYYY-MM-DD): the company's daily cap counts these. */
  day: string
  created_at: string
}

export interface InvitationTables {
  posting_invitations: PostingInvitationsTable
}
