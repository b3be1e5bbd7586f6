import type { AppLoadContext } from 'react-router'
import { env } from '#app/.server/env'
import type { Applicant, BusinessData, CompanyPanelSummary, CompanyPosting } from '#domain/contract/business'
import type { DriverPostingDto, JobPostingDto, PostingsPage } from '#domain/contract/postings'
import type { EmailToApplicantValues } from '#domain/validation/applicant-email'
import type { CompanyRegistrationPayload } from '#domain/validation/company'
import type { ApplicantSort, ApplicationStatus, JobPostingValues, PostingStatus } from '#domain/validation/marketplace'
import { log } from '#services/platform/log'
import { call, sendToService } from './client'

/** Spec §3 "Job posting" plus what the detail and the edit form show (domain/contract). */
export type JobPosting = JobPostingDto
export type DriverPosting = DriverPostingDto
/** Spec §3: the list search response is {jobPostings, count}. */
export type DriverPostingsPage = PostingsPage
export type { Applicant, BusinessData, CompanyPanelSummary, CompanyPosting }

/** What the filter call receives: the spec §3 filters, each optional, and the page. */
export interface PostingFilterBody {
  id_vehicle?: number
  id_zone?: number
  id_region?: number
  id_commune?: number
  start_time?: number
  pawn?: 'Si' | 'No'
  search?: string
  page: number
}

type Ctx = AppLoadContext

const biz = (token: string) => ({ role: 'business' as const, token })
const usr = (token: string) => ({ role: 'User' as const, token })

export const businessApi = {
  register: (ctx: Ctx, data: CompanyRegistrationPayload, logo: File | undefined) => {
    const form = new FormData()
    form.set('data', JSON.stringify(data))
    if (logo && logo.size > 0) form.set('logoBusiness', logo, logo.name)
    return call(ctx, 'business', 'post', '/business/register', { form })
  },
  data: (ctx: Ctx, token: string) => call(ctx, 'business', 'get', '/business/get-data-business', { auth: biz(token) }),
  /** `status`: one tab of the panel (open or closed), or all. */
  postings: (ctx: Ctx, token: string, page: number, status?: PostingStatus) =>
    call(ctx, 'business', 'get', '/business/job-postings', { query: { page, status }, auth: biz(token) }),
  search: (ctx: Ctx, token: string, search: string, page: number, status?: PostingStatus) =>
    call(ctx, 'business', 'post', '/business/search-my-job-postings', {
      json: { search, page, ...(status ? { status } : {}) },
      auth: biz(token),
    }),
  /** What needs attention: open postings, their new and waiting applicants, those starting soon. */
  panelSummary: (ctx: Ctx, token: string) =>
    call(ctx, 'business', 'get', '/business/panel-summary', { auth: biz(token) }),
  create: (ctx: Ctx, token: string, body: JobPostingValues) =>
    call(ctx, 'business', 'post', '/business/create-job-posting', { json: body, auth: biz(token) }),
  posting: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'get', '/business/get-data-job-posting-to-update/{id}', { params: { id }, auth: biz(token) }),
  update: (ctx: Ctx, token: string, id: number, body: JobPostingValues) =>
    call(ctx, 'business', 'put', '/business/update-job-posting/{id}', { params: { id }, json: body, auth: biz(token) }),
  /** A draft copy of one of the company's postings (decision 104). */
  duplicate: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'post', '/business/duplicate-job-posting/{id}', { params: { id }, auth: biz(token) }),
  remove: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'delete', '/business/delete-job-posting/{id}', { params: { id }, auth: biz(token) }),
  /** `status` filters the list (the counts per status cover them all); `sort` orders it; one `page` of it. */
  applicants: (
    ctx: Ctx,
    token: string,
    id: number,
    q: { status?: ApplicationStatus; sort?: ApplicantSort; page?: number },
  ) => {
    return call(ctx, 'business', 'get', '/business/job-postings/{id}/applicants', {
      params: { id },
      query: { status: q.status, sort: q.sort, page: q.page },
      auth: biz(token),
    })
  },
  /** The selected applications of one posting, all moved to `status`, or none. */
  moveApplicants: (ctx: Ctx, token: string, id: number, applications: number[], status: ApplicationStatus) =>
    call(ctx, 'business', 'put', '/business/job-postings/{id}/applicants-status', {
      params: { id },
      json: { applications, status },
      auth: biz(token),
    }),
  /** The applications the screen showed are no longer new to the company. */
  markApplicantsSeen: (ctx: Ctx, token: string, id: number, applications: number[]) =>
    call(ctx, 'business', 'put', '/business/job-postings/{id}/applicants-seen', {
      params: { id },
      json: { applications },
      auth: biz(token),
    }),
  close: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'put', '/business/close-job-posting/{id}', { params: { id }, auth: biz(token) }),
  setApplicationStatus: (ctx: Ctx, token: string, id: number, status: ApplicationStatus) =>
    call(ctx, 'business', 'put', '/business/update-application-status/{id}', {
      params: { id },
      json: { status },
      auth: biz(token),
    }),
  emailApplicant: (ctx: Ctx, token: string, body: EmailToApplicantValues) =>
    call(ctx, 'business', 'post', '/business/send-email-to-user-jobpostulate', { json: body, auth: biz(token) }),
  driverProfile: (ctx: Ctx, token: string, userId: number) =>
    call(ctx, 'business', 'get', '/business/driver-profile/{id}', { params: { id: userId }, auth: biz(token) }),
  /** How many validated drivers a posting matches and how many it invited: counts only (decision 106). */
  postingMatches: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'get', '/business/job-postings/{id}/matching-drivers', { params: { id }, auth: biz(token) }),
  /** «Invitar a postular»: the matching drivers not invited yet, within the company's daily cap. */
  inviteMatchingDrivers: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'business', 'post', '/business/job-postings/{id}/invitations', { params: { id }, auth: biz(token) }),
}

export const driverPostingsApi = {
  list: (ctx: Ctx, token: string, page: number) =>
    call(ctx, 'users', 'get', '/users/job-postings', { query: { page }, auth: usr(token) }),
  filter: (ctx: Ctx, token: string, body: PostingFilterBody) =>
    call(ctx, 'users', 'post', '/users/filter-job-postings', { json: body, auth: usr(token) }),
  search: (ctx: Ctx, token: string, search_jps: string, page: number) =>
    call(ctx, 'users', 'post', '/users/search-job-postings', { json: { search_jps, page }, auth: usr(token) }),
  byId: (ctx: Ctx, token: string, id: number) =>
    call(ctx, 'users', 'get', '/users/filter-job-postings-by-id/{id}', { params: { id }, auth: usr(token) }),
  /** «Ofertas para ti» on the driver home. */
  forYou: (ctx: Ctx, token: string) => call(ctx, 'users', 'get', '/users/job-postings-for-you', { auth: usr(token) }),
  saved: (ctx: Ctx, token: string, page: number) =>
    call(ctx, 'users', 'get', '/users/get-all-save-posting', { query: { page }, auth: usr(token) }),
  applied: (ctx: Ctx, token: string, page: number) =>
    call(ctx, 'users', 'get', '/users/get-all-postulate-job-posting', { query: { page }, auth: usr(token) }),
  /** apply, withdraw, save and unsave: POST {id_publication}. */
  act: (ctx: Ctx, token: string, action: DriverPostingAction, id_publication: number) =>
    call(ctx, 'users', 'post', DRIVER_ACTION_PATHS[action], { json: { id_publication }, auth: usr(token) }),
  filterOptions: (ctx: Ctx, token: string) =>
    call(ctx, 'general', 'get', '/general-data/get-all-datas-filters', { auth: usr(token) }),
}

export type DriverPostingAction = 'postular' | 'retirar' | 'guardar' | 'quitar'

const DRIVER_ACTION_PATHS = {
  postular: '/users/postulate-job-posting',
  retirar: '/users/withdraw-postulation',
  guardar: '/users/save-posting',
  quitar: '/users/unsave-posting',
} as const satisfies Record<DriverPostingAction, string>

export interface Place {
  value: number
  label: string
}

/** The spec §7 lookups (public; the user area sends its header too). */
export const placesApi = {
  regions: (ctx: Ctx, zoneId: number, token?: string) =>
    call(ctx, 'general', 'get', '/general-data/get-filtered-regions/{id}', {
      params: { id: zoneId },
      auth: token ? usr(token) : undefined,
    }),
  communes: (ctx: Ctx, regionId: number, token?: string) =>
    call(ctx, 'general', 'get', '/general-data/get-filtered-communes/{id}', {
      params: { id: regionId },
      auth: token ? usr(token) : undefined,
    }),
}

/** An applicant's photo as bytes (GET /business/driver-photo/{id}): not JSON, so not `call`. */
export async function fetchApplicantPhoto(ctx: Ctx, token: string, userId: number): Promise<Response | null> {
  const remote = env().config.BUSINESS_API_URL
  const request = new Request(`${remote ?? 'http://services.internal'}/business/driver-photo/${userId}`, {
    headers: { 'auth-business': token },
  })
  try {
    return await sendToService(ctx, request, Boolean(remote))
  } catch (error) {
    log.error({ err: error }, '[backend] business driver-photo failed')
    return null
  }
}
