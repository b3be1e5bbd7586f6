/**
 * The job marketplace (spec §3, §5, §9): job postings, the driver's filters and search and the
 * application status. The company's registration is in company.ts and the email to an applicant
 * in applicant-email.ts, what their forms share (messages, place fields) in marketplace-fields.ts:
 * a page loads the schema of its own form. The same schemas run in conform on
 * the client, in the route actions and again in the services.
 *
 * Pages fetch this file only when a form is first used (app/components/lazy-validation.ts): with
 * zod it would not fit a form page's JS budget up front. So it must have no side effects — each
 * schema is built under a `#__PURE__` mark, which lets a route module import it for its loader and
 * action without the page bundling it (nor zod), and auth.ts is not imported (its schemas are side
 * effects).
 */
import { findSchedule } from '#domain/reference-data/schedules'
import { capacitiesByVehicle, findCapacity, findVehicle } from '#domain/reference-data/vehicles'
import { formObject, isBlank, isIsoDate, numberToString, plainText, requiredString, CAMPO_REQUERIDO } from './fields'
import {
  choiceId,
  communeId,
  isCommuneCode,
  isRegion,
  isZone,
  locationRefinement,
  PLACE_MESSAGES,
  regionId,
  zoneId,
} from './place-ids'
import { numberAsText, optionalReferenceId, referenceId } from './reference-id'
import * as z from './zod'

export { communeRegionOf } from './place-ids'

/** Spec §9: postings lists show 10 per page, for drivers and companies alike. */
export const POSTINGS_PAGE_SIZE = 10

/** A postings count stops at 1,001; the screens show «más de 1.000». */
export const POSTINGS_COUNT_CAP = 1000

export const PAYMENT_PERIODS = ['por día', 'por ruta', 'mensual'] as const
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number]

/**
 * A posting's states: `draft` (decision 104) is the company's alone — saved but not published,
 * invisible to drivers everywhere; publishing turns it `open` once, and it never goes back.
 */
export const POSTING_STATUSES = ['draft', 'open', 'closed'] as const
export type PostingStatus = (typeof POSTING_STATUSES)[number]

export const APPLICATION_STATUSES = ['nueva', 'en_revision', 'contactado', 'seleccionado', 'descartada'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/**
 * The postings' and the filters' messages (MARKETPLACE_MESSAGES, marketplace-messages.ts, has every
 * marketplace form's).
 */
export const POSTING_MESSAGES = {
  required: CAMPO_REQUERIDO,
  ...PLACE_MESSAGES,
  titleMin: 'El título debe tener al menos 5 caracteres',
  titleMax: 'El título no puede superar los 100 caracteres',
  descriptionMin: 'La descripción debe tener al menos 20 caracteres',
  descriptionMax: 'La descripción no puede superar los 2000 caracteres',
  capacityRequired: CAMPO_REQUERIDO,
  capacityMismatch: 'La capacidad no corresponde al vehículo seleccionado',
  date: 'Ingresa una fecha válida',
  payment: 'Ingresa un monto en pesos entre $1.000 y $50.000.000',
  notDraftAgain: 'Una publicación ya publicada no vuelve a ser borrador',
  draftNotClosed: 'Un borrador se publica o se elimina; no se cierra',
  driversNeeded: 'Ingresa una cantidad entre 1 y 999',
  searchMax: 'La búsqueda no puede superar los 100 caracteres',
  page: 'Página inválida',
  posting: 'Publicación inválida',
  applicationStatus: 'Estado de postulación inválido',
  bulkNone: 'Selecciona al menos un postulante',
} as const

const M = POSTING_MESSAGES

/**
 * A whole number within bounds; a form may write thousands with dots ('45.000') and, for money,
 * the peso sign and spaces ('$ 450.000'), which fall away before the check.
 */
function wholeNumber(min: number, max: number, message: string, money = false) {
  return z.preprocess(
    (v) => {
      const text = numberAsText(v)
      return money && typeof text === 'string' ? text.replace(/^\s*\$\s*/, '').trim() : text
    },
    z.pipe(
      requiredString(M.required).check(
        z.refine(
          (v) =>
            /^(\d{1,3}(\.\d{3})+|\d+)$/.test(v) &&
            Number(v.replaceAll('.', '')) >= min &&
            Number(v.replaceAll('.', '')) <= max,
          message,
        ),
      ),
      z.transform((v: string) => Number(v.replaceAll('.', ''))),
    ),
  )
}

const YES = new Set(['true', '1', 'si', 'sí', 'yes', 'on'])
const NO = new Set(['false', '0', 'no', 'off'])

function toBoolean(v: unknown): unknown {
  if (v === 1 || v === 0) return v === 1
  if (typeof v !== 'string') return v
  const s = v.trim().toLowerCase()
  return s === '' ? undefined : YES.has(s) ? true : NO.has(s) ? false : v
}

/** Pawn (helper included): Sí/No from a form, a boolean or 0/1 from JSON. */
function yesNo(required: boolean) {
  const bool = z.boolean({ error: (iss) => (iss.input == null ? M.required : M.invalidOption) })
  return z.preprocess(toBoolean, required ? bool : z.optional(bool))
}

/** Create and update a posting (POST create-job-posting, PUT update-job-posting/{id}). */
function buildJobPostingSchema() {
  return formObject({
    title: requiredString(M.required).check(z.minLength(5, M.titleMin)).check(z.maxLength(100, M.titleMax)),
    description: requiredString(M.required)
      .check(z.minLength(20, M.descriptionMin))
      .check(z.maxLength(2000, M.descriptionMax)),
    id_zone: zoneId(),
    id_region: regionId(),
    id_commune: communeId(),
    id_vehicle: choiceId((id) => findVehicle(id) !== undefined),
    // Only vehicles with listed capacities (Furgón, Camión, Camión ¾) take one; see the refinement.
    id_capacity: z.preprocess(
      (v) => (isBlank(v) ? undefined : numberToString(v)),
      z.optional(
        z.pipe(
          z.string({ error: M.invalidOption }).check(
            z.trim(),
            z.refine((v) => /^\d{1,4}$/.test(v) && findCapacity(v) !== undefined, M.invalidOption),
          ),
          z.transform(Number),
        ),
      ),
    ),
    id_schedule: choiceId((id) => findSchedule(id) !== undefined),
    start_date: requiredString(M.required).check(
      z.refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', M.date),
    ),
    pawn: yesNo(true),
    payment_amount: wholeNumber(1000, 50_000_000, M.payment, true),
    payment_period: z.enum(PAYMENT_PERIODS, { error: (iss) => (isBlank(iss.input) ? M.required : M.invalidOption) }),
    drivers_needed: wholeNumber(1, 999, M.driversNeeded),
    status: z.preprocess((v) => (isBlank(v) ? 'open' : v), z.enum(POSTING_STATUSES, { error: M.invalidOption })),
  })
    .check(z.superRefine(locationRefinement))
    .check(
      z.superRefine((value, ctx) => {
        const listed = capacitiesByVehicle(value.id_vehicle)
        if (listed.length && value.id_capacity === undefined) {
          ctx.addIssue({ code: 'custom', message: M.capacityRequired, path: ['id_capacity'] })
        } else if (value.id_capacity !== undefined && !listed.some((c) => c.id_capacity === value.id_capacity)) {
          ctx.addIssue({ code: 'custom', message: M.capacityMismatch, path: ['id_capacity'] })
        }
      }),
    )
}
export const jobPostingSchema = /*#__PURE__*/ buildJobPostingSchema()
export type JobPostingValues = z.infer<typeof jobPostingSchema>

const searchText = () =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    plainText(M.invalidOption).check(z.trim()).check(z.maxLength(100, M.searchMax)),
  )
const page = () =>
  z.preprocess(
    (v) => (isBlank(v) ? '1' : numberAsText(v)),
    z.pipe(
      z.string({ error: M.page }).check(
        z.trim(),
        z.refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= 1, M.page),
      ),
      z.transform(Number),
    ),
  )

/** ?page= of the lists. */
export const pageSchema = /*#__PURE__*/ (() => formObject({ page: page() }))()

/** The company panel's tabs: one posting status, or blank for all of them. */
const postingStatusFilter = () =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), z.optional(z.enum(POSTING_STATUSES, { error: M.invalidOption })))

/** GET /business/job-postings?page=&status=: a company's postings, optionally one status. */
export const companyPostingsQuerySchema = /*#__PURE__*/ (() =>
  formObject({ page: page(), status: postingStatusFilter() }))()

/** POST /business/search-my-job-postings {search}. */
export const businessSearchSchema = /*#__PURE__*/ (() =>
  formObject({ search: searchText(), page: page(), status: postingStatusFilter() }))()
/** POST /users/search-job-postings {search_jps}. */
export const driverSearchSchema = /*#__PURE__*/ (() => formObject({ search_jps: searchText(), page: page() }))()

/** POST /users/filter-job-postings: every filter is optional; start_time is a schedule id. */
export const postingFiltersSchema = /*#__PURE__*/ (() =>
  formObject({
    id_vehicle: optionalReferenceId((id) => findVehicle(id) !== undefined, M.invalidOption),
    id_zone: optionalReferenceId(isZone, M.invalidOption),
    id_region: optionalReferenceId(isRegion, M.invalidOption),
    id_commune: optionalReferenceId(isCommuneCode, M.invalidOption),
    start_time: optionalReferenceId((id) => findSchedule(id) !== undefined, M.invalidOption),
    pawn: yesNo(false),
    search: searchText(),
    page: page(),
  }).check(z.superRefine(locationRefinement)))()
export type PostingFilters = z.infer<typeof postingFiltersSchema>

/** POST /users/postulate-job-posting, save-posting and their reverses: {id_publication}. */
export const postingReferenceSchema = /*#__PURE__*/ (() =>
  formObject({
    id_publication: referenceId((id) => id > 0, M.posting, M.posting),
  }))()

/** PUT /business/update-application-status/{id} {status}. */
export const applicationStatusSchema = /*#__PURE__*/ (() =>
  formObject({
    status: z.enum(APPLICATION_STATUSES, { error: (iss) => (isBlank(iss.input) ? M.required : M.applicationStatus) }),
  }))()

/** How the applicants screen orders its list: newest first (the default) or most documents approved first. */
export const APPLICANT_SORTS = ['fecha', 'documentos'] as const
export type ApplicantSort = (typeof APPLICANT_SORTS)[number]

/**
 * Applicants per page of a posting's list (decision 113): a dispatcher's screenful, read and
 * recorded (the contact data shown) per request; the counts above it are the posting's whole.
 */
export const APPLICANTS_PAGE_SIZE = 25

/**
 * GET /business/job-postings/{id}/applicants?status=&sort=&page=: status filters by one status
 * (blank is all); sort is APPLICANT_SORTS (blank is 'fecha'); page of APPLICANTS_PAGE_SIZE.
 */
export const applicantsQuerySchema = /*#__PURE__*/ (() =>
  formObject({
    status: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.optional(z.enum(APPLICATION_STATUSES, { error: M.applicationStatus })),
    ),
    sort: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.optional(z.enum(APPLICANT_SORTS, { error: M.invalidOption })),
    ),
    page: page(),
  }))()

/** Most applications one "seen" call marks: the applicants screen shows at most this many. */
export const MAX_SEEN_APPLICATIONS = 500

/** PUT /business/job-postings/{id}/applicants-seen {applications}: the ones the company had on screen. */
export const applicantsSeenSchema = /*#__PURE__*/ (() =>
  formObject({
    applications: z
      .array(
        z
          .number({ error: M.invalidOption })
          .check(z.int(M.invalidOption), z.gte(1, M.invalidOption), z.lte(2_147_483_647, M.invalidOption)),
        { error: M.invalidOption },
      )
      .check(z.maxLength(MAX_SEEN_APPLICATIONS, M.invalidOption)),
  }))()

/** Most applications one bulk move changes: the applicants screen shows at most this many. */
const MAX_BULK_APPLICATIONS = 500

/**
 * PUT /business/job-postings/{id}/applicants-status {applications, status}: the selected
 * applications of one posting move to one stage, all of them or none.
 */
export const applicantsBulkStatusSchema = /*#__PURE__*/ (() =>
  formObject({
    applications: z
      .array(
        z
          .number({ error: M.invalidOption })
          .check(z.int(M.invalidOption), z.gte(1, M.invalidOption), z.lte(2_147_483_647, M.invalidOption)),
        // Nothing ticked reads the same however the form sends it (absent, empty, null).
        { error: (iss) => (isBlank(iss.input) ? M.bulkNone : M.invalidOption) },
      )
      .check(z.minLength(1, M.bulkNone), z.maxLength(MAX_BULK_APPLICATIONS, M.invalidOption)),
    status: z.enum(APPLICATION_STATUSES, { error: (iss) => (isBlank(iss.input) ? M.required : M.applicationStatus) }),
  }))()

/** Lowercase without accents, so 'Furgón' and 'furgon' find each other on both engines. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The words of a search, each at least 2 characters, at most 6. */
export function searchTokens(text: string): string[] {
  return [
    ...new Set(
      normalizeSearchText(text)
        .split(' ')
        .filter((t) => t.length >= 2),
    ),
  ].slice(0, 6)
}
