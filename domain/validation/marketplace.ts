/**
 * The job marketplace (spec §3, §5, §9): company registration, job postings, the driver's
 * filters and search, the email to an applicant and the application status. The same schemas run
 * in conform on the client, in the route actions and again in the services.
 *
 * Pages fetch this file only when a form is first used (app/components/marketplace/
 * lazy-validation.ts): with zod it would not fit a form page's JS budget up front. So it must have
 * no side effects — each schema is built under a `#__PURE__` mark, which lets a route module
 * import it for its loader and action without the page bundling it (nor zod), and auth.ts is not
 * imported (its schemas are side effects). Communes are checked by their CUT code (region = code
 * ÷ 1000, the reference list's own rule) rather than the 346-entry list; the services also check
 * the commune exists before writing (services/business/places.ts).
 */
import { isValidEmail } from '#domain/email'
import { regions } from '#domain/reference-data/regions'
import { findSchedule } from '#domain/reference-data/schedules'
import { capacitiesByVehicle, findCapacity, findVehicle } from '#domain/reference-data/vehicles'
import { zones } from '#domain/reference-data/zones'
import { LOGO_UPLOAD } from '#domain/uploads'
import {
  CAMPO_REQUERIDO,
  fileTypeAllowed,
  formObject,
  isBlank,
  isIsoDate,
  maxChars,
  numberToString,
  optionalString,
  phoneString,
  plainText,
  requiredRawString,
  requiredString,
  type FileLike,
} from './fields'
import { rutString } from './rut-field'
import * as z from './zod'

/** Spec §9: postings lists show 10 per page, for drivers and companies alike. */
export const POSTINGS_PAGE_SIZE = 10

/** Issue 14: a postings count stops at 1,001; the screens show «más de 1.000». */
export const POSTINGS_COUNT_CAP = 1000

export const PAYMENT_PERIODS = ['por día', 'por ruta', 'mensual'] as const
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number]

export const POSTING_STATUSES = ['open', 'closed'] as const
export type PostingStatus = (typeof POSTING_STATUSES)[number]

export const APPLICATION_STATUSES = ['nueva', 'en_revision', 'contactado', 'seleccionado', 'descartada'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const MARKETPLACE_MESSAGES = {
  required: CAMPO_REQUERIDO,
  invalidOption: 'Selecciona una opción válida',
  regionOutsideZone: 'La región no pertenece a la zona seleccionada',
  communeOutsideRegion: 'La comuna no pertenece a la región seleccionada',
  titleMin: 'El título debe tener al menos 5 caracteres',
  titleMax: 'El título no puede superar los 100 caracteres',
  descriptionMin: 'La descripción debe tener al menos 20 caracteres',
  descriptionMax: 'La descripción no puede superar los 2000 caracteres',
  capacityRequired: CAMPO_REQUERIDO,
  capacityMismatch: 'La capacidad no corresponde al vehículo seleccionado',
  date: 'Ingresa una fecha válida',
  payment: 'Ingresa un monto en pesos entre $1.000 y $50.000.000',
  driversNeeded: 'Ingresa una cantidad entre 1 y 999',
  searchMax: 'La búsqueda no puede superar los 100 caracteres',
  page: 'Página inválida',
  posting: 'Publicación inválida',
  companyNameMax: maxChars(100),
  contactNameMax: maxChars(100),
  emailInvalid: 'Correo electrónico inválido',
  emailMax: 'Correo electrónico no puede exceder los 80 caracteres',
  phoneMin: 'Mínimo 8 caracteres',
  phoneMax: 'Máximo 15 caracteres',
  confirmPassword: CAMPO_REQUERIDO,
  passwordMismatch: 'Las contraseñas no coinciden',
  logoType: LOGO_UPLOAD.messages.invalidType,
  logoSize: LOGO_UPLOAD.messages.tooLarge,
  subjectMax: 'El asunto no puede superar los 150 caracteres',
  messageMin: 'El mensaje debe tener al menos 10 caracteres',
  messageMax: 'El mensaje no puede superar los 3000 caracteres',
  applicationStatus: 'Estado de postulación inválido',
} as const

const M = MARKETPLACE_MESSAGES

/** Spec §5 password rule, as in auth.ts (not imported: that file would come along to every page). */
const PASSWORD_MESSAGES = {
  required: CAMPO_REQUERIDO,
  min: 'La contraseña debe tener al menos 8 caracteres',
  max: 'La contraseña no puede superar los 72 caracteres',
  lettersNumbers: 'La contraseña debe incluir letras y números',
} as const

const findZone = (id: number) => zones.find((z) => z.id_zone === id)
const findRegion = (id: number) => regions.find((r) => r.id_region === id)

/** A commune's CUT code carries its region: 13101 is in region 13 (id 13000). */
export function communeRegionOf(communeId: number): number {
  return Math.floor(communeId / 1000) * 1000
}
const isCommuneCode = (id: number) => id % 1000 >= 101 && findRegion(communeRegionOf(id)) !== undefined

/** Any JSON number as text, so a negative or fractional one meets the field's own message. */
function numberAsText(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : v
}

/** A select's id: '13000' from a form or 13000 from JSON, as a number (string schema: no HTML pattern). */
function choiceId(isKnown: (id: number) => boolean, requiredMessage: string = M.required, invalidMessage: string = M.invalidOption) {
  return z.preprocess(numberAsText, z.pipe(requiredString(requiredMessage).check(z.refine((v) => /^\d{1,9}$/.test(v) && isKnown(Number(v)), invalidMessage)), z.transform(Number)))
}

/** Same, for filters: blank means "any". */
function optionalChoiceId(isKnown: (id: number) => boolean) {
  return z.preprocess(
    (v) => (isBlank(v) ? undefined : numberAsText(v)),
    z.optional(
      z.pipe(
        z.string({ error: M.invalidOption }).check(
          z.trim(),
          z.refine((v) => /^\d{1,9}$/.test(v) && isKnown(Number(v)), M.invalidOption),
        ),
        z.transform(Number),
      ),
    ),
  )
}

/** A whole number within bounds; a form may write thousands with dots ('45.000'). */
function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    numberAsText,
    z.pipe(
      requiredString(M.required).check(
        z.refine((v) => /^(\d{1,3}(\.\d{3})+|\d+)$/.test(v) && Number(v.replaceAll('.', '')) >= min && Number(v.replaceAll('.', '')) <= max, message),
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

function locationRefinement(value: { id_zone?: number; id_region?: number; id_commune?: number }, ctx: z.core.$RefinementCtx) {
  if (value.id_region !== undefined && value.id_zone !== undefined && findRegion(value.id_region)?.zone_id !== value.id_zone) {
    ctx.addIssue({ code: 'custom', message: M.regionOutsideZone, path: ['id_region'] })
  } else if (value.id_commune !== undefined && value.id_region !== undefined && communeRegionOf(value.id_commune) !== value.id_region) {
    ctx.addIssue({ code: 'custom', message: M.communeOutsideRegion, path: ['id_commune'] })
  }
}

const zoneId = () => choiceId((id) => findZone(id) !== undefined)
const regionId = () => choiceId((id) => findRegion(id) !== undefined)
const communeId = () => choiceId(isCommuneCode)

/** Create and update a posting (POST create-job-posting, PUT update-job-posting/{id}). */
function buildJobPostingSchema() {
  return formObject({
    title: requiredString(M.required).check(z.minLength(5, M.titleMin)).check(z.maxLength(100, M.titleMax)),
    description: requiredString(M.required).check(z.minLength(20, M.descriptionMin)).check(z.maxLength(2000, M.descriptionMax)),
    id_zone: zoneId(),
    id_region: regionId(),
    id_commune: communeId(),
    id_vehicle: choiceId((id) => findVehicle(id) !== undefined),
    // Only vehicles with listed capacities (Furgón, Camión, Camion ¾) take one; see the refinement.
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
    start_date: requiredString(M.required).check(z.refine((v) => isIsoDate(v) && v >= '2000-01-01' && v <= '2100-12-31', M.date)),
    pawn: yesNo(true),
    payment_amount: wholeNumber(1000, 50_000_000, M.payment),
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

const searchText = () => z.preprocess((v) => (v == null ? '' : v), plainText(M.invalidOption).check(z.trim()).check(z.maxLength(100, M.searchMax)))
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

/** POST /business/search-my-job-postings {search}. */
export const businessSearchSchema = /*#__PURE__*/ (() => formObject({ search: searchText(), page: page() }))()
/** POST /users/search-job-postings {search_jps}. */
export const driverSearchSchema = /*#__PURE__*/ (() => formObject({ search_jps: searchText(), page: page() }))()

/** POST /users/filter-job-postings: every filter is optional; start_time is a schedule id. */
export const postingFiltersSchema = /*#__PURE__*/ (() =>
  formObject({
    id_vehicle: optionalChoiceId((id) => findVehicle(id) !== undefined),
    id_zone: optionalChoiceId((id) => findZone(id) !== undefined),
    id_region: optionalChoiceId((id) => findRegion(id) !== undefined),
    id_commune: optionalChoiceId(isCommuneCode),
    start_time: optionalChoiceId((id) => findSchedule(id) !== undefined),
    pawn: yesNo(false),
    search: searchText(),
    page: page(),
  }).check(z.superRefine(locationRefinement)))()
export type PostingFilters = z.infer<typeof postingFiltersSchema>

/** POST /users/postulate-job-posting, save-posting and their reverses: {id_publication}. */
export const postingReferenceSchema = /*#__PURE__*/ (() =>
  formObject({
    id_publication: choiceId((id) => id > 0, M.posting, M.posting),
  }))()

/** PUT /business/update-application-status/{id} {status}. */
export const applicationStatusSchema = /*#__PURE__*/ (() =>
  formObject({
    status: z.enum(APPLICATION_STATUSES, { error: (iss) => (isBlank(iss.input) ? M.required : M.applicationStatus) }),
  }))()

/** Issue 16.5: GET /business/job-postings/{id}/applicants?status= filters by one status; blank is all. */
export const applicantsQuerySchema = /*#__PURE__*/ (() =>
  formObject({
    status: z.preprocess((v) => (isBlank(v) ? undefined : v), z.optional(z.enum(APPLICATION_STATUSES, { error: M.applicationStatus }))),
  }))()

/** Most applications one "seen" call marks: the applicants screen shows at most this many. */
export const MAX_SEEN_APPLICATIONS = 500

/** Issue 16.5: PUT /business/job-postings/{id}/applicants-seen {applications}: the ones the company had on screen. */
export const applicantsSeenSchema = /*#__PURE__*/ (() =>
  formObject({
    applications: z
      .array(z.number({ error: M.invalidOption }).check(z.int(M.invalidOption), z.gte(1, M.invalidOption), z.lte(2_147_483_647, M.invalidOption)), { error: M.invalidOption })
      .check(z.maxLength(MAX_SEEN_APPLICATIONS, M.invalidOption)),
  }))()

/** Spec §5: the send is refused unless subject, message, the driver's name and email and the business email, name and phone are there. */
export const emailToApplicantSchema = /*#__PURE__*/ (() =>
  formObject({
    // One line: a subject never carries a line break into the mail's headers.
    subject: z.pipe(
      requiredString(M.required).check(z.maxLength(150, M.subjectMax)),
      z.transform((v: string) => v.replace(/\s+/g, ' ')),
    ),
    message: requiredString(M.required).check(z.minLength(10, M.messageMin)).check(z.maxLength(3000, M.messageMax)),
    name_user: requiredString(M.required).check(z.maxLength(120, maxChars(120))),
    user_email: requiredString(M.required).check(z.refine(isValidEmail, M.emailInvalid)),
    email_business: requiredString(M.required).check(z.refine(isValidEmail, M.emailInvalid)),
    name_business: requiredString(M.required).check(z.maxLength(100, M.companyNameMax)),
    phone_business: z.preprocess(numberToString, requiredString(M.required).check(z.maxLength(20, maxChars(20)))),
    logo_business: optionalString(500),
  }))()
export type EmailToApplicantValues = z.infer<typeof emailToApplicantSchema>

/** Logo of the company: png, jpg, jpeg or webp up to 3 MB (domain/uploads.ts; the service checks the bytes again). */
export const LOGO_MAX_BYTES = LOGO_UPLOAD.maxBytes
export const LOGO_MIME_TYPES = LOGO_UPLOAD.types
export const LOGO_EXTENSIONS = LOGO_UPLOAD.extensions

const optionalLogo = () =>
  z.optional(
    z.file({ error: M.logoType }).check(
      z.refine((f: FileLike) => f.size === 0 || fileTypeAllowed(f, LOGO_MIME_TYPES, LOGO_EXTENSIONS), { error: M.logoType, abort: true }),
      z.refine((f) => f.size <= LOGO_MAX_BYTES, M.logoSize),
    ),
  )

const passwordField = () =>
  requiredRawString(PASSWORD_MESSAGES.required)
    .check(z.minLength(8, PASSWORD_MESSAGES.min))
    .check(z.maxLength(72, PASSWORD_MESSAGES.max))
    .check(z.refine((v) => /\p{L}/u.test(v) && /\d/.test(v), PASSWORD_MESSAGES.lettersNumbers))

const companyShape = () => ({
  name_business: requiredString(M.required).check(z.maxLength(100, M.companyNameMax)),
  rut: rutString({ required: M.required }),
  contact_name: requiredString(M.required).check(z.maxLength(100, M.contactNameMax)),
  email: requiredString(M.required).check(z.maxLength(80, M.emailMax)).check(z.refine(isValidEmail, M.emailInvalid)),
  phone: phoneString({ required: M.required, min: 8, max: 15, minMessage: M.phoneMin, maxMessage: M.phoneMax }),
  password: passwordField(),
  id_zone: zoneId(),
  id_region: regionId(),
  id_commune: communeId(),
})

/** The `data` JSON of POST /business/register (multipart, with an optional logoBusiness file). */
export const companyRegistrationPayloadSchema = /*#__PURE__*/ (() => formObject(companyShape()).check(z.superRefine(locationRefinement)))()
export type CompanyRegistrationPayload = z.infer<typeof companyRegistrationPayloadSchema>

/** The /empresas/registro form: the payload plus the password confirmation and the logo. */
export const companyRegistrationSchema = /*#__PURE__*/ (() =>
  formObject({
    ...companyShape(),
    confirmPassword: requiredRawString(M.confirmPassword),
    logoBusiness: optionalLogo(),
  })
    .check(z.superRefine(locationRefinement))
    .check(z.refine((v) => v.password === v.confirmPassword, { error: M.passwordMismatch, path: ['confirmPassword'] })))()
export type CompanyRegistrationValues = z.infer<typeof companyRegistrationSchema>

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
