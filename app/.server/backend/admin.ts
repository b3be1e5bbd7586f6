import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import type { DocumentSlotKey, DocumentStatus } from '#domain/reference-data/documents'
import { log } from '#services/platform/log'
import { callService, sendToService } from './client'

/** The operations console's calls (users service, /admin/*, header auth-admin). */

export interface QueueItem {
  id: number
  purpose_name: DocumentSlotKey
  title: string
  type_name: string
  date_upload: string
  driver: { id: number; name: string; email: string; rut: string | null }
}

export interface SlotState {
  purpose_name: DocumentSlotKey
  title: string
  optional: boolean
  file_status: DocumentStatus | null
  id_file: number | null
  rejection_reason: string | null
  date_upload: string | null
  expires_on: string | null
  /** The date has passed: the slot counts as missing (issue 16.3). */
  expired: boolean
}

export interface AuditEntry {
  id: number
  actor: string
  action: string
  entity_type: string
  entity_id: number | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  created_at: string
}

export interface DocumentDetail {
  document: QueueItem & {
    file_status: DocumentStatus
    rejection_reason: string | null
    reviewed_at: string | null
    original_name: string
    size_bytes: number
    url_file: string
    superseded: boolean
    /** 'yyyy-mm-dd' as the driver typed it (issue 16.3); `expiring`: the kind carries one. */
    expires_on: string | null
    expiring: boolean
  }
  driver: { id: number; name: string; email: string; rut: string | null; phone: string | null; address: string | null; created_at: string }
  slots: SlotState[]
  history: Array<{ id: number; file_status: DocumentStatus; rejection_reason: string | null; created_at: string; reviewed_at: string | null; mime_type: string }>
  audit: AuditEntry[]
  /** A simple power's PDF: the power, its owner's ID images and signature state (issue 12.2). */
  power: PowerReview | null
  next_id: number | null
}

export interface PowerReview {
  id: number
  status: 'PENDING_SIGNATURE' | 'SIGNED'
  owner: { name: string; rut: string; phone: string; email: string }
  vehicle: { brand: string; model: string; year: number; plate: string }
  created_at: string
  signature: { recorded_at: string; recorded_by: string } | null
  id_images: { front: string; back: string }
}

export interface DriverListItem {
  id: number
  name: string
  email: string
  rut: string | null
  phone: string | null
  address: string | null
  name_commune: string | null
  created_at: string
  documents: { accepted: number; pending: number; rejected: number; expired: number; total: number }
  validated: boolean
}

/** A document due within 30 days or expired (issue 16.3). */
export interface ExpiringItem {
  id: number
  purpose_name: string
  title: string
  file_status: DocumentStatus
  expires_on: string
  days_left: number
  driver: { id: number; name: string; email: string }
}

export interface DriverDetail {
  driver: {
    id: number
    name: string
    email: string
    rut: string | null
    phone: string | null
    address: string | null
    about_me: string | null
    email_verified: boolean
    created_at: string
    name_commune: string | null
    name_vehicle: string | null
  }
  slots: SlotState[]
  documents: { accepted: number; total: number }
  validated: boolean
  experience: Array<{
    id: number
    job_title: string
    company_name: string
    type_employment: string
    location: string
    start_date: string
    end_date: string
    job_description: string
  }>
  applications: Array<{ id: number; status: string; created_at: string; posting_id: number; title: string; posting_status: string; company_name: string }>
  powers: Array<{
    id: number
    full_name_owner: string
    rut_owner: string
    vehicle_brand: string
    vehicle_model: string
    vehicle_license_plate: string
    status: string
    created_at: string
    document_file_id: number
  }>
  reviews: Array<{ id: number; actor: string; action: string; after: Record<string, unknown> | null; created_at: string }>
}

export interface CompanyListItem {
  id: number
  name: string
  rut: string
  email: string
  phone: string
  contact_name: string
  logo_url: string | null
  verified: boolean
  created_at: string
  postings: number
  open_postings: number
}

export interface CompanyDetail {
  company: Omit<CompanyListItem, 'postings' | 'open_postings'> & { name_commune: string | null }
  postings: Array<{ id: number; title: string; status: 'open' | 'closed'; created_at: string; updated_at: string; name_commune: string; applicants: number }>
}

export interface ContentData {
  faqs: Array<{ id: number; question: string; answers: string[]; position: number }>
  testimonials: Array<{ id: number; name: string; job_title: string; name_business: string; comment: string; logo_business: string | null; position: number }>
  logos: Array<{ id: number; name: string; img_logo: string; position: number }>
  statistics: Array<{ id: number; key: string; title: string; value: string; description: string; position: number; source: string }>
  validated_drivers: number
}

export type ContentList = 'faqs' | 'testimonials' | 'logos' | 'statistics'

type Message = { message: string }
const admin = (token: string) => ({ role: 'admin' as const, token })
const query = (params: Record<string, string | number | undefined | null>) => {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v))
  const s = sp.toString()
  return s ? `?${s}` : ''
}

export const adminApi = {
  summary: (ctx: AppLoadContext, token: string) =>
    callService<{ pending_documents: number; drivers: number; companies: number; validated_drivers: number }>(ctx, 'users', '/admin/summary', { auth: admin(token) }),
  audit: (ctx: AppLoadContext, token: string) => callService<AuditEntry[]>(ctx, 'users', '/admin/audit', { auth: admin(token) }),
  queue: (ctx: AppLoadContext, token: string, filters: { slot?: string; driver?: string }) =>
    callService<{ documents: QueueItem[]; total: number }>(ctx, 'users', `/admin/documents${query(filters)}`, { auth: admin(token) }),
  document: (ctx: AppLoadContext, token: string, id: number, filters: { slot?: string; driver?: string }) =>
    callService<DocumentDetail>(ctx, 'users', `/admin/documents/${id}${query(filters)}`, { auth: admin(token) }),
  expiring: (ctx: AppLoadContext, token: string) => callService<{ documents: ExpiringItem[]; days: number }>(ctx, 'users', '/admin/expiring-documents', { auth: admin(token) }),
  review: (ctx: AppLoadContext, token: string, id: number, body: { decision: 'ACCEPTED'; expires_on?: string } | { decision: 'REJECTED'; reason: string }) =>
    callService<Message & { driver_validated: boolean }>(ctx, 'users', `/admin/documents/${id}/review`, { json: body, auth: admin(token) }),
  /** 'Firma recibida': a reviewer records the owner's WhatsApp reply (409 if already recorded). */
  recordSignature: (ctx: AppLoadContext, token: string, powerId: number) =>
    callService<Message>(ctx, 'users', `/admin/powers/${powerId}/signature`, { method: 'POST', json: {}, auth: admin(token) }),
  drivers: (ctx: AppLoadContext, token: string, params: { q?: string; validados?: string; page?: number }) =>
    callService<{ drivers: DriverListItem[]; count: number; page: number; page_size: number; validated_total: number }>(ctx, 'users', `/admin/drivers${query(params)}`, {
      auth: admin(token),
    }),
  driver: (ctx: AppLoadContext, token: string, id: number) => callService<DriverDetail>(ctx, 'users', `/admin/drivers/${id}`, { auth: admin(token) }),
  companies: (ctx: AppLoadContext, token: string, q?: string) =>
    callService<{ companies: CompanyListItem[] }>(ctx, 'users', `/admin/companies${query({ q })}`, { auth: admin(token) }),
  company: (ctx: AppLoadContext, token: string, id: number) => callService<CompanyDetail>(ctx, 'users', `/admin/companies/${id}`, { auth: admin(token) }),
  setVerified: (ctx: AppLoadContext, token: string, id: number, verified: boolean) =>
    callService<Message>(ctx, 'users', `/admin/companies/${id}/verification`, { json: { verified }, auth: admin(token) }),
  closePosting: (ctx: AppLoadContext, token: string, id: number, reason: string) =>
    callService<Message & { changed: boolean }>(ctx, 'users', `/admin/postings/${id}/close`, { method: 'POST', json: { reason }, auth: admin(token) }),
  content: (ctx: AppLoadContext, token: string) => callService<ContentData>(ctx, 'users', '/admin/content', { auth: admin(token) }),
  createContent: (ctx: AppLoadContext, token: string, list: Exclude<ContentList, 'statistics'>, body: { json?: unknown; form?: FormData }) =>
    callService<Message & { id: number }>(ctx, 'users', `/admin/content/${list}`, { method: 'POST', ...body, auth: admin(token) }),
  updateContent: (ctx: AppLoadContext, token: string, list: ContentList, id: number, body: { json?: unknown; form?: FormData }) =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}`, { method: 'PUT', ...body, auth: admin(token) }),
  moveContent: (ctx: AppLoadContext, token: string, list: ContentList, id: number, direction: 'up' | 'down') =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}/move`, { json: { direction }, auth: admin(token) }),
  deleteContent: (ctx: AppLoadContext, token: string, list: Exclude<ContentList, 'statistics'>, id: number) =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}`, { method: 'DELETE', auth: admin(token) }),
}

/** A driver's document as raw bytes for the console (callService parses JSON). */
export async function fetchAdminFile(ctx: AppLoadContext, token: string, id: string): Promise<Response | null> {
  return fetchAdminBytes(ctx, token, `/admin/documents/${id}/file`)
}

/** One of a simple power owner's ID images (side 'front' or 'back'), raw bytes for the console. */
export async function fetchPowerIdImage(ctx: AppLoadContext, token: string, powerId: string, side: 'front' | 'back'): Promise<Response | null> {
  return fetchAdminBytes(ctx, token, `/admin/powers/${powerId}/id-images/${side}`)
}

async function fetchAdminBytes(ctx: AppLoadContext, token: string, path: string): Promise<Response | null> {
  const remote = env().config.USERS_API_URL
  const request = new Request(`${remote ?? 'http://services.internal'}${path}`, { headers: { 'auth-admin': token } })
  try {
    return await sendToService(ctx, request, Boolean(remote))
  } catch (error) {
    log.error({ err: error }, `[backend] users ${path} failed`)
    return null
  }
}
