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
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, a.headers)).body.job_title).toBe('Conductor de reparto')
    // The update may name the fields as stored.
    const { nameBusiness: _n, typeEmployment: _t, ...rest } = experience
    const updated = await api.put(
      `${BASE}/update-experience-work/${id}`,
      { ...rest, company_name: 'Mercado Sur', type_employment: 'Jornada parcial', end_date: '2021-04-20' },
      a.headers,
    )
    expect(updated.status).toBe(200)
    expect(updated.body.experience).toMatchObject({ company_name: 'Mercado Sur', type_employment: 'Jornada parcial', duration: '1 mes' })
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

  it('refuses a malformed body', async () => {
    const a = await userWithSession(p)
    const res = await api.call('POST', `${BASE}/add-experience-work`, { body: '{nope', headers: { ...a.headers, 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect((await api.post(`${BASE}/add-experience-work`, [1, 2], a.headers)).status).toBe(400)
  })

  it("keeps each driver's experience private", async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    const id = (await api.post(`${BASE}/add-experience-work`, experience, a.headers)).body.experience.id_ew
    expect((await api.get(`${BASE}/get-experience-work`, b.headers)).body).toEqual([])
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, b.headers)).status).toBe(404)
    expect((await api.put(`${BASE}/update-experience-work/${id}`, { ...experience, job_title: 'Robado' }, b.headers)).status).toBe(404)
    expect((await api.delete(`${BASE}/delete-experience-work/${id}`, b.headers)).status).toBe(404)
    expect((await api.get(`${BASE}/get-experience-work-for-update/${id}`, a.headers)).body.job_title).toBe(experience.job_title)
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
