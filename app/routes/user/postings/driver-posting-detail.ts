import { requireSession } from '#app/.server/auth'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import type { Route } from './+types/driver-posting-detail'

/**
 * GET /user/dashboard/job-postings/detalle/:id: the posting the page opens by its hash (with JS).
 * Always 200 with the status inside, so a missing posting shows a message, not the error page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id <= 0) return Response.json({ posting: null, status: 404 })
  const res = await driverPostingsApi.byId(context, session.token, id)
  if (!res.ok) return Response.json({ posting: null, status: res.status })
  return Response.json({ posting: res.data, status: 200 }, { headers: { 'Cache-Control': 'private, no-store' } })
}
