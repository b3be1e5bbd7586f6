import type { AppLoadContext } from 'react-router'
import type { BusinessContactValues, ComplaintValues, ContactValues, FleetRequestValues } from '#domain/validation/contact'
import type { HomePosting } from '#services/general-data/content'
import { callService } from './client'

/** Spec §3 entities as the general-data service answers them. */
export interface Faq {
  id: number
  question: string
  answers: string[]
}
export interface Statistic {
  id: number
  key: string
  title: string
  value: string
  description: string
}
export interface Testimonial {
  id: number
  job_title: string
  name_business: string
  name: string
  comment: string
  logo_business: string | null
}
export interface CompanyLogo {
  id: number
  img_logo: string
  name: string | null
}
/** The service's own type: one definition for both tiers. */
export type { HomePosting } from '#services/general-data/content'
export interface RegionOption {
  id_region: number
  name_region: string
  zone_id: number
}
export interface CommuneOption {
  id_commune: number
  name_commune: string
  id_region: number
}

type Message = { message: string }

export const publicSiteApi = {
  faqs: (ctx: AppLoadContext, limit?: number) => callService<Faq[]>(ctx, 'general', `/general-data/get-faqs${limit ? `?limit=${limit}` : ''}`),
  statistics: (ctx: AppLoadContext) => callService<Statistic[]>(ctx, 'general', '/general-data/get-statistics'),
  testimonials: (ctx: AppLoadContext) => callService<Testimonial[]>(ctx, 'general', '/general-data/get-testimonials'),
  companyLogos: (ctx: AppLoadContext) => callService<CompanyLogo[]>(ctx, 'general', '/general-data/get-company-logos'),
  homePostings: (ctx: AppLoadContext) => callService<HomePosting[]>(ctx, 'general', '/general-data/get-jobpostings-home'),
  regions: (ctx: AppLoadContext, zoneId: number) => callService<RegionOption[]>(ctx, 'general', `/general-data/get-filtered-regions/${zoneId}`),
  communes: (ctx: AppLoadContext, regionId: number) => callService<CommuneOption[]>(ctx, 'general', `/general-data/get-filtered-communes/${regionId}`),
  sendContact: (ctx: AppLoadContext, body: ContactValues) => callService<Message>(ctx, 'general', '/contact/send-email-contact', { json: body }),
  sendInquiry: (ctx: AppLoadContext, body: ComplaintValues) => callService<Message>(ctx, 'general', '/contact/send-email-inquiries-complaints', { json: body }),
  sendBusinessContact: (ctx: AppLoadContext, body: BusinessContactValues) => callService<Message>(ctx, 'business', '/business/contact-business', { json: body }),
  sendFleetRequest: (ctx: AppLoadContext, body: FleetRequestValues) => callService<Message>(ctx, 'business', '/business/register', { json: body }),
}

/** Content that may fail without breaking the page: an empty list instead. */
export async function listOrEmpty<T>(call: Promise<{ ok: true; data: T[] } | { ok: false }>): Promise<T[]> {
  const res = await call
  return res.ok && Array.isArray(res.data) ? res.data : []
}
