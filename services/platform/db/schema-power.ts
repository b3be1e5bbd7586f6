import type { ColumnType, Generated } from 'kysely'

/** Tables of the simple power of attorney (see migrations/0005_simple_power.ts). */
export interface SimplePowerTables {
  simple_power_links: SimplePowerLinksTable
  simple_powers: SimplePowersTable
}

/** One signed link issued by a driver; `used_at` is set when a power is created through it. */
export interface SimplePowerLinksTable {
  id: Generated<number>
  user_id: number
  /** The token's jti (random, unique). */
  jti: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** PENDING_SIGNATURE until a reviewer records the owner's signature (migration 0008), then SIGNED. */
export type SimplePowerStatus = 'PENDING_SIGNATURE' | 'SIGNED'

export interface SimplePowersTable {
  id: Generated<number>
  user_id: number
  link_id: number
  full_name_driver: string
  rut_driver: string
  address_driver: string
  nationality_driver: string
  vehicle_brand: string
  vehicle_model: string
  vehicle_year: number
  vehicle_license_plate: string
  full_name_owner: string
  rut_owner: string
  address_owner: string
  nationality_owner: string
  /** As typed (9 to 12 digits starting with 9). */
  phone_owner: string
  email_owner: string
  /** Private file keys (services/platform/files.ts) of the owner's ID images. */
  id_front_key: string
  id_front_mime: string
  id_back_key: string
  id_back_mime: string
  /** The generated PDF: a user_files row of slot autorizacion_dueno_vehiculo. */
  document_file_id: number
  status: SimplePowerStatus
  created_at: string
  /** When a reviewer recorded the owner's signature (the WhatsApp reply), by whom (email) and which account. */
  signature_recorded_at: string | null
  signature_recorded_by: string | null
  signature_recorded_by_user_id: number | null
  /** The retention job removed the owner's ID images (migration 0023). */
  id_images_purged_at: ColumnType<string | null, string | null | undefined, string | null>
}
