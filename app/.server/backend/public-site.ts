import type { AppLoadContext } from 'react-router'
import type {
  CommuneOption,
  CompanyLogo,
  Faq,
  HomePosting,
  RegionOption,
  Statistic,
  Testimonial,
} from '#domain/contract/general-data'
import type { ComplaintValues } from '#domain/validation/complaint'
import type { BusinessContactValues, ContactValues, FleetRequestValues } from '#domain/validation/contact'
import { callService } from './client'

export type { CommuneOption, CompanyLogo, Faq, HomePosting, RegionOption, Statistic, Testimonial }

type Message = { message: string }

export const publicSiteApi = {
  faqs: (ctx: AppLoadContext, limit?: number) =>
    callService<Faq[]>(ctx, 'general', `/general-data/get-faqs${limit ? `?limit=${limit}` : ''}`),
  statistics: (ctx: AppLoadContext) => callService<Statistic[]>(ctx, 'general', '/general-data/get-statistics'),
  testimonials: (ctx: AppLoadContext) => callService<Testimonial[]>(ctx, 'general', '/general-data/get-testimonials'),
  companyLogos: (ctx: AppLoadContext) => callService<CompanyLogo[]>(ctx, 'general', '/general-data/get-company-logos'),
  homePostings: (ctx: AppLoadContext) =>
    callService<HomePosting[]>(ctx, 'general', '/general-data/get-jobpostings-home'),
  regions: (ctx: AppLoadContext, zoneId: number) =>
    callService<RegionOption[]>(ctx, 'general', `/general-data/get-filtered-regions/${zoneId}`),
  communes: (ctx: AppLoadContext, regionId: number) =>
    callService<CommuneOption[]>(ctx, 'general', `/general-data/get-filtered-communes/${regionId}`),
  sendContact: (ctx: AppLoadContext, body: ContactValues) =>
    callService<Message>(ctx, 'general', '/contact/send-email-contact', { json: body }),
  sendInquiry: (ctx: AppLoadContext, body: ComplaintValues) =>
    callService<Message>(ctx, 'general', '/contact/send-email-inquiries-complaints', { json: body }),
  sendBusinessContact: (ctx: AppLoadContext, body: BusinessContactValues) =>
    callService<Message>(ctx, 'business', '/business/contact-business', { json: body }),
  sendFleetRequest: (ctx: AppLoadContext, body: FleetRequestValues) =>
    callService<Message>(ctx, 'business', '/business/register', { json: body }),
}

/** Content that may fail without breaking the page: an empty list instead. */
export async function listOrEmpty<T>(call: Promise<{ ok: true; data: T[] } | { ok: false }>): Promise<T[]> {
  const res = await call
  return res.ok && Array.isArray(res.data) ? res.data : []
}
