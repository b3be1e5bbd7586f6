import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EXPERIENCE_MESSAGES } from '#domain/validation/experience'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from './test-helpers'

const BASE = '/users/experience-work'
const experience = {
  job_title: 'Conductor de reparto',
  nameBusiness: 'Despachos Andes',
  typeEmployment: 'Jornada completa',
  location: 'Santiago',
  start_date: '2021-03-15',
  end_date: '2023-06-20',
  job_description: 'Reparto de paquetería en la zona oriente.',
}

describe.each(engines)('work experience on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  it('adds, lists, loads, updates and deletes an experience', async () => {
    const a = await userWithSession(p)
    const created = await api.post(`${BASE}/add-experience-work`, experience, a.headers)
    expect(created.status).toBe(201)
    const id = created.body.experience.id_ew
    const list = await api.get(`${BASE}/get-experience-work`, a.headers)
    expect(list.body).toEqual([
      {
        id_ew: id,
        job_title: 'Conductor de reparto',
        company_name: 'Despachos Andes',
        type_employment: 'Jornada completa',
        location: 'Santiago',
        start_date: '2021-03-15',
        end_date: '2023-06-20',
        duration: '2 años y 3 meses',
        job_description: 'Reparto de paquetería en la zona oriente.',
      },
    ])
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, a.headers)).body.job_title).toBe(
      'Conductor de reparto',
    )
    // The update may name the fields as stored.
    const { nameBusiness: _n, typeEmployment: _t, ...rest } = experience
    const updated = await api.put(
      `${BASE}/update-experience-work/${id}`,
      { ...rest, company_name: 'Mercado Sur', type_employment: 'Jornada parcial', end_date: '2021-04-20' },
      a.headers,
    )
    expect(updated.status).toBe(200)
    expect(updated.body.experience).toMatchObject({
      company_name: 'Mercado Sur',
      type_employment: 'Jornada parcial',
      duration: '1 mes',
    })
    expect((await api.delete(`${BASE}/delete-experience-work/${id}`, a.headers)).status).toBe(200)
    expect((await api.get(`${BASE}/get-experience-work`, a.headers)).body).toEqual([])
    expect((await api.delete(`${BASE}/delete-experience-work/${id}`, a.headers)).status).toBe(404)
    expect((await api.delete(`${BASE}/delete-experience-work/0`, a.headers)).status).toBe(404)
  })

  it.each([
    [{ job_title: '' }, EXPERIENCE_MESSAGES.required],
    [{ job_title: 'ab' }, EXPERIENCE_MESSAGES.jobTitleMin],
    [{ job_title: 'x'.repeat(101) }, EXPERIENCE_MESSAGES.jobTitleMax],
    [{ nameBusiness: 'ab' }, EXPERIENCE_MESSAGES.companyMin],
    [{ location: 'x'.repeat(101) }, EXPERIENCE_MESSAGES.locationMax],
    [{ typeEmployment: 'Freelance' }, EXPERIENCE_MESSAGES.employmentType],
    [{ start_date: '2021-02-30' }, EXPERIENCE_MESSAGES.date],
    [{ end_date: '2020-01-01' }, EXPERIENCE_MESSAGES.endBeforeStart],
    [{ job_description: 'x'.repeat(1301) }, EXPERIENCE_MESSAGES.descriptionMax],
    [{ job_description: null }, EXPERIENCE_MESSAGES.required],
  ])('refuses %j with a Spanish 400 and writes nothing', async (change, message) => {
    const a = await userWithSession(p)
    const res = await api.post(`${BASE}/add-experience-work`, { ...experience, ...change }, a.headers)
    expect(res.status).toBe(400)
    expect(([] as string[]).concat(res.body.message)).toContain(message)
    expect(await p.db.selectFrom('work_experience').select('id').execute()).toHaveLength(0)
  })

  it('stores «Trabajo actual» as a null end date, counts its duration up to today, and can end it later', async () => {
    const a = await userWithSession(p)
    const { end_date: _e, ...open } = experience
    const created = await api.post(
      `${BASE}/add-experience-work`,
      { ...open, start_date: '2020-01-01', current_job: true },
      a.headers,
    )
    expect(created.status).toBe(201)
    const id = created.body.experience.id_ew as number
    expect(created.body.experience.end_date).toBeNull()
    const row = await p.db
      .selectFrom('work_experience')
      .select('end_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.end_date).toBeNull()
    // From 2020-01-01 to today: whole years, never «Menos de 1 mes».
    const loaded = await api.get(`${BASE}/get-experience-work-for-update/${id}`, a.headers)
    expect(loaded.body).toMatchObject({ end_date: null })
    expect(loaded.body.duration).toMatch(/^\d+ años/)
    // An end date sent along with current_job is ignored, as the form without JS does.
    const ignored = await api.put(
      `${BASE}/update-experience-work/${id}`,
      { ...experience, start_date: '2020-01-01', end_date: '2019-01-01', current_job: true },
      a.headers,
    )
    expect(ignored.status).toBe(200)
    expect(ignored.body.experience.end_date).toBeNull()
    // Unchecked, the end date is required again; with one, the job is over.
    const missing = await api.put(
      `${BASE}/update-experience-work/${id}`,
      { ...open, start_date: '2020-01-01', current_job: false },
      a.headers,
    )
    expect(missing.status).toBe(400)
    expect([missing.body.message].flat()).toContain(EXPERIENCE_MESSAGES.required)
    const ended = await api.put(
      `${BASE}/update-experience-work/${id}`,
      { ...experience, start_date: '2020-01-01', end_date: '2021-01-01', current_job: false },
      a.headers,
    )
    expect(ended.body.experience).toMatchObject({ end_date: '2021-01-01', duration: '1 año' })
  })

  it('refuses a current_job that is not a boolean', async () => {
    const a = await userWithSession(p)
    const res = await api.post(`${BASE}/add-experience-work`, { ...experience, current_job: 'sí' }, a.headers)
    expect(res.status).toBe(400)
    expect([res.body.message].flat()).toContain('Valor inválido')
  })

  it('refuses a malformed body', async () => {
    const a = await userWithSession(p)
    const res = await api.call('POST', `${BASE}/add-experience-work`, {
      body: '{nope',
      headers: { ...a.headers, 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect((await api.post(`${BASE}/add-experience-work`, [1, 2], a.headers)).status).toBe(400)
  })

  it("keeps each driver's experience private", async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    const id = (await api.post(`${BASE}/add-experience-work`, experience, a.headers)).body.experience.id_ew
    expect((await api.get(`${BASE}/get-experience-work`, b.headers)).body).toEqual([])
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, b.headers)).status).toBe(404)
    expect(
      (await api.put(`${BASE}/update-experience-work/${id}`, { ...experience, job_title: 'Robado' }, b.headers)).status,
    ).toBe(404)
    expect((await api.delete(`${BASE}/delete-experience-work/${id}`, b.headers)).status).toBe(404)
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, a.headers)).body.job_title).toBe(
      experience.job_title,
    )
  })

  it('answers 401 without a token and 403 to a company', async () => {
    const company = await userWithSession(p, 'business')
    expect((await api.get(`${BASE}/get-experience-work`)).status).toBe(401)
    expect((await api.post(`${BASE}/add-experience-work`, experience)).status).toBe(401)
    expect((await api.get(`${BASE}/get-experience-work`, company.headers)).status).toBe(403)
    expect((await api.post(`${BASE}/add-experience-work`, experience, company.headers)).status).toBe(403)
    expect((await api.put(`${BASE}/update-experience-work/1`, experience, company.headers)).status).toBe(403)
    expect((await api.delete(`${BASE}/delete-experience-work/1`, company.headers)).status).toBe(403)
  })
})
