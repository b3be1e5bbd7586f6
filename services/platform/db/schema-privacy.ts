import type { Generated } from 'kysely'
import type { ConsentDocument } from '#domain/privacy'

/** Tables of the privacy records (see migrations/0017_consents.ts). */
export interface PrivacyTables {
  consents: ConsentsTable
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
