import { fetchAdminFile } from '#app/.server/backend/admin'
import type { Route } from './+types/file.$id'
import { proxyAdminFile, requireAdmin } from './admin.server'

/**
 * A driver's document for the reviewer, inline. The console's own pages may frame it (the PDF
 * viewer beside the driver's data): SAMEORIGIN instead of the site-wide DENY.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  if (!/^\d{1,12}$/.test(params.id)) return new Response('No encontrado', { status: 404 })
  return proxyAdminFile(await fetchAdminFile(context, session.token, params.id))
}
