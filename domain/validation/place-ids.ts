/**
 * The marketplace forms' place fields (zone → region → commune: the region must be of the zone,
 * the commune of the region, by its code: place-codes.ts) and their required selects. No side
 * effects: pages fetch it on a form's first focus.
 */
import { regions } from '#domain/reference-data/regions'
import { zones } from '#domain/reference-data/zones'
import { communeRegionOf, isCommuneCode, isRegion, PLACE_MESSAGES } from './place-codes'
import { referenceId } from './reference-id'
import { CAMPO_REQUERIDO } from './submission'
import type * as z from './zod'

export { communeRegionOf, isCommuneCode, isRegion, PLACE_MESSAGES } from './place-codes'

export const isZone = (id: number) => zones.some((z) => z.id_zone === id)
const findRegion = (id: number) => regions.find((r) => r.id_region === id)

/** The region must be of the zone, the commune of the region. */
export function locationRefinement(
  value: { id_zone?: number; id_region?: number; id_commune?: number },
  ctx: z.core.$RefinementCtx,
) {
  if (
    value.id_region !== undefined &&
    value.id_zone !== undefined &&
    findRegion(value.id_region)?.zone_id !== value.id_zone
  ) {
    ctx.addIssue({ code: 'custom', message: PLACE_MESSAGES.regionOutsideZone, path: ['id_region'] })
  } else if (
    value.id_commune !== undefined &&
    value.id_region !== undefined &&
    communeRegionOf(value.id_commune) !== value.id_region
  ) {
    ctx.addIssue({ code: 'custom', message: PLACE_MESSAGES.communeOutsideRegion, path: ['id_commune'] })
  }
}

/**
 * A required select of the marketplace's forms: blank is 'Campo requerido', an unknown id
 * 'Selecciona una opción válida'.
 */
export const choiceId = (exists: (id: number) => boolean) =>
  referenceId(exists, CAMPO_REQUERIDO, PLACE_MESSAGES.invalidOption)
export const zoneId = () => choiceId(isZone)
export const regionId = () => choiceId(isRegion)
export const communeId = () => choiceId(isCommuneCode)
