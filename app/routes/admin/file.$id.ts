import { fetchAdminFile } from '../../.server/backend/admin'
import { requireAdmin } from './admin.server'
import type { Route } from './+types/file.$id'

/**
 * A driver's document for the reviewer, inline. The console's own pages may frame it (the PDF
 * viewer beside the driver's data): SAMEORIGIN instead of the site-wide DENY.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  if (!/^\d{1,12}$/.test(params.id)) return new Response('No encontrado', { status: 404 })
  const res = await fetchAdminFile(context, session.token, params.id)
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel()
    return new Response('No encontrado', { status: res?.status === 401 ? 401 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  const headers = new Headers({
    'Content-Type': res.headers.get('content-type') ?? 'application/octet-stream',
    'Content-Disposition': res.headers.get('content-disposition') ?? 'inline',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    // A PDF may carry JavaScript: the service's sandbox policy travels with it.
    'Content-Security-Policy': res.headers.get('content-security-policy') ?? 'sandbox',
  })
  const length = res.headers.get('content-length')
  if (length) headers.set('Content-Length', length)
  return new Response(res.body, { status: 200, headers })
}
