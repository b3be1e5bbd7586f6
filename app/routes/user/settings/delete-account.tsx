import { accountClosureLoader, deleteAccountAction } from '#app/.server/account-closure'
import { DeleteAccountPage } from '#app/components/privacy/account-closure'
import type { Route } from './+types/delete-account'

export const meta: Route.MetaFunction = () => [{ title: 'Eliminar mi cuenta | Panel del conductor | Fleeters' }]

/** «Eliminar mi cuenta» of a driver (Ley 21.719, supresión; decision 76). */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountClosureLoader(request, context, 'User')
}

export function action({ request, context }: Route.ActionArgs) {
  return deleteAccountAction(request, context, 'User')
}

export default function DriverDeleteAccount({ actionData }: Route.ComponentProps) {
  return <DeleteAccountPage area="User" feedback={actionData} />
}
