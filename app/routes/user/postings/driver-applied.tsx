import { useLoaderData } from 'react-router'
import { OwnPostings } from '#app/components/marketplace/own-postings'
import type { Route } from './+types/driver-applied'
import { ownPostingsPage, postingAction } from './driver-postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Mis postulaciones | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  return ownPostingsPage(request, context, 'applied')
}

export async function action({ request, context }: Route.ActionArgs) {
  return postingAction(request, context)
}

export default function DriverAppliedRoute() {
  const d = useLoaderData<typeof loader>()
  return <OwnPostings kind="applied" postings={d.postings} count={d.count} page={d.page} error={d.error} />
}
