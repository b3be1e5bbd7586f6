import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { experienceSchema } from '#domain/validation/experience'
import { MESSAGES } from '#services/platform/http'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import {
  addExperience,
  deleteExperience,
  EXPERIENCE_SERVICE_MESSAGES,
  listExperience,
  readExperience,
  updateExperience,
} from './experience-operations'
import type { DriverActor } from './shared'
import { platformWithDrivers } from './test-helpers'

/** A finished job as the form's schema gives it. */
const finished = experienceSchema.parse({
  job_title: 'Conductor de reparto',
  nameBusiness: 'Despachos Andes',
  typeEmployment: 'Jornada completa',
  location: 'Santiago',
  start_date: '2021-03-15',
  end_date: '2023-06-20',
  job_description: 'Reparto de paquetería en la zona oriente.',
})

/** The work experience operations called as a script would call them, without a route in between. */
describe.each(engines)('work experience operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor

  beforeEach(async () => ({ p, camila, pedro } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const stored = () =>
    p.db
      .selectFrom('work_experience')
      .select(['user_id', 'job_title', 'company_name', 'type_employment', 'start_date', 'end_date'])
      .orderBy('id')
      .execute()

  it("adds records and lists the latest start first, a current job counted up to the platform's today", async () => {
    const older = await addExperience(p, camila, finished)
    expect(older).toEqual({
      message: EXPERIENCE_SERVICE_MESSAGES.created,
      experience: {
        id_ew: expect.any(Number),
        job_title: 'Conductor de reparto',
        company_name: 'Despachos Andes',
        type_employment: 'Jornada completa',
        location: 'Santiago',
        start_date: '2021-03-15',
        end_date: '2023-06-20',
        duration: '2 años y 3 meses',
        job_description: 'Reparto de paquetería en la zona oriente.',
      },
    })
    const today = dayInChile(p.now())
    const current = experienceSchema.parse({ ...finished, start_date: today, end_date: undefined, current_job: true })
    const newer = await addExperience(p, camila, current)
    expect(newer.experience).toMatchObject({ end_date: null, duration: 'Menos de 1 mes' })

    p.advance(40 * 24 * 3600 * 1000)
    const list = await listExperience(p, camila)
    expect(list.map((e) => [e.id_ew, e.end_date, e.duration])).toEqual([
      [newer.experience.id_ew, null, '1 mes'],
      [older.experience.id_ew, '2023-06-20', '2 años y 3 meses'],
    ])
    expect(await stored()).toEqual([
      expect.objectContaining({ user_id: camila.userId, start_date: '2021-03-15', end_date: '2023-06-20' }),
      expect.objectContaining({ user_id: camila.userId, start_date: today, end_date: null }),
    ])
    expect(await listExperience(p, pedro)).toEqual([])
  })

  it("rewrites a record from the form's values and removes it", async () => {
    const { id_ew: id } = (await addExperience(p, camila, finished)).experience
    const values = { ...finished, nameBusiness: 'Mercado Sur', typeEmployment: 'Jornada parcial' as const }
    expect(await updateExperience(p, camila, { id, values: { ...values, end_date: '2021-04-20' } })).toMatchObject({
      message: EXPERIENCE_SERVICE_MESSAGES.updated,
      experience: { id_ew: id, company_name: 'Mercado Sur', type_employment: 'Jornada parcial', duration: '1 mes' },
    })
    expect(await stored()).toEqual([
      expect.objectContaining({
        company_name: 'Mercado Sur',
        type_employment: 'Jornada parcial',
        end_date: '2021-04-20',
      }),
    ])
    expect(await readExperience(p, camila, { id })).toMatchObject({ company_name: 'Mercado Sur' })
    expect(await deleteExperience(p, camila, { id })).toEqual({ message: EXPERIENCE_SERVICE_MESSAGES.deleted })
    expect(await stored()).toEqual([])
    await expect(deleteExperience(p, camila, { id })).rejects.toMatchObject({ status: 404 })
  })

  it("treats another driver's record as none, changing nothing", async () => {
    const { id_ew: id } = (await addExperience(p, camila, finished)).experience
    const notFound = { status: 404, messages: MESSAGES.notFound }
    await expect(readExperience(p, pedro, { id })).rejects.toMatchObject(notFound)
    await expect(
      updateExperience(p, pedro, { id, values: { ...finished, job_title: 'Robado' } }),
    ).rejects.toMatchObject(notFound)
    await expect(deleteExperience(p, pedro, { id })).rejects.toMatchObject(notFound)
    expect(await stored()).toEqual([expect.objectContaining({ user_id: camila.userId, job_title: finished.job_title })])
  })
})
