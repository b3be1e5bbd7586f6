import type { Route } from './+types/empresas-ubicaciones'
import { loadCommunes, loadRegions } from './empresas.server'

/** GET /empresas/ubicaciones?id_zone=… or ?id_region=…: what the fleet form's fetchers load. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const region = url.searchParams.get('id_region')
  const choice = region
    ? await loadCommunes(context, region)
    : await loadRegions(context, url.searchParams.get('id_zone'))
  return Response.json(choice, { headers: { 'Cache-Control': 'public, max-age=3600' } })
}
