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

/**
 * A driver a posting may reach whatever the posting (migration 0041, decision 115): opted in, not
 * opposed, in the companies' sight, the 22 required documents accepted. Kept by triggers.
 */
export interface MatchingDriversTable {
  user_id: number
  id_vehicle: number
  id_commune: number
  /** The earliest expiry date among the 22 (YYYY-MM-DD); null: none expires. Validated while not before today. */
  valid_until: string | null
}

export interface InvitationTables {
  posting_invitations: PostingInvitationsTable
  matching_drivers: MatchingDriversTable
}
