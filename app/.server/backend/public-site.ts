import type { AppLoadContext } from 'react-router'
import type { HomePosting } from '#domain/contract/general-data'
import type { ComplaintValues } from '#domain/validation/complaint'
import type { BusinessContactValues, ContactValues, FleetRequestValues } from '#domain/validation/contact'
import { call } from './client'

export type { HomePosting }

export const publicSiteApi = {
  faqs: (ctx: AppLoadContext, limit?: number) =>
    call(ctx, 'general', 'get', '/general-data/get-faqs', { query: { limit: limit || undefined } }),
  statistics: (ctx: AppLoadContext) => call(ctx, 'general', 'get', '/general-data/get-statistics'),
  testimonials: (ctx: AppLoadContext) => call(ctx, 'general', 'get', '/general-data/get-testimonials'),
  companyLogos: (ctx: AppLoadContext) => call(ctx, 'general', 'get', '/general-data/get-company-logos'),
  homePostings: (ctx: AppLoadContext) => call(ctx, 'general', 'get', '/general-data/get-jobpostings-home'),
  regions: (ctx: AppLoadContext, zoneId: number) =>
    call(ctx, 'general', 'get', '/general-data/get-filtered-regions/{id}', { params: { id: zoneId } }),
  communes: (ctx: AppLoadContext, regionId: number) =>
    call(ctx, 'general', 'get', '/general-data/get-filtered-communes/{id}', { params: { id: regionId } }),
  sendContact: (ctx: AppLoadContext, body: ContactValues) =>
    call(ctx, 'general', 'post', '/contact/send-email-contact', { json: body }),
  sendInquiry: (ctx: AppLoadContext, body: ComplaintValues) =>
    call(ctx, 'general', 'post', '/contact/send-email-inquiries-complaints', { json: body }),
  sendBusinessContact: (ctx: AppLoadContext, body: BusinessContactValues) =>
    call(ctx, 'business', 'post', '/business/contact-business', { json: body }),
  sendFleetRequest: (ctx: AppLoadContext, body: FleetRequestValues) =>
    call(ctx, 'business', 'post', '/business/register', { json: body }),
}

/** Content that may fail without breaking the page: an empty list instead. */
export async function listOrEmpty<T>(call: Promise<{ ok: true; data: T[] } | { ok: false }>): Promise<T[]> {
  const res = await call
  return res.ok && Array.isArray(res.data) ? res.data : []
}
