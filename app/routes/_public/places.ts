import { loadPlaces } from '#app/.server/places'
import { getSession } from '#app/.server/session'
import type { Route } from './+types/places'

/**
 * GET /ubicaciones?id_zone=… (regions) or ?id_zone=…&id_region=… (and communes): what the
 * cascading selects' fetchers load. A driver's session token goes along (spec §7).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const session = await getSession(request)
  const token = session?.user.role === 'User' ? session.token : undefined
  const choice = await loadPlaces(context, url.searchParams.get('id_zone'), url.searchParams.get('id_region'), token)
  return Response.json(choice, { headers: { 'Cache-Control': 'private, max-age=3600' } })
}
