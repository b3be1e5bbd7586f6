import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'

describe.each(engines)('general-data lookups on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeAll(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterAll(async () => p.destroy())

  it('lists the regions of a zone in the spec order', async () => {
    const res = await api.get('/general-data/get-filtered-regions/1')
    expect(res.status).toBe(200)
    expect(res.body.map((r: { name_region: string }) => r.name_region)).toEqual([
      'Tarapacá',
      'Antofagasta',
      'Atacama',
      'Coquimbo',
      'Arica y Parinacota',
    ])
    const centro = await api.get('/general-data/get-filtered-regions/2')
    expect(centro.body).toHaveLength(6)
    expect(centro.body.map((r: { id_region: number }) => r.id_region)).toContain(13000)
  })

  it('lists the communes of a region with their official codes', async () => {
    const res = await api.get('/general-data/get-filtered-communes/13000')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(52)
    expect(res.body).toEqual(
      expect.arrayContaining([{ id_commune: 13101, name_commune: 'Santiago Centro', id_region: 13000 }]),
    )
    const names = res.body.map((c: { name_commune: string }) => c.name_commune)
    expect(names.indexOf('Ñuñoa')).toBeLessThan(names.indexOf('Vitacura'))
    const all = await p.db
      .selectFrom('communes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(all.n)).toBe(346)
  })

  it('answers unknown or malformed ids without a 500', async () => {
    expect((await api.get('/general-data/get-filtered-regions/99')).body).toEqual([])
    expect((await api.get('/general-data/get-filtered-regions/abc')).status).toBe(404)
    expect((await api.get('/general-data/get-filtered-communes/-1')).status).toBe(404)
  })

  it('gives the filter data only to a driver session', async () => {
    const res = await api.get('/general-data/get-all-datas-filters')
    expect(res.status).toBe(401)
    expect(typeof res.body.message).toBe('string')
  })

  it('answers unknown paths with a JSON 404', async () => {
    const res = await api.get('/general-data/no-existe')
    expect(res.status).toBe(404)
    expect(res.body.message).toBeTruthy()
  })
})
