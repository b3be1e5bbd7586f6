import { securityAction, securityLoader } from '#app/.server/account-security'
import { AccountSecurityPage } from '#app/components/auth/account-security'
import { SECURITY_PATH } from '#app/components/driver/urls'
import type { Route } from './+types/security'

export const meta: Route.MetaFunction = () => [{ title: 'Seguridad | Panel del conductor | Fleeters' }]

/** The driver's account security (decision 53): password and open sessions. */
export function loader({ request, context }: Route.LoaderArgs) {
  return securityLoader(request, context, 'User')
}

export function action({ request, context }: Route.ActionArgs) {
  return securityAction(request, context, 'User', SECURITY_PATH)
}

export default function SecurityRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountSecurityPage sessions={loaderData.sessions} now={loaderData.now} feedback={actionData} />
}
