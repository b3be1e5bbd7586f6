/**
 * The place fields' rule (zone → region → commune), for the marketplace's forms and the driver's
 * profile: a commune is checked by its CUT code (region = code ÷ 1000, the reference list's own
 * rule) rather than against the 346-entry list, which a page would otherwise load on its form's
 * first focus; the services check the commune exists before writing it (services/business/
 * places.ts, the users service's profile). Also the marketplace forms' required selects. No side
 * effects: pages fetch it on a form's first focus.
 */
import { regions } from '#domain/reference-data/regions'
import { zones } from '#domain/reference-data/zones'
import { referenceId } from './reference-id'
import { CAMPO_REQUERIDO } from './submission'
import type * as z from './zod'

export const PLACE_MESSAGES = {
  invalidOption: 'Selecciona una opción válida',
  regionOutsideZone: 'La región no pertenece a la zona seleccionada',
  communeOutsideRegion: 'La comuna no pertenece a la región seleccionada',
} as const

export const isZone = (id: number) => zones.some((z) => z.id_zone === id)
const findRegion = (id: number) => regions.find((r) => r.id_region === id)
export const isRegion = (id: number) => findRegion(id) !== undefined

/** A commune's CUT code carries its region: 13101 is in region 13 (id 13000). */
export function communeRegionOf(communeId: number): number {
  return Math.floor(communeId / 1000) * 1000
}

/** A commune's code in a known region (the services check the commune itself before writing). */
export const isCommuneCode = (id: number) => id % 1000 >= 101 && isRegion(communeRegionOf(id))

/** The region must be of the zone, the commune of the region. */
export function locationRefinement(value: { id_zone?: number; id_region?: number; id_commune?: number }, ctx: z.core.$RefinementCtx) {
  if (value.id_region !== undefined && value.id_zone !== undefined && findRegion(value.id_region)?.zone_id !== value.id_zone) {
    ctx.addIssue({ code: 'custom', message: PLACE_MESSAGES.regionOutsideZone, path: ['id_region'] })
  } else if (value.id_commune !== undefined && value.id_region !== undefined && communeRegionOf(value.id_commune) !== value.id_region) {
    ctx.addIssue({ code: 'custom', message: PLACE_MESSAGES.communeOutsideRegion, path: ['id_commune'] })
  }
}

/** A required select of the marketplace's forms: blank is 'Campo requerido', an unknown id 'Selecciona una opción válida'. */
export const choiceId = (exists: (id: number) => boolean) => referenceId(exists, CAMPO_REQUERIDO, PLACE_MESSAGES.invalidOption)
export const zoneId = () => choiceId(isZone)
export const regionId = () => choiceId(isRegion)
export const communeId = () => choiceId(isCommuneCode)
