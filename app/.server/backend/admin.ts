import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import type { ContentData, ContentList, PowerReview } from '#domain/contract/admin'
import { log } from '#services/platform/log'
import { call, sendToService } from './client'

export type { ContentData, ContentList, PowerReview }

/**
 * A content body: JSON for some lists, a form with an image for others — the console's screen
 * picks which per list (app/routes/admin/content.tsx) and the service checks it, so the typed call
 * takes it as it comes; the answer is still the declaration's.
 */
const contentBody = (body: { json?: unknown; form?: FormData }) => body as { json: never; form: never }

/** The operations console's calls (users service, /admin/*, header auth-admin). */

const admin = (token: string) => ({ role: 'admin' as const, token })

/** The review queue's filters (slot, first upload or not, driver, photos with alerts). */
type QueueFilters = { slot?: string; origin?: string; driver?: string; alerts?: string; due?: string }

export const adminApi = {
  summary: (ctx: AppLoadContext, token: string) => call(ctx, 'users', 'get', '/admin/summary', { auth: admin(token) }),
  audit: (ctx: AppLoadContext, token: string) => call(ctx, 'users', 'get', '/admin/audit', { auth: admin(token) }),
  queue: (ctx: AppLoadContext, token: string, filters: QueueFilters) =>
    call(ctx, 'users', 'get', '/admin/documents', { query: filters, auth: admin(token) }),
  document: (ctx: AppLoadContext, token: string, id: number, filters: QueueFilters) =>
    call(ctx, 'users', 'get', '/admin/documents/{id}', { params: { id }, query: filters, auth: admin(token) }),
  /** A PDF's pages for the viewer: how many it has and how many are drawn as images. */
  documentPages: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/admin/documents/{id}/pages', { params: { id }, auth: admin(token) }),
  expiring: (ctx: AppLoadContext, token: string) =>
    call(ctx, 'users', 'get', '/admin/expiring-documents', { auth: admin(token) }),
  review: (
    ctx: AppLoadContext,
    token: string,
    id: number,
    body: { decision: 'ACCEPTED'; expires_on?: string } | { decision: 'REJECTED'; reason: string },
  ) => call(ctx, 'users', 'post', '/admin/documents/{id}/review', { params: { id }, json: body, auth: admin(token) }),
  /** 'Firma recibida': a reviewer records the owner's WhatsApp reply (409 if already recorded). */
  recordSignature: (ctx: AppLoadContext, token: string, powerId: number) =>
    call(ctx, 'users', 'post', '/admin/powers/{id}/signature', { params: { id: powerId }, auth: admin(token) }),
  drivers: (ctx: AppLoadContext, token: string, params: { q?: string; validados?: string; page?: number }) =>
    call(ctx, 'users', 'get', '/admin/drivers', { query: params, auth: admin(token) }),
  driver: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/admin/drivers/{id}', { params: { id }, auth: admin(token) }),
  companies: (ctx: AppLoadContext, token: string, q?: string) =>
    call(ctx, 'users', 'get', '/admin/companies', { query: { q }, auth: admin(token) }),
  company: (ctx: AppLoadContext, token: string, id: number) =>
    call(ctx, 'users', 'get', '/admin/companies/{id}', { params: { id }, auth: admin(token) }),
  setVerified: (ctx: AppLoadContext, token: string, id: number, verified: boolean) =>
    call(ctx, 'users', 'post', '/admin/companies/{id}/verification', {
      params: { id },
      json: { verified },
      auth: admin(token),
    }),
  closePosting: (ctx: AppLoadContext, token: string, id: number, reason: string) =>
    call(ctx, 'users', 'post', '/admin/postings/{id}/close', { params: { id }, json: { reason }, auth: admin(token) }),
  content: (ctx: AppLoadContext, token: string) => call(ctx, 'users', 'get', '/admin/content', { auth: admin(token) }),
  createContent: (
    ctx: AppLoadContext,
    token: string,
    list: Exclude<ContentList, 'statistics'>,
    body: { json?: unknown; form?: FormData },
  ) => call(ctx, 'users', 'post', `/admin/content/${list}`, { ...contentBody(body), auth: admin(token) }),
  updateContent: (
    ctx: AppLoadContext,
    token: string,
    list: ContentList,
    id: number,
    body: { json?: unknown; form?: FormData },
  ) =>
    call(ctx, 'users', 'put', `/admin/content/${list}/{id}`, {
      params: { id },
      ...contentBody(body),
      auth: admin(token),
    }),
  moveContent: (ctx: AppLoadContext, token: string, list: ContentList, id: number, direction: 'up' | 'down') =>
    call(ctx, 'users', 'post', `/admin/content/${list}/{id}/move`, {
      params: { id },
      json: { direction },
      auth: admin(token),
    }),
  deleteContent: (ctx: AppLoadContext, token: string, list: Exclude<ContentList, 'statistics'>, id: number) =>
    call(ctx, 'users', 'delete', `/admin/content/${list}/{id}`, { params: { id }, auth: admin(token) }),
}

/** A driver's document as raw bytes for the console (`call` parses JSON). */
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
