/** Work experience create/update form (spec §5). All fields required: 'Campo requerido'. */
import { EMPLOYMENT_TYPES } from '#domain/reference-data/employment'
import {
  CAMPO_REQUERIDO,
  INVALID_VALUE,
  boundedString,
  formObject,
  isIsoDate,
  isoDateString,
  requiredEnum,
  requiredString,
} from './fields'
import * as z from './zod'

export const EXPERIENCE_MESSAGES = {
  required: CAMPO_REQUERIDO,
  jobTitleMin: 'El Cargo no puede ser menor a 3 caracteres',
  jobTitleMax: 'El Cargo no puede ser mayor a 100 caracteres',
  companyMin: 'El Nombre de la empresa no puede ser menor a 3 caracteres',
  companyMax: 'El Nombre de la empresa no puede ser mayor a 100 caracteres',
  locationMin: 'La Ubicación no puede ser menor a 3 caracteres',
  locationMax: 'La Ubicación no puede ser mayor a 100 caracteres',
  employmentType: 'Tipo de empleo inválido',
  date: 'Fecha inválida',
  endBeforeStart: 'La fecha de término no puede ser anterior a la fecha de inicio',
  descriptionMax: 'La Descripción del trabajo no puede ser mayor a 1300 caracteres',
} as const

const M = EXPERIENCE_MESSAGES

/** True when the field has nothing in it (absent, null, or only spaces). */
function blank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '')
}

/**
 * The end date's rules run whenever end_date and current_job themselves are readable (checks run
 * on any input: a non-object, null included, gets 'Datos inválidos', never a TypeError).
 */
function endDateReadable(payload: z.core.ParsePayload): boolean {
  return (
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((i) => i.path?.[0] === 'end_date' || i.path?.[0] === 'current_job')
  )
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Form and create payload (nameBusiness / typeEmployment, as the create call sends them).
 * «Trabajo actual» (`current_job`; the checkbox sends 'on', which conform reads
 * as true; JSON sends true/false): then the job has no end date, whatever end_date says (the
 * field is disabled with JS; without JS, or from another client, it is ignored), and end_date
 * comes out null. Otherwise end_date is required as before.
 */
export const experienceSchema = formObject({
  job_title: boundedString(M.required, 3, 100, { min: M.jobTitleMin, max: M.jobTitleMax }),
  nameBusiness: boundedString(M.required, 3, 100, { min: M.companyMin, max: M.companyMax }),
  typeEmployment: requiredEnum(EMPLOYMENT_TYPES, M.required, M.employmentType),
  location: boundedString(M.required, 3, 100, { min: M.locationMin, max: M.locationMax }),
  start_date: isoDateString(M.required, M.date),
  // Read raw: its rules depend on current_job (below).
  end_date: z.nullish(z.string({ error: INVALID_VALUE })),
  current_job: z.optional(z.boolean({ error: INVALID_VALUE })),
  job_description: requiredString(M.required).check(z.maxLength(1300, M.descriptionMax)),
})
  .check(
    z.refine((v) => v.current_job === true || !blank(v.end_date), {
      error: M.required,
      path: ['end_date'],
      when: endDateReadable,
    }),
  )
  .check(
    z.refine((v) => v.current_job === true || blank(v.end_date) || isIsoDate(v.end_date!.trim()), {
      error: M.date,
      path: ['end_date'],
      when: endDateReadable,
    }),
  )
  .check(
    z.refine((v) => v.end_date!.trim() >= v.start_date, {
      error: M.endBeforeStart,
      path: ['end_date'],
      // Only compare two well-formed dates (ISO strings compare like dates) of a finished job.
      when: (payload) => {
        const v = payload.value as { start_date?: unknown; end_date?: unknown; current_job?: unknown }
        return (
          endDateReadable(payload) &&
          v.current_job !== true &&
          typeof v.start_date === 'string' &&
          typeof v.end_date === 'string' &&
          ISO_DAY.test(v.start_date.trim()) &&
          isIsoDate(v.end_date.trim())
        )
      },
    }),
  )
  // An object check, not a transform, so conform still reads the fields' constraints.
  .check(z.overwrite((v) => ({ ...v, end_date: v.current_job === true ? null : (v.end_date ?? '').trim() })))
export type ExperienceValues = z.infer<typeof experienceSchema>

/** Spec §3 "Work experience" duration, e.g. '2 años y 3 meses', from two yyyy-mm-dd dates. */
export function experienceDuration(start: string, end: string): string {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number]
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number]
  let months = (ey - sy) * 12 + (em - sm)
  if (ed < sd) months--
  if (!(months >= 1)) return 'Menos de 1 mes'
  const years = Math.floor(months / 12)
  const rest = months % 12
  const y = years ? `${years} ${years === 1 ? 'año' : 'años'}` : ''
  const m = rest ? `${rest} ${rest === 1 ? 'mes' : 'meses'}` : ''
  return [y, m].filter(Boolean).join(' y ')
}

/** The duration of a job that may still go on (`end` null: until `today`, yyyy-mm-dd). */
export function experienceDurationUntil(start: string, end: string | null, today: string): string {
  return experienceDuration(start, end ?? today)
}

/** The update call may name the fields as stored (company_name, type_employment): same rules. */
export function experienceInputFromPayload(body: Record<string, unknown>): Record<string, unknown> {
  const { company_name, type_employment, ...rest } = body
  return {
    ...rest,
    nameBusiness: rest.nameBusiness ?? company_name,
    typeEmployment: rest.typeEmployment ?? type_employment,
  }
}

export const EXPERIENCE_FORM_FIELDS = [
  'job_title',
  'nameBusiness',
  'typeEmployment',
  'location',
  'start_date',
  'end_date',
  'job_description',
] as const

type ExperienceFields = Partial<Record<(typeof EXPERIENCE_FORM_FIELDS)[number], string | null>> & {
  current_job?: boolean
}

/** Spec §5: an update is sent only if some value differs from the loaded one (a null end date is the current job). */
export function experienceChanged(loaded: ExperienceFields, next: ExperienceFields): boolean {
  const current = (v: ExperienceFields) => v.current_job === true || ('end_date' in v && v.end_date === null)
  if (current(loaded) !== current(next)) return true
  return EXPERIENCE_FORM_FIELDS.some((k) =>
    k === 'end_date' && current(next) ? false : (loaded[k] ?? '').trim() !== (next[k] ?? '').trim(),
  )
}
