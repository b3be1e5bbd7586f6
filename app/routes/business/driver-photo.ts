import { requireSession } from '#app/.server/auth'
import { fetchApplicantPhoto } from '#app/.server/backend/marketplace'
import type { Route } from './+types/driver-photo'

/** An applicant's profile photo, for the company they applied to (the service checks it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const id = Number(params.id)
  const res = Number.isSafeInteger(id) && id > 0 ? await fetchApplicantPhoto(context, session.token, id) : null
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel()
    return new Response('No encontrado', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  return new Response(res.body, {
    headers: {
      'Content-Type': res.headers.get('content-type') ?? 'application/octet-stream',
      'Cache-Control': 'private, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
