/**
 * Places by their CUT codes, with no list: Chile's 16 regions are 1000…16000
 * (the reference list's ids, domain/reference-data/regions.ts; place-codes.test.ts holds them
 * together) and a commune's code carries its region (13101 is in region 13000). The forms check a
 * commune this way rather than against the 346-entry list, which a page would otherwise load on
 * its form's first focus; the services check the commune exists before writing it
 * (services/business/places.ts, the users service's profile).
 */

export const PLACE_MESSAGES = {
  invalidOption: 'Selecciona una opción válida',
  regionOutsideZone: 'La región no pertenece a la zona seleccionada',
  communeOutsideRegion: 'La comuna no pertenece a la región seleccionada',
} as const

/** The number of Chile's regions: ids 1000 to 16000. */
export const REGION_COUNT = 16

export const isRegion = (id: number) =>
  Number.isInteger(id) && id % 1000 === 0 && id >= 1000 && id <= REGION_COUNT * 1000

/** A commune's CUT code carries its region: 13101 is in region 13 (id 13000). */
export function communeRegionOf(communeId: number): number {
  return Math.floor(communeId / 1000) * 1000
}

/** A commune's code in a known region (the services check the commune itself before writing). */
export const isCommuneCode = (id: number) => id % 1000 >= 101 && isRegion(communeRegionOf(id))
