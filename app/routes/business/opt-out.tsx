import { accountClosureLoader, pauseAction } from '#app/.server/account-closure'
import { PauseProfilePage } from '#app/components/privacy/account-closure'
import { pagePath } from '#app/paths'
import type { Route } from './+types/opt-out'

export const meta: Route.MetaFunction = () => [{ title: 'Correos no esenciales | Panel de empresa | Fleeters' }]

const OPT_OUT_PATH = pagePath('/business/dashboard/mis-datos/pausar')

/** A company's opposition to non-essential mails (Ley 21.719; decision 76). */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountClosureLoader(request, context, 'business')
}

export function action({ request, context }: Route.ActionArgs) {
  return pauseAction(request, context, 'business', OPT_OUT_PATH)
}

export default function CompanyOptOut({ loaderData, actionData }: Route.ComponentProps) {
  return <PauseProfilePage area="business" state={loaderData} feedback={actionData} />
}
