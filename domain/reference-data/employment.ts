/** Employment types of a work experience (values stored as written in the spec). */
export const EMPLOYMENT_TYPES = [
  'Jornada completa',
  'Jornada parcial',
  'Profesional independiente',
  'Contrato temporal',
  'Contrato de practicas',
] as const
