import { redirect } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { joinMessage } from '#app/.server/backend/client'
import { businessApi } from '#app/.server/backend/marketplace'
import { redirectWithToast } from '#app/.server/responses'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/invite-drivers'

/**
 * POST /business/dashboard/publicaciones/:id/invitar: «Invitar a postular» of the applicants page
 * (decision 106). A plain form posts here with or without JS; the answer goes back to the posting's
 * applicants with the outcome as a toast («Invitaste a 12 conductores a postular.»).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'business')
  const id = positiveId(params.id ?? null)
  if (!id) throw new Response('No encontrado', { status: 404 })
  const back = `/business/dashboard/publicaciones/${id}#invitar`
  const res = await businessApi.inviteMatchingDrivers(context, session.token, id)
  if (!res.ok) {
    if (res.status === 404) throw new Response('No encontrado', { status: 404 })
    return redirectWithToast(back, { type: 'error', message: joinMessage(res.message) })
  }
  return redirectWithToast(back, { type: res.data.sent ? 'success' : 'info', message: res.data.message })
}

/** Only the form posts here; a visit goes to the posting's applicants. */
export function loader({ params }: Route.LoaderArgs) {
  const id = positiveId(params.id ?? null)
  return redirect(id ? `/business/dashboard/publicaciones/${id}` : '/business/dashboard')
}
