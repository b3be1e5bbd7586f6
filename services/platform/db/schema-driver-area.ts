import type { Generated } from 'kysely'

/** Tables of the driver area (see migrations/0003_driver_area.ts); user_files lives in schema.ts. */
export interface DriverAreaTables {
  work_experience: WorkExperienceTable
  bank_details: BankDetailsTable
  profile_images: ProfileImagesTable
  driver_documents_accepted: DriverDocumentsAcceptedTable
}

/**
 * A driver's accepted required documents, kept by triggers on user_files (migration 0036,
 * decision 107): how many of the 22 required slots have an ACCEPTED latest record, and the
 * earliest expiry date among them (null: none expires). No row: none accepted.
 */
export interface DriverDocumentsAcceptedTable {
  user_id: number
  accepted: number
  /** 'yyyy-mm-dd' */
  expires_first: string | null
}

export interface WorkExperienceTable {
  id: Generated<number>
  user_id: number
  job_title: string
  company_name: string
  type_employment: string
  location: string
  /** yyyy-mm-dd */
  start_date: string
  /** yyyy-mm-dd; null for the current job («Trabajo actual», migration 0010). */
  end_date: string | null
  job_description: string
  created_at: string
  updated_at: string
}

export interface BankDetailsTable {
  id: Generated<number>
  user_id: number
  account_holder_name: string
  bank_name: string
  /** Encrypted (`v1:…`, services/platform/column-crypto.ts); read it through `p.columns`. */
  account_number: string
  account_type: string
  invoice_type: string
  receipt_issuance: string
  sii_address: string
  phone: string
  email: string
  /** 'Seleccionado' | 'No Seleccionado'; a partial unique index keeps one selected per driver. */
  selected: string
  created_at: string
  updated_at: string
}

export interface ProfileImagesTable {
  id: Generated<number>
  user_id: number
  storage_key: string
  mime_type: string
  size_bytes: number
  created_at: string
}
