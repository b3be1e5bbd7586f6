import { useLoaderData } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { joinMessage } from '#app/.server/backend/client'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import { OwnPostings } from '#app/components/marketplace/own-postings'
import type { Route } from './+types/driver-saved'
import { pageFrom, postingAction } from './driver-postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Publicaciones guardadas | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const page = pageFrom(new URL(request.url))
  const res = await driverPostingsApi.saved(context, session.token, page)
  if (!res.ok) await signOutIfRefused(request, res.status)
  return {
    page,
    postings: res.ok ? res.data.jobPostings : [],
    count: res.ok ? res.data.count : 0,
    // Spec §8.
    error: res.ok ? null : `Error al obtener las publicaciones guardadas: ${joinMessage(res.message)}`,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return postingAction(request, context)
}

export default function DriverSavedRoute() {
  const d = useLoaderData<typeof loader>()
  return <OwnPostings kind="saved" postings={d.postings} count={d.count} page={d.page} error={d.error} />
}
