/** Employment types of a work experience (values stored as written in the spec). */
export const EMPLOYMENT_TYPES = ['Jornada completa', 'Jornada parcial', 'Profesional independiente', 'Contrato temporal', 'Contrato de practicas'] as const

export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number]

export function isEmploymentType(value: unknown): value is EmploymentType {
  return typeof value === 'string' && (EMPLOYMENT_TYPES as readonly string[]).includes(value)
}
