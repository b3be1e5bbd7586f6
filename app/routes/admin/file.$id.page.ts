import { fetchAdminFilePage } from '#app/.server/backend/admin'
import type { Route } from './+types/file.$id.page'
import { proxyAdminFile, requireAdmin } from './admin.server'

/** One page of a driver's PDF, drawn as an image by the service, for the console's document viewer. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  if (!/^\d{1,12}$/.test(params.id) || !/^[1-9]\d{0,2}$/.test(params.page))
    return new Response('No encontrado', { status: 404 })
  return proxyAdminFile(await fetchAdminFilePage(context, session.token, params.id, params.page))
}
