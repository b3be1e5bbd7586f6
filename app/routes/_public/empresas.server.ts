import type { AppLoadContext } from 'react-router'
import { listOrEmpty, publicSiteApi } from '#app/.server/backend/public-site'
import type { LocationChoice } from '#app/components/public/fleet-request-form'

function id(raw: unknown): number | null {
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

/**
 * The regions of the chosen zone and the communes of the chosen region, through the spec §7
 * lookups. A region that is not in the zone is dropped, so stale choices never show communes.
 */
export async function loadLocation(
  context: AppLoadContext,
  zoneRaw: unknown,
  regionRaw: unknown,
): Promise<LocationChoice> {
  const zoneId = id(zoneRaw)
  const regions = zoneId ? await listOrEmpty(publicSiteApi.regions(context, zoneId)) : []
  const regionId = id(regionRaw)
  const inZone = regionId !== null && regions.some((r) => r.id_region === regionId)
  const communes = inZone ? await listOrEmpty(publicSiteApi.communes(context, regionId)) : []
  return {
    zone: zoneId ? String(zoneId) : '',
    region: inZone ? String(regionId) : '',
    regions: regions.map((r) => ({ value: r.id_region, label: r.name_region })),
    communes: communes.map((c) => ({ value: c.id_commune, label: c.name_commune })),
  }
}

/** Only the zone's regions, for a fetcher that changed the zone. */
export async function loadRegions(context: AppLoadContext, zoneRaw: unknown): Promise<LocationChoice> {
  return loadLocation(context, zoneRaw, null)
}

/** Only the region's communes, for a fetcher that changed the region. */
export async function loadCommunes(context: AppLoadContext, regionRaw: unknown): Promise<LocationChoice> {
  const regionId = id(regionRaw)
  const communes = regionId ? await listOrEmpty(publicSiteApi.communes(context, regionId)) : []
  return {
    zone: '',
    region: regionId ? String(regionId) : '',
    regions: [],
    communes: communes.map((c) => ({ value: c.id_commune, label: c.name_commune })),
  }
}

export const FLEET_FIELDS = [
  'name_business',
  'fullname',
  'email',
  'phone',
  'id_vehicle',
  'quantity',
  'id_zone',
  'id_region',
  'id_commune',
  'id_schedule',
  'message',
] as const

/** What a no-JS visitor had typed before pressing 'Actualizar' (the fleet form sent by GET). */
export function fleetDraft(url: URL): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of FLEET_FIELDS) {
    const value = url.searchParams.get(key)
    if (value) out[key] = value.slice(0, 2000)
  }
  return out
}
