import { describe, expect, it } from 'vitest'
import { communes } from '#domain/reference-data/communes'
import { regions } from '#domain/reference-data/regions'
import { communeRegionOf, isCommuneCode, isRegion, REGION_COUNT } from './place-codes'

describe('places by their codes (no list in the browser)', () => {
  it('knows exactly the regions of the reference list', () => {
    const listed = new Set(regions.map((r) => r.id_region))
    expect(regions).toHaveLength(REGION_COUNT)
    for (let id = 0; id <= 20_000; id++) expect(isRegion(id), String(id)).toBe(listed.has(id))
    expect(isRegion(13_000.5)).toBe(false)
  })

  it("takes every listed commune's code, in its own region", () => {
    for (const c of communes) {
      expect(isCommuneCode(c.id_commune), String(c.id_commune)).toBe(true)
      expect(communeRegionOf(c.id_commune)).toBe(c.id_region)
    }
    expect(isCommuneCode(13_000)).toBe(false)
    expect(isCommuneCode(17_101)).toBe(false)
  })
})
