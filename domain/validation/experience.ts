/** Work experience create/update form (spec §5). All fields required: 'Campo requerido'. */
import { type z } from 'zod'
import { EMPLOYMENT_TYPES } from '#domain/reference-data/employment'
import { CAMPO_REQUERIDO, boundedString, formObject, isoDateString, requiredEnum, requiredString } from './fields'

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

/** Form and create payload (nameBusiness / typeEmployment, as the create call sends them). */
export const experienceSchema = formObject({
  job_title: boundedString(M.required, 3, 100, { min: M.jobTitleMin, max: M.jobTitleMax }),
  nameBusiness: boundedString(M.required, 3, 100, { min: M.companyMin, max: M.companyMax }),
  typeEmployment: requiredEnum(EMPLOYMENT_TYPES, M.required, M.employmentType),
  location: boundedString(M.required, 3, 100, { min: M.locationMin, max: M.locationMax }),
  start_date: isoDateString(M.required, M.date),
  end_date: isoDateString(M.required, M.date),
  job_description: requiredString(M.required).max(1300, M.descriptionMax),
}).refine((v) => v.end_date >= v.start_date, {
  error: M.endBeforeStart,
  path: ['end_date'],
  // Only compare two well-formed dates (ISO strings compare like dates).
  when: (payload) => {
    // Checks run on any input, a non-object included (null: 'Datos inválidos', never a TypeError).
    const v = (payload.value ?? {}) as { start_date?: unknown; end_date?: unknown }
    return typeof v.start_date === 'string' && typeof v.end_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.start_date) && /^\d{4}-\d{2}-\d{2}$/.test(v.end_date)
  },
})
export type ExperienceValues = z.infer<typeof experienceSchema>
/** The update form has the same fields and rules. */
export const experienceUpdateSchema = experienceSchema
export type ExperienceUpdateValues = ExperienceValues

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

/** The update call may name the fields as stored (company_name, type_employment): same rules. */
export function experienceInputFromPayload(body: Record<string, unknown>): Record<string, unknown> {
  const { company_name, type_employment, ...rest } = body
  return { ...rest, nameBusiness: rest.nameBusiness ?? company_name, typeEmployment: rest.typeEmployment ?? type_employment }
}

export const EXPERIENCE_FORM_FIELDS = ['job_title', 'nameBusiness', 'typeEmployment', 'location', 'start_date', 'end_date', 'job_description'] as const

/** Spec §5: an update is sent only if some value differs from the loaded one. */
export function experienceChanged(
  loaded: Partial<Record<(typeof EXPERIENCE_FORM_FIELDS)[number], string>>,
  next: Partial<Record<(typeof EXPERIENCE_FORM_FIELDS)[number], string>>,
): boolean {
  return EXPERIENCE_FORM_FIELDS.some((k) => (loaded[k] ?? '').trim() !== (next[k] ?? '').trim())
}
