import { describe, expect, it } from 'vitest'
import { EXPERIENCE_MESSAGES as M, experienceSchema } from './experience'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const experience = {
  job_title: 'Conductor de reparto',
  nameBusiness: 'Transportes Andes',
  typeEmployment: 'Jornada completa',
  location: 'Santiago',
  start_date: '2022-01-15',
  end_date: '2023-06-30',
  job_description: 'Reparto de última milla en la comuna de Ñuñoa.',
}

describe('experienceSchema', () => {
  it('accepts a valid sample (same-day start and end too)', () => {
    expect(experienceSchema.parse(experience)).toEqual(experience)
    expect(experienceSchema.safeParse({ ...experience, end_date: experience.start_date }).success).toBe(true)
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each(Object.keys(experience))('%s -> Campo requerido', (field) => {
      expect(errorsOf(experienceSchema, { ...experience, [field]: blank })).toEqual({ [field]: ['Campo requerido'] })
    })
  })

  it.each([
    ['job_title', 'ab', 'El Cargo no puede ser menor a 3 caracteres'],
    ['job_title', 'x'.repeat(101), 'El Cargo no puede ser mayor a 100 caracteres'],
    ['nameBusiness', 'ab', M.companyMin],
    ['nameBusiness', 'x'.repeat(101), M.companyMax],
    ['location', 'ab', M.locationMin],
    ['location', 'x'.repeat(101), M.locationMax],
    ['typeEmployment', 'Freelance', M.employmentType],
    ['start_date', '15-01-2022', M.date],
    ['start_date', '2022-02-30', M.date],
    ['end_date', '2023-13-01', M.date],
    ['job_description', 'x'.repeat(1301), 'La Descripción del trabajo no puede ser mayor a 1300 caracteres'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(fieldErrors(experienceSchema, { ...experience, [field]: value }, field)).toEqual([message])
  })

  it('rejects an end date before the start date, on end_date', () => {
    expect(errorsOf(experienceSchema, { ...experience, end_date: '2022-01-14' })).toEqual({
      end_date: ['La fecha de término no puede ser anterior a la fecha de inicio'],
    })
  })

  it('answers a non-object (null, a list) with an issue, never a TypeError', () => {
    for (const input of [null, [], 'texto']) {
      const result = experienceSchema.safeParse(input)
      expect(result.success).toBe(false)
    }
  })

  it('accepts every employment type', () => {
    for (const t of ['Jornada completa', 'Jornada parcial', 'Profesional independiente', 'Contrato temporal', 'Contrato de practicas']) {
      expect(experienceSchema.safeParse({ ...experience, typeEmployment: t }).success).toBe(true)
    }
  })
})
