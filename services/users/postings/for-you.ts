import type { PostingsForYou } from '#domain/contract/postings'
import { communes as referenceCommunes } from '#domain/reference-data/communes'
import { findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import { communeRegionOf } from '#domain/validation/marketplace'
import type { DB } from '#services/platform/db/connect'
import { driverPostings, toDriverPostingDto } from './queries'

/** The driver home shows a few postings, with a link to the rest. */
export const FOR_YOU_LIMIT = 3

/** How many of the driver's latest applications and saves tell their vehicles and places. */
const HISTORY_ROWS = 50

function plain(s: string) {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The commune an address names as one of its comma-separated parts, the last one first
 * ('Av. Providencia 1234, Providencia' → Providencia); in the Metropolitan Region when a name is
 * in two regions. A part must be the commune's whole name: 'Av. Santiago 12' is no commune.
 */
export function communeInAddress(address: string | null | undefined): number | null {
  if (!address) return null
  for (const part of address.split(',').reverse()) {
    const name = plain(part)
    if (!name) continue
    const found = referenceCommunes.filter((c) => plain(c.name_commune) === name)
    if (found.length) return (found.find((c) => c.id_region === 13000) ?? found[0]!).id_commune
  }
  return null
}

/**
 * What the product knows of a driver's vehicles and places. First what the driver stated in
 * «Mi perfil» (vehicle type and commune, migration 0014); what is not stated there comes from
 * the driver's own choices: the vehicles and communes of the postings they applied to or saved,
 * newest first; with no communes there, the commune their profile address names. `source` says
 * which of these were used.
 */
export async function driverLeanings(
  db: DB,
  userId: number,
): Promise<{ vehicles: number[]; communes: number[]; source: PostingsForYou['source'] }> {
  const user = await db
    .selectFrom('users')
    .select(['address', 'id_vehicle', 'id_commune'])
    .where('id', '=', userId)
    .executeTakeFirst()
  const statedVehicle = user?.id_vehicle != null && findVehicle(user.id_vehicle) ? user.id_vehicle : null
  const statedCommune = user?.id_commune != null && findCommune(user.id_commune) ? user.id_commune : null
  // The history, only when the profile leaves something unstated. It starts from the driver's own
  // applications and saves (their user indexes), never from a walk over every posting.
  const rows =
    statedVehicle !== null && statedCommune !== null
      ? []
      : await db
          .selectFrom('job_postings as jp')
          .select(['jp.id_vehicle', 'jp.id_commune'])
          .where('jp.id', 'in', (eb) =>
            eb
              .selectFrom('applications as a')
              .select('a.posting_id')
              .where('a.user_id', '=', userId)
              .union(eb.selectFrom('saved_postings as sp').select('sp.posting_id').where('sp.user_id', '=', userId)),
          )
          .orderBy('jp.id', 'desc')
          .limit(HISTORY_ROWS)
          .execute()
  const activityVehicles = [...new Set(rows.map((r) => r.id_vehicle))]
  const activityCommunes = [...new Set(rows.map((r) => r.id_commune))]
  const vehicles = statedVehicle !== null ? [statedVehicle] : activityVehicles
  let communes: number[]
  let other: 'activity' | 'address' | null = null
  if (statedCommune !== null) communes = [statedCommune]
  else if (activityCommunes.length) {
    communes = activityCommunes
    other = 'activity'
  } else {
    const fromAddress = communeInAddress(user?.address)
    communes = fromAddress === null ? [] : [fromAddress]
    if (fromAddress !== null) other = 'address'
  }
  if (statedVehicle === null && activityVehicles.length) other ??= 'activity'
  if (statedVehicle === null && statedCommune === null) return { vehicles, communes, source: other }
  return {
    vehicles,
    communes,
    source: other === null ? 'profile' : other === 'activity' ? 'profile_activity' : 'profile_address',
  }
}

/**
 * «Publicaciones para ti»: open postings the driver has neither applied to nor saved, for one of
 * their vehicles (when known) in one of their communes or those communes' regions (when known);
 * their own communes first, then the newest. Nothing known of the driver: an empty list.
 */
export async function postingsForYou(db: DB, userId: number): Promise<PostingsForYou> {
  const { vehicles, communes, source } = await driverLeanings(db, userId)
  const basis = {
    source,
    vehicles: vehicles.flatMap((id) => {
      const v = findVehicle(id)
      return v ? [{ id_vehicle: v.id_vehicle, name_vehicle: v.name_vehicle }] : []
    }),
    communes: communes.flatMap((id) => {
      const c = findCommune(id)
      return c ? [{ id_commune: c.id_commune, name_commune: c.name_commune, id_region: c.id_region }] : []
    }),
  }
  if (!vehicles.length && !communes.length) return { jobPostings: [], ...basis }
  // Two newest-first walks, each on an index (status + commune or region + created_at), that
  // stop at FOR_YOU_LIMIT: the driver's own communes, then the rest of their regions. One query
  // ordered by «own commune first» would read and sort every matching posting.
  const open = () => {
    let q = driverPostings(db, userId)
      .where('jp.status', '=', 'open')
      .where('a.id', 'is', null)
      .where('sp.id', 'is', null)
    if (vehicles.length) q = q.where('jp.id_vehicle', 'in', vehicles)
    return q
  }
  const newest = <Q extends ReturnType<typeof open>>(q: Q, limit: number) =>
    q.orderBy('jp.created_at', 'desc').orderBy('jp.id', 'desc').limit(limit).execute()
  let rows: Awaited<ReturnType<typeof newest>>
  if (communes.length) {
    rows = await newest(open().where('jp.id_commune', 'in', communes), FOR_YOU_LIMIT)
    if (rows.length < FOR_YOU_LIMIT) {
      const regions = [...new Set(communes.map(communeRegionOf))]
      rows = rows.concat(
        await newest(
          open().where('jp.id_region', 'in', regions).where('jp.id_commune', 'not in', communes),
          FOR_YOU_LIMIT - rows.length,
        ),
      )
    }
  } else {
    rows = await newest(open(), FOR_YOU_LIMIT)
  }
  return { jobPostings: rows.map(toDriverPostingDto), ...basis }
}
