import { useLoaderData } from 'react-router'
import { OwnPostings } from '#app/components/marketplace/own-postings'
import type { Route } from './+types/driver-saved'
import { ownPostingsPage, postingAction } from './driver-postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Ofertas guardadas | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  return ownPostingsPage(request, context, 'saved')
}

export async function action(args: Route.ActionArgs) {
  return postingAction(args)
}

export default function DriverSavedRoute() {
  const d = useLoaderData<typeof loader>()
  return <OwnPostings kind="saved" postings={d.postings} count={d.count} page={d.page} error={d.error} />
}
