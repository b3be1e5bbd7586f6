import { communes, type Commune } from './communes'
import { regions, type Region } from './regions'
import { zones, type Zone } from './zones'

const zoneById = new Map(zones.map((z) => [z.id_zone, z]))
const regionById = new Map(regions.map((r) => [r.id_region, r]))
const communeById = new Map(communes.map((c) => [c.id_commune, c]))

const byName = (a: string, b: string) => a.localeCompare(b, 'es')

/** Ids may arrive as strings (query parameters, form fields). */
function toId(id: number | string): number {
  return typeof id === 'number' ? id : /^\d+$/.test(id.trim()) ? Number(id.trim()) : NaN
}

export function findZone(id: number | string): Zone | undefined {
  return zoneById.get(toId(id))
}

export function findRegion(id: number | string): Region | undefined {
  return regionById.get(toId(id))
}

export function findCommune(id: number | string): Commune | undefined {
  return communeById.get(toId(id))
}

/** Communes of a region, sorted by name (Spanish collation); [] for an unknown region. */
export function communesByRegion(regionId: number | string): Commune[] {
  const id = toId(regionId)
  return communes.filter((c) => c.id_region === id).sort((a, b) => byName(a.name_commune, b.name_commune))
}

/** True when the commune exists and belongs to the region (and the region to the zone, if given). */
export function isCommuneInRegion(
  communeId: number | string,
  regionId: number | string,
  zoneId?: number | string,
): boolean {
  const commune = findCommune(communeId)
  const region = findRegion(regionId)
  if (!commune || !region || commune.id_region !== region.id_region) return false
  return zoneId === undefined || region.zone_id === toId(zoneId)
}
