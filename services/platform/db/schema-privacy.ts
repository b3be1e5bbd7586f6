import type { Generated } from 'kysely'
import type { ConsentDocument } from '#domain/privacy'

/** Tables of the privacy records (see migrations/0017_consents.ts and 0018_privacy_requests.ts). */
export interface PrivacyTables {
  consents: ConsentsTable
  privacy_requests: PrivacyRequestsTable
}

/** One acceptance of one version of the terms or the privacy policy; never updated. */
export interface ConsentsTable {
  id: Generated<number>
  user_id: number
  document: ConsentDocument
  version: string
  accepted_at: string
  /** The visitor's address as the web tier saw it; null when the call did not say (tests, scripts). */
  ip: string | null
}

/** A right of Ley 21.719 exercised from «Mis datos» (see migrations/0018_privacy_requests.ts). */
export type PrivacyRequestKind = 'export' | 'rectification' | 'deletion' | 'blocking' | 'opposition'
export type PrivacyRequestStatus = 'pending' | 'done' | 'cancelled'

/** One request: the evidence the law asks the controller to keep. */
export interface PrivacyRequestsTable {
  id: Generated<number>
  user_id: number
  kind: PrivacyRequestKind
  status: PrivacyRequestStatus
  /** What the person asked for in their words (a rectification), or a short note of the answer. */
  detail: string | null
  /** ISO-8601 instants. `due_at`: the legal deadline (RIGHTS_ANSWER_DAYS after the request). */
  requested_at: string
  due_at: string
  answered_at: string | null
  /** An export's ZIP in the file store, and until when it can be downloaded. */
  file_key: string | null
  file_expires_at: string | null
}
