import type { AppLoadContext } from 'react-router'
import { placesApi, type Place } from '#app/.server/backend/marketplace'

/** The chosen zone and region, and the lists they open (zone → region → commune). */
export interface PlaceChoice {
  zone: string
  region: string
  regions: Place[]
  communes: Place[]
}

function id(raw: unknown): number | null {
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/**
 * The regions of the chosen zone and the communes of the chosen region through the spec §7
 * lookups. A region outside the zone is dropped, so a stale choice never shows communes.
 */
export async function loadPlaces(
  context: AppLoadContext,
  zoneRaw: unknown,
  regionRaw: unknown,
  token?: string,
): Promise<PlaceChoice> {
  const zoneId = id(zoneRaw)
  const regionsRes = zoneId ? await placesApi.regions(context, zoneId, token) : null
  const regions = regionsRes?.ok ? regionsRes.data.map((r) => ({ value: r.id_region, label: r.name_region })) : []
  const regionId = id(regionRaw)
  const inZone = regionId !== null && regions.some((r) => r.value === regionId)
  const communesRes = inZone ? await placesApi.communes(context, regionId, token) : null
  const communes = communesRes?.ok ? communesRes.data.map((c) => ({ value: c.id_commune, label: c.name_commune })) : []
  return { zone: zoneId ? String(zoneId) : '', region: inZone ? String(regionId) : '', regions, communes }
}
