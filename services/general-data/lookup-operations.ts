import type { Platform } from '#services/platform/platform'

/**
 * The places and vehicles the forms and filters offer, as operations `(platform, input) → result`
 * read from the reference tables. The routes (index.ts) answer with the result; tests and scripts
 * call the operations directly. None of them depends on who asks, so none takes an actor.
 */

/** A zone, a region: the id of the call's path. */
interface ParentId {
  id: number
}

/** The regions of a zone, by id; none for an unknown zone. */
export async function listRegionsByZone(p: Pick<Platform, 'db'>, { id }: ParentId) {
  return p.db.selectFrom('regions').selectAll().where('zone_id', '=', id).orderBy('id_region').execute()
}

/** The communes of a region, by name; none for an unknown region. */
export async function listCommunesByRegion(p: Pick<Platform, 'db'>, { id }: ParentId) {
  const communes = await p.db.selectFrom('communes').selectAll().where('id_region', '=', id).execute()
  // Spanish alphabetical order (Ñuñoa after Nunoa, not after Vitacura), the same on both engines.
  communes.sort((a, b) => a.name_commune.localeCompare(b.name_commune, 'es'))
  return communes
}

/** The zones and vehicles of the postings' filters, each by id. */
export async function getPostingFilters(p: Pick<Platform, 'db'>) {
  const [zones, vehicles] = await Promise.all([
    p.db.selectFrom('zones').selectAll().orderBy('id_zone').execute(),
    p.db.selectFrom('vehicles').selectAll().orderBy('id_vehicle').execute(),
  ])
  return { zones, vehicles }
}
