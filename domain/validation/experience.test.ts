import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { EXPERIENCE_MESSAGES as M, experienceChanged, experienceSchema } from './experience'
import { BLANKS, errorsOf, fieldErrors, toFormData } from './test-utils'

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
    for (const t of [
      'Jornada completa',
      'Jornada parcial',
      'Profesional independiente',
      'Contrato temporal',
      'Contrato de practicas',
    ]) {
      expect(experienceSchema.safeParse({ ...experience, typeEmployment: t }).success).toBe(true)
    }
  })

  describe('«Trabajo actual»', () => {
    it('needs no end date and gives a null one', () => {
      const { end_date: _, ...open } = experience
      expect(experienceSchema.parse({ ...open, current_job: true })).toEqual({
        ...open,
        current_job: true,
        end_date: null,
      })
    })

    it.each([
      ['a date', '2023-06-30'],
      ['a date before the start', '2020-01-01'],
      ['something unreadable', 'mañana'],
      ['blank', ''],
    ])('ignores whatever end date comes with it (%s)', (_label, endDate) => {
      expect(experienceSchema.parse({ ...experience, end_date: endDate, current_job: true }).end_date).toBeNull()
    })

    it('unchecked (false or absent), the end date is required as before', () => {
      expect(errorsOf(experienceSchema, { ...experience, end_date: '', current_job: false })).toEqual({
        end_date: ['Campo requerido'],
      })
      expect(experienceSchema.parse({ ...experience, current_job: false }).end_date).toBe(experience.end_date)
    })

    it('refuses a current_job that is not a boolean', () => {
      expect(fieldErrors(experienceSchema, { ...experience, current_job: 'sí' }, 'current_job')).toEqual([
        'Valor inválido',
      ])
    })

    it('reads the form checkbox (on) without JS, where the disabled-with-JS date may still be sent', () => {
      const submission = parseWithZod(toFormData({ ...experience, current_job: 'on' }), { schema: experienceSchema })
      expect(submission.status).toBe('success')
      expect(submission.status === 'success' && submission.value.end_date).toBeNull()
      const { end_date: _, ...open } = experience
      const without = parseWithZod(toFormData(open), { schema: experienceSchema })
      expect(without.status === 'error' && without.error).toEqual({ end_date: ['Campo requerido'] })
    })

    it('counts checking or unchecking it as a change, and ignores the end date of a current job', () => {
      const loaded = { ...experience, nameBusiness: experience.nameBusiness, end_date: null }
      expect(experienceChanged(loaded, { ...experience, current_job: true })).toBe(false)
      expect(experienceChanged(loaded, { ...experience, end_date: '2024-01-01' })).toBe(true)
      expect(experienceChanged({ ...experience }, { ...experience, current_job: true, end_date: null })).toBe(true)
    })
  })
})
