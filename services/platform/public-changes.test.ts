import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { business, companyAccount, postingBody } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'

/**
 * The cached public content is emptied only by writes that change what the public pages
 * show. The services say so (platform.publicContentChanged, which server.ts turns into an
 * invalidation of every process's caches) after such a write succeeds, and only then.
 */
describe.each(engines)('writes that change public content on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  it('logins, searches and driver-area writes say nothing', async () => {
    const driver = await userWithSession(p)
    const andes = await companyAccount(p)
    expect((await api.post('/auth/login', { email: driver.user.email, password: 'otraClave99' })).status).toBe(401)
    expect((await api.post('/business/search-my-job-postings', { search: 'reparto' }, business(andes))).status).toBe(
      200,
    )
    expect(
      (
        await api.post(
          '/users/update-data-user',
          { firstname: 'Vale', lastname: 'Rojas', address: '', about_me: '' },
          driver.headers,
        )
      ).status,
    ).toBe(200)
    expect(p.publicChanges()).toBe(0)
  })

  it('a company posting created, edited, closed and deleted, once each; a refused one not', async () => {
    const andes = await companyAccount(p)
    expect((await api.post('/business/create-job-posting', postingBody({ title: '' }), business(andes))).status).toBe(
      400,
    )
    expect(p.publicChanges()).toBe(0)
    const created = await api.post('/business/create-job-posting', postingBody(), business(andes))
    expect(created.status).toBe(201)
    expect(p.publicChanges()).toBe(1)
    expect(
      (
        await api.put(
          `/business/update-job-posting/${created.body.id}`,
          postingBody({ title: 'Ruta actualizada de la tarde' }),
          business(andes),
        )
      ).status,
    ).toBe(200)
    expect(p.publicChanges()).toBe(2)
    // The company closing it takes it off the home page too.
    expect((await api.put(`/business/close-job-posting/${created.body.id}`, {}, business(andes))).status).toBe(200)
    expect(p.publicChanges()).toBe(3)
    expect((await api.delete(`/business/delete-job-posting/${created.body.id}`, business(andes))).status).toBe(200)
    expect(p.publicChanges()).toBe(4)
  })

  it('console content edits (FAQ, statistics) and a posting closed by the team', async () => {
    const admin = await userWithSession(p, 'admin')
    const andes = await companyAccount(p)
    const created = await api.post('/business/create-job-posting', postingBody(), business(andes))
    const before = p.publicChanges()
    expect(
      (
        await api.post(
          '/admin/content/faqs',
          { question: '¿Cómo postulo?', answers: ['Desde el área de conductores.'] },
          admin.headers,
        )
      ).status,
    ).toBe(201)
    expect(p.publicChanges()).toBe(before + 1)
    const stat = await p.db.selectFrom('statistics').select('id').executeTakeFirstOrThrow()
    expect(
      (
        await api.put(
          `/admin/content/statistics/${stat.id}`,
          { title: 'Conductores', value: '1.200', description: 'validados' },
          admin.headers,
        )
      ).status,
    ).toBe(200)
    expect(p.publicChanges()).toBe(before + 2)
    expect(
      (
        await api.post(
          `/admin/postings/${created.body.id}/close`,
          { reason: 'Oferta duplicada por error de la empresa.' },
          admin.headers,
        )
      ).status,
    ).toBe(200)
    expect(p.publicChanges()).toBe(before + 3)
    // Reading the console changes nothing.
    expect((await api.get('/admin/content', admin.headers)).status).toBe(200)
    expect(p.publicChanges()).toBe(before + 3)
  })
})
