import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicles, zones } from '#domain/reference-data'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { getPostingFilters, listCommunesByRegion, listRegionsByZone } from './lookup-operations'

/** The lookup operations called as a script would call them, without a route in between. */
describe.each(engines)('general-data lookup operations on %s', (engine) => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await createTestPlatform(engine)
  })
  afterAll(async () => p.destroy())

  it("lists a zone's regions by id, and none of an unknown zone", async () => {
    expect((await listRegionsByZone(p, { id: 1 })).map((r) => [r.id_region, r.name_region, r.zone_id])).toEqual([
      [1000, 'Tarapacá', 1],
      [2000, 'Antofagasta', 1],
      [3000, 'Atacama', 1],
      [4000, 'Coquimbo', 1],
      [15000, 'Arica y Parinacota', 1],
    ])
    expect(await listRegionsByZone(p, { id: 99 })).toEqual([])
  })

  it("lists a region's communes in Spanish alphabetical order, and none of an unknown region", async () => {
    const communes = await listCommunesByRegion(p, { id: 13000 })
    expect(communes).toHaveLength(52)
    const names = communes.map((c) => c.name_commune)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')))
    expect(names.slice(0, 3)).toEqual(['Alhué', 'Buin', 'Calera de Tango'])
    expect(names.indexOf('Ñuñoa')).toBeLessThan(names.indexOf('Vitacura'))
    expect(await listCommunesByRegion(p, { id: 99 })).toEqual([])
  })

  it('gives the filters every zone and vehicle, each by id', async () => {
    expect(await getPostingFilters(p)).toEqual({
      zones: [...zones].sort((a, b) => a.id_zone - b.id_zone),
      vehicles: [...vehicles].sort((a, b) => a.id_vehicle - b.id_vehicle),
    })
  })
})
