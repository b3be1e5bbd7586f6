import { accountClosureLoader, deleteAccountAction } from '#app/.server/account-closure'
import { DeleteAccountPage } from '#app/components/privacy/account-closure'
import type { Route } from './+types/delete-account'

export const meta: Route.MetaFunction = () => [{ title: 'Eliminar mi cuenta | Panel de empresa | Fleeters' }]

/** «Eliminar mi cuenta» of a company (Ley 21.719, supresión; decision 76). */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountClosureLoader(request, context, 'business')
}

export function action({ request, context }: Route.ActionArgs) {
  return deleteAccountAction(request, context, 'business')
}

export default function CompanyDeleteAccount({ actionData }: Route.ComponentProps) {
  return <DeleteAccountPage area="business" feedback={actionData} />
}
