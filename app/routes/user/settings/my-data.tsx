import { myDataAction, myDataLoader } from '#app/.server/my-data'
import { MyDataPage } from '#app/components/privacy/my-data'
import type { Route } from './+types/my-data'

export const meta: Route.MetaFunction = () => [{ title: 'Mis datos | Fleeters' }]

/** The driver's «Mis datos» (Ley 21.719; decision 75): export, rectification, requests, account. */
export function loader({ request, context }: Route.LoaderArgs) {
  return myDataLoader(request, context, 'User')
}

export function action({ request, context }: Route.ActionArgs) {
  return myDataAction(request, context, 'User')
}

export default function MyDataRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MyDataPage view={loaderData} feedback={actionData} />
}
