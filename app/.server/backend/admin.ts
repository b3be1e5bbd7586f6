import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import type {
  AdminSummary,
  AuditEntry,
  CompanyDetail,
  CompanyListItem,
  ContentData,
  ContentList,
  DocumentDetail,
  DocumentPages,
  DriverDetail,
  DriverListItem,
  ExpiringItem,
  PowerReview,
  Queue,
} from '#domain/contract/admin'
import { log } from '#services/platform/log'
import { callService, sendToService } from './client'

export type {
  AuditEntry,
  CompanyDetail,
  CompanyListItem,
  ContentData,
  ContentList,
  DocumentDetail,
  DriverDetail,
  DriverListItem,
  ExpiringItem,
  PowerReview,
}

/** The operations console's calls (users service, /admin/*, header auth-admin). */

type Message = { message: string }
const admin = (token: string) => ({ role: 'admin' as const, token })
const query = (params: Record<string, string | number | undefined | null>) => {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v))
  const s = sp.toString()
  return s ? `?${s}` : ''
}

/** The review queue's filters (slot, first upload or not, driver, photos with alerts). */
type QueueFilters = { slot?: string; origin?: string; driver?: string; alerts?: string; due?: string }

export const adminApi = {
  summary: (ctx: AppLoadContext, token: string) =>
    callService<AdminSummary>(ctx, 'users', '/admin/summary', { auth: admin(token) }),
  audit: (ctx: AppLoadContext, token: string) =>
    callService<AuditEntry[]>(ctx, 'users', '/admin/audit', { auth: admin(token) }),
  queue: (ctx: AppLoadContext, token: string, filters: QueueFilters) =>
    callService<Queue>(ctx, 'users', `/admin/documents${query(filters)}`, {
      auth: admin(token),
    }),
  document: (ctx: AppLoadContext, token: string, id: number, filters: QueueFilters) =>
    callService<DocumentDetail>(ctx, 'users', `/admin/documents/${id}${query(filters)}`, { auth: admin(token) }),
  /** A PDF's pages for the viewer: how many it has and how many are drawn as images. */
  documentPages: (ctx: AppLoadContext, token: string, id: number) =>
    callService<DocumentPages>(ctx, 'users', `/admin/documents/${id}/pages`, { auth: admin(token) }),
  expiring: (ctx: AppLoadContext, token: string) =>
    callService<{ documents: ExpiringItem[]; days: number }>(ctx, 'users', '/admin/expiring-documents', {
      auth: admin(token),
    }),
  review: (
    ctx: AppLoadContext,
    token: string,
    id: number,
    body: { decision: 'ACCEPTED'; expires_on?: string } | { decision: 'REJECTED'; reason: string },
  ) =>
    callService<Message & { driver_validated: boolean }>(ctx, 'users', `/admin/documents/${id}/review`, {
      json: body,
      auth: admin(token),
    }),
  /** 'Firma recibida': a reviewer records the owner's WhatsApp reply (409 if already recorded). */
  recordSignature: (ctx: AppLoadContext, token: string, powerId: number) =>
    callService<Message>(ctx, 'users', `/admin/powers/${powerId}/signature`, {
      method: 'POST',
      json: {},
      auth: admin(token),
    }),
  drivers: (ctx: AppLoadContext, token: string, params: { q?: string; validados?: string; page?: number }) =>
    callService<{ drivers: DriverListItem[]; count: number; page: number; page_size: number; validated_total: number }>(
      ctx,
      'users',
      `/admin/drivers${query(params)}`,
      {
        auth: admin(token),
      },
    ),
  driver: (ctx: AppLoadContext, token: string, id: number) =>
    callService<DriverDetail>(ctx, 'users', `/admin/drivers/${id}`, { auth: admin(token) }),
  companies: (ctx: AppLoadContext, token: string, q?: string) =>
    callService<{ companies: CompanyListItem[] }>(ctx, 'users', `/admin/companies${query({ q })}`, {
      auth: admin(token),
    }),
  company: (ctx: AppLoadContext, token: string, id: number) =>
    callService<CompanyDetail>(ctx, 'users', `/admin/companies/${id}`, { auth: admin(token) }),
  setVerified: (ctx: AppLoadContext, token: string, id: number, verified: boolean) =>
    callService<Message>(ctx, 'users', `/admin/companies/${id}/verification`, {
      json: { verified },
      auth: admin(token),
    }),
  closePosting: (ctx: AppLoadContext, token: string, id: number, reason: string) =>
    callService<Message & { changed: boolean }>(ctx, 'users', `/admin/postings/${id}/close`, {
      method: 'POST',
      json: { reason },
      auth: admin(token),
    }),
  content: (ctx: AppLoadContext, token: string) =>
    callService<ContentData>(ctx, 'users', '/admin/content', { auth: admin(token) }),
  createContent: (
    ctx: AppLoadContext,
    token: string,
    list: Exclude<ContentList, 'statistics'>,
    body: { json?: unknown; form?: FormData },
  ) =>
    callService<Message & { id: number }>(ctx, 'users', `/admin/content/${list}`, {
      method: 'POST',
      ...body,
      auth: admin(token),
    }),
  updateContent: (
    ctx: AppLoadContext,
    token: string,
    list: ContentList,
    id: number,
    body: { json?: unknown; form?: FormData },
  ) =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}`, { method: 'PUT', ...body, auth: admin(token) }),
  moveContent: (ctx: AppLoadContext, token: string, list: ContentList, id: number, direction: 'up' | 'down') =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}/move`, {
      json: { direction },
      auth: admin(token),
    }),
  deleteContent: (ctx: AppLoadContext, token: string, list: Exclude<ContentList, 'statistics'>, id: number) =>
    callService<Message>(ctx, 'users', `/admin/content/${list}/${id}`, { method: 'DELETE', auth: admin(token) }),
}

/** A driver's document as raw bytes for the console (callService parses JSON). */
export async function fetchAdminFile(ctx: AppLoadContext, token: string, id: string): Promise<Response | null> {
  return fetchAdminBytes(ctx, token, `/admin/documents/${id}/file`)
}

/** Page `page` of a PDF document, drawn as PNG by the service (decision 91). */
export async function fetchAdminFilePage(
  ctx: AppLoadContext,
  token: string,
  id: string,
  page: string,
): Promise<Response | null> {
  return fetchAdminBytes(ctx, token, `/admin/documents/${id}/pages/${page}`)
}

/** One of a simple power owner's ID images (side 'front' or 'back'), raw bytes for the console. */
export async function fetchPowerIdImage(
  ctx: AppLoadContext,
  token: string,
  powerId: string,
  side: 'front' | 'back',
): Promise<Response | null> {
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
