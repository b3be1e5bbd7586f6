/** Response shapes of the business service (spec §3, §7: /business/*). */
import { z } from 'zod'
import { APPLICANT_SORTS, APPLICATION_STATUSES, POSTING_STATUSES } from '#domain/validation/marketplace'
import { jobPostingSchema } from './postings'

/** Spec §3 "Business data", and whether the console verified the company. */
export const businessDataSchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  logo: z.string().nullable(),
  verified: z.boolean(),
})
export type BusinessData = z.infer<typeof businessDataSchema>

/** `new_applicants_count`: applications the company has not had on its applicants screen yet. */
export const companyPostingSchema = jobPostingSchema.extend({
  applicants_count: z.number(),
  new_applicants_count: z.number(),
})
export type CompanyPosting = z.infer<typeof companyPostingSchema>
export const companyPostingsPageSchema = z.object({
  postings: z.array(companyPostingSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
})

/** What needs the company's attention, over its open postings (GET /business/panel-summary). */
export const companyPanelSummarySchema = z.object({
  open_postings: z.number(),
  /** Applicants of open postings the company has not had on its applicants screen yet. */
  new_applicants: z.number(),
  /** Applicants of open postings still in stage «Nueva» or «En revisión». */
  awaiting_reply: z.number(),
  /** Open postings whose start date is today or within `starting_soon_days` days. */
  starting_soon: z.number(),
  starting_soon_days: z.number(),
  /** Drivers' answers in the applications' threads the company has not read (decision 105). */
  unread_messages: z.number(),
})
export type CompanyPanelSummary = z.infer<typeof companyPanelSummarySchema>

export const postingCreatedSchema = z.object({ message: z.string(), id: z.number() })

export const applicantSchema = z.object({
  id_application: z.number(),
  id_user: z.number(),
  name: z.string(),
  email: z.string(),
  has_photo: z.boolean(),
  name_commune: z.string().nullable(),
  name_vehicle: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  applied_at: z.string(),
  documents_accepted: z.number(),
  documents_total: z.number(),
  /** The card's contact and summary. The driver applied to this company, so it may call them. */
  phone: z.string().nullable(),
  /** Not yet seen by the company on its applicants screen. */
  is_new: z.boolean(),
  /** The driver's answers in this application's thread the company has not read (decision 105). */
  unread_messages: z.number(),
  experience: z.object({
    jobs: z.number(),
    /** The earliest start date ('yyyy-mm-dd') of the jobs the driver listed. */
    since: z.string().nullable(),
    latest_title: z.string().nullable(),
    latest_company: z.string().nullable(),
  }),
})
export type Applicant = z.infer<typeof applicantSchema>
export const applicantStatusCountsSchema = z.object(
  Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, z.number()])) as Record<
    (typeof APPLICATION_STATUSES)[number],
    z.ZodNumber
  >,
)
export type ApplicantStatusCounts = z.infer<typeof applicantStatusCountsSchema>
export const applicantsSchema = z.object({
  posting: z.object({ id: z.number(), title: z.string(), status: z.enum(POSTING_STATUSES) }),
  /** The ones with `status` when the call asked for it (?status=), else all. */
  applicants: z.array(applicantSchema),
  /** The filter's tabs: all the posting's applicants, and how many in each status. */
  status: z.enum(APPLICATION_STATUSES).nullable(),
  /** The order of `applicants`: newest first ('fecha') or most documents approved first ('documentos'). */
  sort: z.enum(APPLICANT_SORTS),
  /** The page of `applicants` (APPLICANTS_PAGE_SIZE each) among the filter's count in `status_counts`. */
  page: z.number(),
  total: z.number(),
  status_counts: applicantStatusCountsSchema,
})
export const applicantsSeenSchema = z.object({ marked: z.number() })
export const applicationStatusUpdatedSchema = z.object({ message: z.string(), status: z.enum(APPLICATION_STATUSES) })
/** A bulk move: every selected application moved (`moved`), or none (an error). */
export const applicantsMovedSchema = z.object({
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  moved: z.number(),
})

/** A driver's work experience as a company sees it on an applicant's profile. */
export const experienceItemSchema = z.object({
  job_title: z.string(),
  company_name: z.string().nullable(),
  type_employment: z.string().nullable(),
  location: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  job_description: z.string().nullable(),
})
export type ExperienceItem = z.infer<typeof experienceItemSchema>

/** An applicant's public profile: never documents themselves, bank data, RUT, phone or address. */
export const applicantProfileSchema = z.object({
  id_user: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  has_photo: z.boolean(),
  about_me: z.string().nullable(),
  name_commune: z.string().nullable(),
  name_vehicle: z.string().nullable(),
  documents_accepted: z.number(),
  documents_total: z.number(),
  experience: z.array(experienceItemSchema),
})
