import type { Generated } from 'kysely'

/** What visitors send through the public forms (migrations/0002_public_site.ts). */
export interface ContactMessagesTable {
  id: Generated<number>
  first_name: string
  last_name: string
  email: string
  phone: string
  message: string
  created_at: string
}

export interface BusinessContactsTable {
  id: Generated<number>
  fullname: string
  name_business: string
  email: string
  phone: string
  message: string
  created_at: string
}

export interface FleetRequestsTable {
  id: Generated<number>
  name_business: string
  fullname: string
  email: string
  phone: string
  id_vehicle: number
  quantity: number
  id_zone: number
  id_region: number
  id_commune: number
  id_schedule: number
  /** '' when the company left no message. */
  message: string
  created_at: string
}

export interface InquiriesTable {
  id: Generated<number>
  type: 'Inquiries' | 'Complaints'
  /** One of COMPLAINT_TYPES for a complaint, null for an inquiry. */
  complaint_type: string | null
  name: string
  phone: string
  email: string
  message: string
  created_at: string
}

/** Tables of the public site (see migrations/). */
export interface PublicSiteTables {
  contact_messages: ContactMessagesTable
  business_contacts: BusinessContactsTable
  fleet_requests: FleetRequestsTable
  inquiries: InquiriesTable
}
